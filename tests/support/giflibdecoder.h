#pragma once

#include "core/gif/gifdecoder.h"
#include "core/gif/gifprobe.h"

#include <QByteArray>
#include <QString>
#include <memory>

struct GifFileType; // giflib's, from <gif_lib.h>

namespace gifscan::test {

// giflib's decoder reading bytes in memory: `input` must outlive the
// GifFileType; nullptr with giflib's error code in *error.
struct GiflibInput
{
    const QByteArray *bytes = nullptr;
    qsizetype pos = 0;
};
GifFileType *openGiflib(GiflibInput *input, int *error);

// The decoder gifscan had before its own: giflib reads the blocks and the
// LZW (DGifGetLine of a whole frame), and the frames are composited as
// they were. The differential tests and the fuzz target hold GifDecoder
// and GifProbe to its frames, pixels, loop counts and words, and the
// benchmarks measure against it. Same API as GifDecoder; any thread.
class GiflibDecoder
{
public:
    explicit GiflibDecoder(QByteArray bytes, const GifLimits &limits = {});
    ~GiflibDecoder();
    GiflibDecoder(const GiflibDecoder &) = delete;
    GiflibDecoder &operator=(const GiflibDecoder &) = delete;

    bool open();
    int width() const { return m_width; }
    int height() const { return m_height; }
    int loopCount() const { return m_loopCount; }
    bool readFrame(GifFrame *frame);
    const QString &error() const { return m_error; }

    static DecodedGif decode(const QByteArray &bytes, const GifLimits &limits = {},
                             int maxFrames = -1);
    // GifProbe::inspect as giflib walked the blocks.
    static GifProbe inspect(const QByteArray &bytes, int maxFrames = 1000);

private:
    bool fail(const QString &why);
    bool readExtension();
    bool readIndexes(int width, int height, bool interlaced);

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

} // namespace gifscan::test
