// The GIF decoder behind every thumbnail and the object page's player: any
// bytes decode to frames of the canvas's size, within the limits asked, or
// to an error after the frames before the damage; and to exactly what
// giflib, the decoder gifscan had before its own, made of them (the same
// frames, pixels, loop count and words), as the block scan does.
#include "core/gif/gifdecoder.h"
#include "core/gif/gifprobe.h"
#include "tests/fuzz/fuzztarget.h"
#include "tests/support/giflibdecoder.h"

#include <QByteArray>

GIFSCAN_FUZZ_TARGET(gif_decoder)
{
    const QByteArray bytes(reinterpret_cast<const char *>(input.data()),
                           static_cast<qsizetype>(input.size()));
    // Small limits keep an execution short; the limits themselves are what
    // is checked, whatever their values.
    gifscan::GifLimits limits;
    limits.maxCanvas = 256;
    limits.maxFrames = 64;
    limits.maxCompositedPixels = 1'000'000;
    const gifscan::DecodedGif gif = gifscan::GifDecoder::decode(bytes, limits);
    FUZZ_ASSERT(gif.ok() || !gif.error.isEmpty());
    FUZZ_ASSERT(static_cast<int>(gif.frames.size()) <= limits.maxFrames);
    // A refused canvas may still be reported (it says why); frames never come of it.
    if (!gif.frames.empty()) {
        FUZZ_ASSERT(gif.width <= limits.maxCanvas && gif.height <= limits.maxCanvas);
        FUZZ_ASSERT(static_cast<qint64>(gif.width) * gif.height *
                        static_cast<qint64>(gif.frames.size()) <=
                    limits.maxCompositedPixels);
    }
    const std::size_t canvasBytes =
        static_cast<std::size_t>(gif.width) * static_cast<std::size_t>(gif.height) * 4;
    for (const gifscan::GifFrame &frame : gif.frames) {
        FUZZ_ASSERT(frame.rgba().size() == canvasBytes);
        FUZZ_ASSERT(frame.delayMs > 0);
    }
    // The scan never admits more frames than decoding finds in a whole file.
    if (gif.ok()) {
        const gifscan::GifProbe probe = gifscan::GifProbe::inspect(bytes, limits.maxFrames);
        FUZZ_ASSERT(probe.ok);
        FUZZ_ASSERT(probe.frames == static_cast<int>(gif.frames.size()));
    }

    const gifscan::DecodedGif reference = gifscan::test::GiflibDecoder::decode(bytes, limits);
    FUZZ_ASSERT(gif.error == reference.error);
    FUZZ_ASSERT(gif.loopCount == reference.loopCount);
    FUZZ_ASSERT(gif.frames.size() == reference.frames.size());
    for (std::size_t i = 0; i < gif.frames.size(); ++i) {
        FUZZ_ASSERT(gif.frames[i].delayMs == reference.frames[i].delayMs);
        FUZZ_ASSERT(gif.frames[i].rgba() == reference.frames[i].rgba());
    }
    const gifscan::GifProbe probe = gifscan::GifProbe::inspect(bytes, limits.maxFrames);
    const gifscan::GifProbe giflibProbe =
        gifscan::test::GiflibDecoder::inspect(bytes, limits.maxFrames);
    FUZZ_ASSERT(probe.ok == giflibProbe.ok && probe.error == giflibProbe.error &&
                probe.frames == giflibProbe.frames);
}
