#include "core/gif/gifdecoder.h"

#include "core/gif/gifprobe.h"
#include "core/gif/gifstream.h"
#include "core/gif/lzwdecoder.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>

namespace gifscan {

namespace {
enum Disposal { Unspecified = 0, Keep = 1, Background = 2, Previous = 3 };
} // namespace

struct GifDecoder::Private
{
    explicit Private(const QByteArray &bytes) : stream(bytes) {}

    GifStream stream;
    GifScreen screen;
    LzwDecoder lzw;
    std::shared_ptr<std::vector<std::uint8_t>> canvas;
    std::vector<std::uint8_t> beforeFrame; // for disposal "previous"
    // The graphic control that applies to the next frame.
    int disposal = Unspecified;
    int delay = 0;
    int transparent = -1;
    int lastDisposal = Unspecified;
    int lastLeft = 0, lastTop = 0, lastWidth = 0, lastHeight = 0;
    std::vector<std::uint8_t> data;    // the frame's LZW sub-blocks, joined
    std::vector<std::uint8_t> indexes; // the frame's palette indexes, rows in file order
    std::vector<int> rowInFile;        // an interlaced frame's rows: where each lies in `indexes`

    void resetControl()
    {
        disposal = Unspecified;
        delay = 0;
        transparent = -1;
    }
};

GifDecoder::GifDecoder(QByteArray bytes, const GifLimits &limits)
    : m_bytes(std::move(bytes)), m_limits(limits)
{
    d = std::make_unique<Private>(m_bytes); // the stream reads m_bytes in place
}

GifDecoder::~GifDecoder() = default;

bool GifDecoder::fail(const QString &why)
{
    m_error = why;
    m_atEnd = true;
    return false;
}

bool GifDecoder::fail(GifFault fault)
{
    const QString text = gifFaultText(fault);
    return fail(text.isEmpty() ? QStringLiteral("corrupt GIF data") : text);
}

bool GifDecoder::open()
{
    if (m_bytes.size() > m_limits.maxInputBytes)
        return fail(QStringLiteral("%1 bytes is over the limit of %2")
                        .arg(m_bytes.size())
                        .arg(m_limits.maxInputBytes));
    // What the scan below refuses is refused here too: a file it cannot
    // count the frames of must not reach the decoder uncounted.
    if (!GifProbe::hasSignature(m_bytes))
        return fail(QStringLiteral("not a GIF87a or GIF89a file"));
    if (const GifFault f = d->stream.readScreen(&d->screen); f != GifFault::None)
        return fail(f);
    m_width = d->screen.width;
    m_height = d->screen.height;
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
    const GifProbe probe = GifProbe::inspect(m_bytes, m_limits.maxFrames);
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

bool GifDecoder::readExtension()
{
    int label = 0;
    const std::uint8_t *block = nullptr;
    int size = 0;
    if (const GifFault f = d->stream.readExtensionLabel(&label); f != GifFault::None)
        return fail(f);
    if (const GifFault f = d->stream.nextSubBlock(&block, &size); f != GifFault::None)
        return fail(f);
    // Of several graphic controls before a frame, the last one applies; one
    // whose block is not the 4 bytes GIF89a defines is ignored.
    if (label == 0xf9 && size == 4) {
        d->disposal = (block[0] >> 2) & 0x07;
        d->delay = block[1] | block[2] << 8;
        d->transparent = (block[0] & 0x01) ? block[3] : -1;
    }
    bool netscape = label == 0xff && size == 11 && std::memcmp(block, "NETSCAPE2.0", 11) == 0;
    while (size > 0) {
        if (const GifFault f = d->stream.nextSubBlock(&block, &size); f != GifFault::None)
            return fail(f);
        if (netscape && size >= 3 && block[0] == 1) {
            if (m_loopCount < 0) // the first loop count wins, as in browsers
                m_loopCount = block[1] | block[2] << 8;
            netscape = false;
        }
    }
    return true;
}

bool GifDecoder::readIndexes(int width, int height, int minCodeSize)
{
    if (width == 0 || height == 0) { // no pixels, but an LZW stream to step over all the same
        const GifFault f = d->stream.skipSubBlocks();
        return f == GifFault::None || fail(f);
    }
    const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    // Only a canvas limit over 23,170 lets a frame this large through; the
    // table's offsets are 32-bit, and giflib took an int.
    if (count > static_cast<std::size_t>(std::numeric_limits<int>::max()))
        return fail(QStringLiteral("corrupt GIF data"));
    bool cut = false;
    d->stream.gatherSubBlocks(&d->data, &cut);
    // Whatever the buffer held before is never shown: a frame shows only
    // indexes its own codes wrote, and the slack only takes the overrun of
    // copies, which later codes overwrite.
    d->indexes.resize(count + LzwDecoder::kSlack);
    const GifFault f =
        d->lzw.decode(d->data.data(), d->data.size(), cut, minCodeSize, d->indexes.data(), count);
    return f == GifFault::None || fail(f);
}

bool GifDecoder::readFrame(GifFrame *frame)
{
    if (m_atEnd || !d->canvas)
        return false;
    frame->pixels.reset(); // a reused frame object must not force a copy
    while (true) {
        GifStream::Block block = GifStream::Block::Trailer;
        if (const GifFault f = d->stream.nextBlock(&block); f != GifFault::None)
            return fail(f);
        if (block == GifStream::Block::Trailer) {
            m_atEnd = true;
            if (m_framesRead == 0)
                m_error = QStringLiteral("the file holds no frames");
            return false;
        }
        if (block == GifStream::Block::Image)
            break;
        if (!readExtension())
            return false;
    }
    GifImageHeader image;
    if (const GifFault f = d->stream.readImageHeader(&image); f != GifFault::None)
        return fail(f);
    if (m_framesRead >= m_limits.maxFrames)
        return fail(QStringLiteral("more than %1 frames").arg(m_limits.maxFrames));
    if (static_cast<qint64>(m_framesRead + 1) * m_width * m_height > m_limits.maxCompositedPixels)
        return fail(
            QStringLiteral("more than %1 composited pixels").arg(m_limits.maxCompositedPixels));
    if (static_cast<qint64>(image.width) * image.height >
        qint64{4} * m_limits.maxCanvas * m_limits.maxCanvas)
        return fail(QStringLiteral("frame %1×%2 is too large").arg(image.width).arg(image.height));
    // Indexes first: a damaged frame must not half-draw over the canvas.
    if (!readIndexes(image.width, image.height, image.minCodeSize))
        return false;
    composite(image);
    const int delayMs = d->delay * 10;
    frame->pixels = d->canvas;
    frame->delayMs = delayMs <= 10 ? 100 : delayMs;
    d->lastLeft = image.left;
    d->lastTop = image.top;
    d->lastWidth = image.width;
    d->lastHeight = image.height;
    d->lastDisposal = d->disposal;
    d->resetControl();
    ++m_framesRead;
    return true;
}

void GifDecoder::composite(const GifImageHeader &image)
{
    // Copy on write: only when the caller still holds the previous frame.
    if (d->canvas.use_count() > 1)
        d->canvas = std::make_shared<std::vector<std::uint8_t>>(*d->canvas);
    std::vector<std::uint8_t> &canvas = *d->canvas;
    const std::size_t stride = static_cast<std::size_t>(m_width) * 4;
    const auto clip = [](int from, int length, int limit) {
        return std::pair{std::clamp(from, 0, limit), std::clamp(from + length, 0, limit)};
    };
    if (d->lastDisposal == Background) {
        const auto [x0, x1] = clip(d->lastLeft, d->lastWidth, m_width);
        const auto [y0, y1] = clip(d->lastTop, d->lastHeight, m_height);
        for (int y = y0; y < y1 && x0 < x1; ++y)
            std::memset(canvas.data() + static_cast<std::size_t>(y) * stride +
                            static_cast<std::size_t>(x0) * 4,
                        0, static_cast<std::size_t>(x1 - x0) * 4);
    } else if (d->lastDisposal == Previous && !d->beforeFrame.empty()) {
        canvas = d->beforeFrame;
    }
    if (d->disposal == Previous)
        d->beforeFrame = canvas;

    const GifPalette &map = image.palette.count > 0 ? image.palette : d->screen.palette;
    // One 32-bit word per palette index, in memory order R, G, B, A; zero
    // (alpha 0) marks the transparent index and indexes past the palette,
    // whose pixels leave the canvas as it is.
    std::array<std::uint32_t, 256> table{};
    for (int i = 0; i < std::min(map.count, 256); ++i) {
        const std::uint8_t *c = map.rgb + 3 * i;
        const std::uint8_t rgba[4] = {c[0], c[1], c[2], 255};
        std::memcpy(&table[static_cast<std::size_t>(i)], rgba, 4);
    }
    if (d->transparent >= 0)
        table[static_cast<std::size_t>(d->transparent)] = 0;

    const auto [x0, x1] = clip(image.left, image.width, m_width);
    const auto [y0, y1] = clip(image.top, image.height, m_height);
    if (x0 >= x1 || y0 >= y1)
        return;
    if (image.interlaced) {
        // Rows arrive in four passes: 0, 8, 16… then 4, 12… then 2, 6…
        // then 1, 3…; the frame's rows are read where they lie.
        d->rowInFile.resize(static_cast<std::size_t>(image.height));
        static constexpr int start[] = {0, 4, 2, 1}, step[] = {8, 8, 4, 2};
        int row = 0;
        for (int pass = 0; pass < 4; ++pass)
            for (int y = start[pass]; y < image.height; y += step[pass])
                d->rowInFile[static_cast<std::size_t>(y)] = row++;
    }
    const std::size_t width = static_cast<std::size_t>(x1 - x0);
    // A full palette without a transparent index has no zero word: every
    // pixel is stored, with no test at all.
    const bool opaque = std::none_of(table.begin(), table.end(), [](auto w) { return w == 0; });
    for (int y = y0; y < y1; ++y) {
        const int row = image.interlaced ? d->rowInFile[static_cast<std::size_t>(y - image.top)]
                                         : y - image.top;
        const std::uint8_t *src =
            d->indexes.data() +
            static_cast<std::size_t>(row) * static_cast<std::size_t>(image.width) +
            static_cast<std::size_t>(x0 - image.left);
        std::uint8_t *dst =
            canvas.data() + static_cast<std::size_t>(y) * stride + static_cast<std::size_t>(x0) * 4;
        if (opaque) {
            for (std::size_t x = 0; x < width; ++x)
                std::memcpy(dst + 4 * x, &table[src[x]], 4);
            continue;
        }
        // Each pixel once, in runs: a run of transparent pixels keeps what
        // is under it and is only stepped over.
        for (std::size_t x = 0; x < width;) {
            while (x < width && table[src[x]] == 0)
                ++x;
            for (std::uint32_t word; x < width && (word = table[src[x]]) != 0; ++x)
                std::memcpy(dst + 4 * x, &word, 4);
        }
    }
}

DecodedGif GifDecoder::decode(const QByteArray &bytes, const GifLimits &limits, int maxFrames)
{
    DecodedGif out;
    GifDecoder decoder(bytes, limits);
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

} // namespace gifscan
