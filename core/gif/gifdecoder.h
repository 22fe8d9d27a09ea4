#pragma once

#include <QByteArray>
#include <QString>
#include <cstdint>
#include <memory>
#include <vector>

namespace gifscan {

enum class GifFault;
struct GifImageHeader;

struct GifLimits
{
    qsizetype maxInputBytes = 512 * 1024;
    int maxCanvas = 1024;
    int maxFrames = 1000;
    qint64 maxCompositedPixels = 64'000'000; // canvas pixels × frames, in all
};

// A composited frame: the whole canvas, straight (not premultiplied) RGBA.
// Frames share pixels copy-on-write, as QImage does: a reader that lets go
// of the previous frame before asking for the next costs no canvas copy.
struct GifFrame
{
    std::shared_ptr<const std::vector<std::uint8_t>> pixels;
    int delayMs = 100;

    const std::vector<std::uint8_t> &rgba() const
    {
        static const std::vector<std::uint8_t> none;
        return pixels ? *pixels : none;
    }
};

struct DecodedGif
{
    int width = 0;
    int height = 0;
    int loopCount = -1; // GIF's "excludes" count: 0 loops forever; -1: no loop block, play once
    std::vector<GifFrame> frames;
    QString error; // empty when the whole file decoded
    bool ok() const { return error.isEmpty(); }
};

// Decodes a GIF from memory into composited frames, as browsers show them:
// disposal none / background (the frame's rectangle becomes transparent) /
// previous, transparency, interlace, local and global palettes, frames
// clipped to the canvas, delays of 10 ms or less shown as 100 ms, the first
// loop count wins. Every limit is checked before the memory it guards is
// allocated; damage gives an error after the frames decoded before it.
//
// Frames come one at a time, so a grid can show a first frame at once and
// decode the rest later. The blocks are read by GifStream and the pixels by
// LzwDecoder, straight into the frame's indexes; giflib is only the
// reference the tests hold them to (docs/ARCHITECTURE.md says why).
//
// Not thread-safe; use one decoder per thread (any thread: nothing here
// touches Qt's GUI).
class GifDecoder
{
public:
    explicit GifDecoder(QByteArray bytes, const GifLimits &limits = {});
    ~GifDecoder();
    GifDecoder(const GifDecoder &) = delete;
    GifDecoder &operator=(const GifDecoder &) = delete;

    // Reads the header; false with error() when the file cannot be a GIF within the limits.
    bool open();
    int width() const { return m_width; }
    int height() const { return m_height; }
    int loopCount() const { return m_loopCount; } // as far as read
    int framesRead() const { return m_framesRead; }

    // The next composited frame; false at the end of the file or on error.
    bool readFrame(GifFrame *frame);
    bool atEnd() const { return m_atEnd; }
    const QString &error() const { return m_error; }

    // The whole file, or its first `maxFrames` frames.
    static DecodedGif decode(const QByteArray &bytes, const GifLimits &limits = {},
                             int maxFrames = -1);

private:
    bool fail(const QString &why);
    bool fail(GifFault fault);
    bool readExtension();
    bool readIndexes(int width, int height, int minCodeSize);
    void composite(const GifImageHeader &image);

    struct Private;
    std::unique_ptr<Private> d;
    QByteArray m_bytes;
    GifLimits m_limits;
    int m_width = 0;
    int m_height = 0;
    int m_loopCount = -1;
    int m_framesRead = 0;
    bool m_atEnd = false;
    QString m_error;
};

} // namespace gifscan
