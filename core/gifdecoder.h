#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <vector>

namespace gifscan {

struct GifLimits
{
    qsizetype maxInputBytes = 512 * 1024;
    int maxCanvas = 1024;
    int maxFrames = 1000;
    qint64 maxCompositedPixels = 64'000'000; // canvas pixels × frames, in all
};

struct GifFrame
{
    std::vector<std::uint8_t> rgba; // the whole canvas, straight (not premultiplied) RGBA
    int delayMs = 100;
};

struct DecodedGif
{
    int width = 0;
    int height = 0;
    int loopCount = 1; // 0: forever (NETSCAPE2.0 with 0); 1: no loop block
    std::vector<GifFrame> frames;
    QString error;     // empty when the whole file decoded
    bool ok() const { return error.isEmpty(); }
};

// Decodes a GIF from memory into composited frames, as browsers show them:
// disposal none / background (the rectangle becomes transparent) / previous,
// transparency, interlace, local and global palettes, frames clipped to the
// canvas, delays of 10 ms or less shown as 100 ms. Every limit is checked
// before the memory it guards is allocated. A damaged file gives an error
// together with the frames decoded before the damage. Reentrant: any thread.
class GifDecoder
{
public:
    static DecodedGif decode(const QByteArray &bytes, const GifLimits &limits = {}, int maxFrames = -1);
};

} // namespace gifscan
