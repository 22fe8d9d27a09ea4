// The scan that refuses hostile GIFs before anything is decoded (PROTOCOL
// §3 limits): any bytes, a verdict, and a verdict within the limits asked;
// the same verdict, in the same words, as giflib's walk of the blocks gave,
// since a failed mint's receipt carries them.
#include "core/gif/gifprobe.h"
#include "tests/fuzz/fuzztarget.h"
#include "tests/support/giflibdecoder.h"

#include <QByteArray>

GIFSCAN_FUZZ_TARGET(gif_scan)
{
    const QByteArray bytes(reinterpret_cast<const char *>(input.data()),
                           static_cast<qsizetype>(input.size()));
    const gifscan::GifProbe probe = gifscan::GifProbe::inspect(bytes, 50);
    FUZZ_ASSERT(probe.ok == probe.error.isEmpty());
    if (probe.ok) {
        FUZZ_ASSERT(probe.frames >= 0 && probe.frames <= 50);
        FUZZ_ASSERT(probe.canvasWidth >= 0 && probe.canvasHeight >= 0);
    }
    const gifscan::GifProbe reference = gifscan::test::GiflibDecoder::inspect(bytes, 50);
    FUZZ_ASSERT(probe.ok == reference.ok && probe.error == reference.error &&
                probe.frames == reference.frames && probe.canvasWidth == reference.canvasWidth &&
                probe.canvasHeight == reference.canvasHeight);
}
