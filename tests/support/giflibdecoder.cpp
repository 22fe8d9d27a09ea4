#include "tests/support/giflibdecoder.h"

#include "core/gif/gifprobe.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <gif_lib.h>
#include <limits>

namespace gifscan::test {

namespace {
int readMemory(GifFileType *gif, GifByteType *buf, int len)
{
    auto *in = static_cast<GiflibInput *>(gif->UserData);
    const qsizetype n = std::min<qsizetype>(len, in->bytes->size() - in->pos);
    if (n <= 0)
        return 0;
    std::memcpy(buf, in->bytes->constData() + in->pos, static_cast<std::size_t>(n));
    in->pos += n;
    return static_cast<int>(n);
}
} // namespace

GifFileType *openGiflib(GiflibInput *input, int *error)
{
    return DGifOpen(input, readMemory, error);
}

struct GiflibDecoder::Private
{
    GiflibInput input;
    GifFileType *gif = nullptr;
    std::shared_ptr<std::vector<std::uint8_t>> canvas;
    std::vector<std::uint8_t> beforeFrame; // for DISPOSE_PREVIOUS
    GraphicsControlBlock gcb{DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
    int lastDisposal = DISPOSAL_UNSPECIFIED;
    GifImageDesc lastRect{};
    std::vector<GifPixelType> indexes;
    std::vector<GifPixelType> deinterlaced;

    ~Private()
    {
        int err = 0;
        if (gif)
            DGifCloseFile(gif, &err);
    }
    void resetControl()
    {
        gcb = GraphicsControlBlock{DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
    }
};

namespace {
QString giflibError(const GifFileType *gif)
{
    const char *text = GifErrorString(gif->Error);
    return text ? QString::fromLatin1(text) : QStringLiteral("corrupt GIF data");
}
} // namespace

GiflibDecoder::GiflibDecoder(QByteArray bytes, const GifLimits &limits)
    : d(std::make_unique<Private>()), m_bytes(std::move(bytes)), m_limits(limits)
{
}

GiflibDecoder::~GiflibDecoder() = default;

bool GiflibDecoder::fail(const QString &why)
{
    m_error = why;
    m_atEnd = true;
    return false;
}

bool GiflibDecoder::open()
{
    if (m_bytes.size() > m_limits.maxInputBytes)
        return fail(QStringLiteral("%1 bytes is over the limit of %2")
                        .arg(m_bytes.size())
                        .arg(m_limits.maxInputBytes));
    // What the scan below refuses is refused here too: a file it cannot
    // count the frames of must not reach the decoder uncounted.
    if (!GifProbe::hasSignature(m_bytes))
        return fail(QStringLiteral("not a GIF87a or GIF89a file"));
    d->input.bytes = &m_bytes;
    int err = 0;
    d->gif = openGiflib(&d->input, &err);
    if (!d->gif)
        return fail(QString::fromLatin1(GifErrorString(err)));
    m_width = d->gif->SWidth;
    m_height = d->gif->SHeight;
    if (m_width < 1 || m_height < 1 || m_width > m_limits.maxCanvas ||
        m_height > m_limits.maxCanvas)
        return fail(QStringLiteral("canvas %1×%2 is outside 1×1 to %3×%3")
                        .arg(m_width)
                        .arg(m_height)
                        .arg(m_limits.maxCanvas));
    // The frame count and the pixels they composite come from a scan of the
    // file's blocks (no LZW, nothing allocated) before a frame is decoded:
    // 20,000 frames on a 1024² canvas are refused here, not after sixty
    // composited canvases. A scan that meets damage counts what it passed,
    // and decoding then stops at the damage as before.
    const GifProbe probe = GiflibDecoder::inspect(m_bytes, m_limits.maxFrames);
    if (probe.frames > m_limits.maxFrames)
        return fail(QStringLiteral("more than %1 frames").arg(m_limits.maxFrames));
    if (static_cast<qint64>(probe.frames) * m_width * m_height > m_limits.maxCompositedPixels)
        return fail(QStringLiteral("%1 frames of %2×%3 are more than %4 composited pixels")
                        .arg(probe.frames)
                        .arg(m_width)
                        .arg(m_height)
                        .arg(m_limits.maxCompositedPixels));
    d->canvas = std::make_shared<std::vector<std::uint8_t>>(
        static_cast<std::size_t>(m_width) * static_cast<std::size_t>(m_height) * 4, 0);
    return true;
}

bool GiflibDecoder::readExtension()
{
    int code = 0;
    GifByteType *ext = nullptr;
    if (DGifGetExtension(d->gif, &code, &ext) == GIF_ERROR)
        return fail(giflibError(d->gif));
    // Of several graphic controls before a frame, the last one applies.
    if (code == GRAPHICS_EXT_FUNC_CODE && ext && ext[0] >= 4)
        DGifExtensionToGCB(ext[0], ext + 1, &d->gcb);
    bool netscape = code == APPLICATION_EXT_FUNC_CODE && ext && ext[0] == 11 &&
                    std::memcmp(ext + 1, "NETSCAPE2.0", 11) == 0;
    while (ext) {
        if (DGifGetExtensionNext(d->gif, &ext) == GIF_ERROR)
            return fail(giflibError(d->gif));
        if (netscape && ext && ext[0] >= 3 && ext[1] == 1) {
            if (m_loopCount < 0) // the first loop count wins, as in browsers
                m_loopCount = ext[2] | ext[3] << 8;
            netscape = false;
        }
    }
    return true;
}

bool GiflibDecoder::readIndexes(int width, int height, bool interlaced)
{
    if (width == 0 || height == 0) {
        // No pixels, but an LZW stream to step over all the same.
        int codeSize = 0;
        GifByteType *block = nullptr;
        if (DGifGetCode(d->gif, &codeSize, &block) == GIF_ERROR)
            return fail(giflibError(d->gif));
        while (block) {
            if (DGifGetCodeNext(d->gif, &block) == GIF_ERROR)
                return fail(giflibError(d->gif));
        }
        return true;
    }
    const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    d->indexes.resize(count);
    // One call for the whole frame: giflib's per-call cost dominates on the
    // small rectangles animations are made of.
    if (count > static_cast<std::size_t>(std::numeric_limits<int>::max()) ||
        DGifGetLine(d->gif, d->indexes.data(), static_cast<int>(count)) == GIF_ERROR)
        return fail(giflibError(d->gif));
    if (interlaced) {
        // Rows arrive in four passes: 0, 8, 16… then 4, 12… then 2, 6… then 1, 3…
        d->deinterlaced.resize(count);
        static constexpr int start[] = {0, 4, 2, 1}, step[] = {8, 8, 4, 2};
        const GifPixelType *src = d->indexes.data();
        for (int pass = 0; pass < 4; ++pass)
            for (int y = start[pass]; y < height; y += step[pass], src += width)
                std::memcpy(d->deinterlaced.data() +
                                static_cast<std::size_t>(y) * static_cast<std::size_t>(width),
                            src, static_cast<std::size_t>(width));
        d->indexes.swap(d->deinterlaced);
    }
    return true;
}

bool GiflibDecoder::readFrame(GifFrame *frame)
{
    if (m_atEnd || !d->gif)
        return false;
    frame->pixels.reset(); // a reused frame object must not force a copy
    while (true) {
        GifRecordType record = UNDEFINED_RECORD_TYPE;
        if (DGifGetRecordType(d->gif, &record) == GIF_ERROR)
            return fail(giflibError(d->gif));
        if (record == TERMINATE_RECORD_TYPE) {
            m_atEnd = true;
            if (m_framesRead == 0)
                m_error = QStringLiteral("the file holds no frames");
            return false;
        }
        if (record == EXTENSION_RECORD_TYPE) {
            if (!readExtension())
                return false;
            continue;
        }
        if (record == IMAGE_DESC_RECORD_TYPE)
            break;
    }
    if (DGifGetImageDesc(d->gif) == GIF_ERROR)
        return fail(giflibError(d->gif));
    const GifImageDesc desc = d->gif->Image;
    if (m_framesRead >= m_limits.maxFrames)
        return fail(QStringLiteral("more than %1 frames").arg(m_limits.maxFrames));
    if (static_cast<qint64>(m_framesRead + 1) * m_width * m_height > m_limits.maxCompositedPixels)
        return fail(
            QStringLiteral("more than %1 composited pixels").arg(m_limits.maxCompositedPixels));
    if (desc.Width < 0 || desc.Height < 0 ||
        static_cast<qint64>(desc.Width) * desc.Height >
            qint64{4} * m_limits.maxCanvas * m_limits.maxCanvas)
        return fail(QStringLiteral("frame %1×%2 is too large").arg(desc.Width).arg(desc.Height));
    // Indexes first: a damaged frame must not half-draw over the canvas.
    if (!readIndexes(desc.Width, desc.Height, desc.Interlace))
        return false;

    // Copy on write: only when the caller still holds the previous frame.
    if (d->canvas.use_count() > 1)
        d->canvas = std::make_shared<std::vector<std::uint8_t>>(*d->canvas);
    std::vector<std::uint8_t> &canvas = *d->canvas;
    const auto pixel = [&](int x, int y) {
        return &canvas[(static_cast<std::size_t>(y) * static_cast<std::size_t>(m_width) +
                        static_cast<std::size_t>(x)) *
                       4];
    };
    if (d->lastDisposal == DISPOSE_BACKGROUND) {
        const GifImageDesc &r = d->lastRect;
        for (int y = std::max(0, r.Top); y < std::min(m_height, r.Top + r.Height); ++y)
            for (int x = std::max(0, r.Left); x < std::min(m_width, r.Left + r.Width); ++x)
                std::memset(pixel(x, y), 0, 4);
    } else if (d->lastDisposal == DISPOSE_PREVIOUS && !d->beforeFrame.empty()) {
        canvas = d->beforeFrame;
    }
    if (d->gcb.DisposalMode == DISPOSE_PREVIOUS)
        d->beforeFrame = canvas;

    const ColorMapObject *map = desc.ColorMap ? desc.ColorMap : d->gif->SColorMap;
    const int colors = map ? std::min(map->ColorCount, 256) : 0;
    // One 32-bit word per palette index, in memory order R, G, B, A; zero
    // (alpha 0) marks the transparent index and indexes past the palette.
    std::array<std::uint32_t, 256> table{};
    for (int i = 0; i < colors; ++i) {
        const GifColorType &c = map->Colors[i];
        const std::uint8_t rgba[4] = {c.Red, c.Green, c.Blue, 255};
        std::memcpy(&table[static_cast<std::size_t>(i)], rgba, 4);
    }
    if (d->gcb.TransparentColor >= 0 && d->gcb.TransparentColor < 256)
        table[static_cast<std::size_t>(d->gcb.TransparentColor)] = 0;
    const int x0 = std::max(0, desc.Left), x1 = std::min(m_width, desc.Left + desc.Width);
    const int y0 = std::max(0, desc.Top), y1 = std::min(m_height, desc.Top + desc.Height);
    for (int y = y0; y < y1; ++y) {
        const GifPixelType *src =
            d->indexes.data() +
            static_cast<std::size_t>(y - desc.Top) * static_cast<std::size_t>(desc.Width) +
            (x0 - desc.Left);
        std::uint8_t *dst = pixel(x0, y);
        for (int x = x0; x < x1; ++x, ++src, dst += 4) {
            const std::uint32_t word = table[*src];
            if (word != 0)
                std::memcpy(dst, &word, 4);
        }
    }
    const int delayMs = d->gcb.DelayTime * 10;
    frame->pixels = d->canvas;
    frame->delayMs = delayMs <= 10 ? 100 : delayMs;
    d->lastRect = desc;
    d->lastDisposal = d->gcb.DisposalMode;
    d->resetControl();
    ++m_framesRead;
    return true;
}

DecodedGif GiflibDecoder::decode(const QByteArray &bytes, const GifLimits &limits, int maxFrames)
{
    DecodedGif out;
    GiflibDecoder decoder(bytes, limits);
    if (decoder.open()) {
        GifFrame frame;
        while ((maxFrames < 0 || static_cast<int>(out.frames.size()) < maxFrames) &&
               decoder.readFrame(&frame))
            out.frames.push_back(std::move(frame));
    }
    out.width = decoder.width();
    out.height = decoder.height();
    out.loopCount = decoder.loopCount();
    out.error = decoder.error();
    return out;
}

GifProbe GiflibDecoder::inspect(const QByteArray &bytes, int maxFrames)
{
    GifProbe probe;
    if (!GifProbe::hasSignature(bytes)) {
        probe.error = QStringLiteral("not a GIF87a or GIF89a file");
        return probe;
    }
    GiflibInput input{&bytes};
    int err = 0;
    GifFileType *gif = openGiflib(&input, &err);
    if (!gif) {
        probe.error = QString::fromLatin1(GifErrorString(err));
        return probe;
    }
    probe.canvasWidth = gif->SWidth;
    probe.canvasHeight = gif->SHeight;
    GifRecordType record = UNDEFINED_RECORD_TYPE;
    bool failed = false;
    while (!failed && record != TERMINATE_RECORD_TYPE) {
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) {
            failed = true;
            break;
        }
        if (record == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) == GIF_ERROR) {
                failed = true;
                break;
            }
            if (++probe.frames > maxFrames)
                break;
            int codeSize = 0;
            GifByteType *block = nullptr;
            if (DGifGetCode(gif, &codeSize, &block) == GIF_ERROR) {
                failed = true;
                break;
            }
            while (block) {
                if (DGifGetCodeNext(gif, &block) == GIF_ERROR) {
                    failed = true;
                    break;
                }
            }
        } else if (record == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *ext = nullptr;
            if (DGifGetExtension(gif, &code, &ext) == GIF_ERROR) {
                failed = true;
                break;
            }
            while (ext) {
                if (DGifGetExtensionNext(gif, &ext) == GIF_ERROR) {
                    failed = true;
                    break;
                }
            }
        }
    }
    if (failed)
        probe.error =
            QStringLiteral("corrupt GIF: %1").arg(QString::fromLatin1(GifErrorString(gif->Error)));
    else if (probe.frames > maxFrames)
        probe.error = QStringLiteral("more than %1 frames").arg(maxFrames);
    else if (probe.frames == 0)
        probe.error = QStringLiteral("no frames");
    else
        probe.ok = true;
    DGifCloseFile(gif, &err);
    return probe;
}

} // namespace gifscan::test
