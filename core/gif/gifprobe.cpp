#include "core/gif/gifprobe.h"

#include "core/gif/gifstream.h"

namespace gifscan {

bool GifProbe::hasSignature(const QByteArray &bytes)
{
    return bytes.startsWith("GIF87a") || bytes.startsWith("GIF89a");
}

GifProbe GifProbe::inspect(const QByteArray &bytes, int maxFrames)
{
    GifProbe probe;
    if (!hasSignature(bytes)) {
        probe.error = QStringLiteral("not a GIF87a or GIF89a file");
        return probe;
    }
    GifStream stream(bytes);
    GifScreen screen;
    if (const GifFault f = stream.readScreen(&screen); f != GifFault::None) {
        probe.error = gifFaultText(f);
        return probe;
    }
    probe.canvasWidth = screen.width;
    probe.canvasHeight = screen.height;
    // Walk the blocks and step over pixel data as sub-blocks: no frame
    // buffer is ever allocated, whatever the file declares. The words of a
    // refusal are part of a failed mint's receipt: they stay as they were.
    GifFault fault = GifFault::None;
    GifStream::Block block = GifStream::Block::Image;
    while (fault == GifFault::None && block != GifStream::Block::Trailer) {
        if ((fault = stream.nextBlock(&block)) != GifFault::None)
            break;
        if (block == GifStream::Block::Image) {
            GifImageHeader image;
            if ((fault = stream.readImageHeader(&image)) != GifFault::None)
                break;
            if (++probe.frames > maxFrames)
                break;
            fault = stream.skipSubBlocks();
        } else if (block == GifStream::Block::Extension) {
            int label = 0;
            if ((fault = stream.readExtensionLabel(&label)) == GifFault::None)
                fault = stream.skipSubBlocks();
        }
    }
    if (fault != GifFault::None)
        probe.error = QStringLiteral("corrupt GIF: %1").arg(gifFaultText(fault));
    else if (probe.frames > maxFrames)
        probe.error = QStringLiteral("more than %1 frames").arg(maxFrames);
    else if (probe.frames == 0)
        probe.error = QStringLiteral("no frames");
    else
        probe.ok = true;
    return probe;
}

} // namespace gifscan
