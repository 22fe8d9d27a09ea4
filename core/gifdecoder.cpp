#include "core/gifdecoder.h"

#include "core/gifio.h"

#include <cstring>

namespace gifscan {

namespace {

struct Closer
{
    GifFileType *gif;
    ~Closer()
    {
        int err = 0;
        if (gif)
            DGifCloseFile(gif, &err);
    }
};

QString giflibError(GifFileType *gif)
{
    const char *text = GifErrorString(gif->Error);
    return text ? QString::fromLatin1(text) : QStringLiteral("corrupt GIF data");
}
} // namespace

DecodedGif GifDecoder::decode(const QByteArray &bytes, const GifLimits &limits, int maxFrames)
{
    DecodedGif out;
    if (bytes.size() > limits.maxInputBytes) {
        out.error = QStringLiteral("%1 bytes is over the limit of %2").arg(bytes.size()).arg(limits.maxInputBytes);
        return out;
    }
    GifMemoryInput input{&bytes};
    int err = 0;
    GifFileType *gif = openGifFromMemory(&input, &err);
    if (!gif) {
        out.error = QString::fromLatin1(GifErrorString(err));
        return out;
    }
    Closer closer{gif};
    out.width = gif->SWidth;
    out.height = gif->SHeight;
    if (out.width < 1 || out.height < 1 || out.width > limits.maxCanvas || out.height > limits.maxCanvas) {
        out.error = QStringLiteral("canvas %1×%2 is outside 1×1 to %3×%3").arg(out.width).arg(out.height).arg(limits.maxCanvas);
        return out;
    }
    const std::size_t canvasBytes = static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height) * 4;
    std::vector<std::uint8_t> canvas(canvasBytes, 0);
    std::vector<std::uint8_t> beforeFrame; // for DISPOSE_PREVIOUS
    GraphicsControlBlock gcb{DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
    struct Rect { int x, y, w, h; } lastRect{0, 0, 0, 0};
    int lastDisposal = DISPOSAL_UNSPECIFIED;
    std::vector<GifPixelType> line;
    std::vector<GifPixelType> indexes;

    GifRecordType record = UNDEFINED_RECORD_TYPE;
    while (record != TERMINATE_RECORD_TYPE) {
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) {
            out.error = giflibError(gif);
            break;
        }
        if (record == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *ext = nullptr;
            if (DGifGetExtension(gif, &code, &ext) == GIF_ERROR) {
                out.error = giflibError(gif);
                break;
            }
            bool netscape = false;
            if (code == GRAPHICS_EXT_FUNC_CODE && ext && ext[0] >= 4)
                DGifExtensionToGCB(ext[0], ext + 1, &gcb);
            if (code == APPLICATION_EXT_FUNC_CODE && ext && ext[0] == 11 && std::memcmp(ext + 1, "NETSCAPE2.0", 11) == 0)
                netscape = true;
            bool failed = false;
            while (ext) {
                if (DGifGetExtensionNext(gif, &ext) == GIF_ERROR) {
                    failed = true;
                    break;
                }
                // The first loop count wins, as in browsers.
                if (netscape && ext && ext[0] >= 3 && ext[1] == 1) {
                    if (out.loopCount == 1)
                        out.loopCount = ext[2] | ext[3] << 8;
                    netscape = false;
                }
            }
            if (failed) {
                out.error = giflibError(gif);
                break;
            }
            continue;
        }
        if (record != IMAGE_DESC_RECORD_TYPE)
            continue;
        if (DGifGetImageDesc(gif) == GIF_ERROR) {
            out.error = giflibError(gif);
            break;
        }
        const GifImageDesc &d = gif->Image;
        if (static_cast<int>(out.frames.size()) >= limits.maxFrames) {
            out.error = QStringLiteral("more than %1 frames").arg(limits.maxFrames);
            break;
        }
        if (static_cast<qint64>(out.frames.size() + 1) * out.width * out.height > limits.maxCompositedPixels) {
            out.error = QStringLiteral("more than %1 composited pixels").arg(limits.maxCompositedPixels);
            break;
        }
        if (d.Width < 0 || d.Height < 0 || static_cast<qint64>(d.Width) * d.Height > qint64{4} * limits.maxCanvas * limits.maxCanvas) {
            out.error = QStringLiteral("frame %1×%2 is too large").arg(d.Width).arg(d.Height);
            break;
        }
        // Read the indexes first: a truncated frame must not half-draw.
        indexes.assign(static_cast<std::size_t>(d.Width) * static_cast<std::size_t>(d.Height), 0);
        bool failed = false;
        if (d.Width > 0) {
            auto readRow = [&](int row) {
                return DGifGetLine(gif, indexes.data() + static_cast<std::size_t>(row) * static_cast<std::size_t>(d.Width), d.Width) != GIF_ERROR;
            };
            if (d.Interlace) {
                static constexpr int start[] = {0, 4, 2, 1}, step[] = {8, 8, 4, 2};
                for (int pass = 0; pass < 4 && !failed; ++pass)
                    for (int row = start[pass]; row < d.Height && !failed; row += step[pass])
                        failed = !readRow(row);
            } else {
                for (int row = 0; row < d.Height && !failed; ++row)
                    failed = !readRow(row);
            }
        } else {
            // Zero-width frames carry no pixels but still have an LZW stream to skip.
            int codeSize = 0;
            GifByteType *block = nullptr;
            failed = DGifGetCode(gif, &codeSize, &block) == GIF_ERROR;
            while (!failed && block)
                failed = DGifGetCodeNext(gif, &block) == GIF_ERROR;
        }
        if (failed) {
            out.error = giflibError(gif);
            break;
        }

        // Dispose of the previous frame, then draw this one.
        if (lastDisposal == DISPOSE_BACKGROUND) {
            for (int y = std::max(0, lastRect.y); y < std::min(out.height, lastRect.y + lastRect.h); ++y)
                for (int x = std::max(0, lastRect.x); x < std::min(out.width, lastRect.x + lastRect.w); ++x)
                    std::memset(&canvas[(static_cast<std::size_t>(y) * out.width + x) * 4], 0, 4);
        } else if (lastDisposal == DISPOSE_PREVIOUS && !beforeFrame.empty()) {
            canvas = beforeFrame;
        }
        if (gcb.DisposalMode == DISPOSE_PREVIOUS)
            beforeFrame = canvas;
        const ColorMapObject *map = d.ColorMap ? d.ColorMap : gif->SColorMap;
        const int colors = map ? map->ColorCount : 0;
        for (int y = 0; y < d.Height; ++y) {
            const int cy = d.Top + y;
            if (cy < 0 || cy >= out.height)
                continue;
            for (int x = 0; x < d.Width; ++x) {
                const int cx = d.Left + x;
                if (cx < 0 || cx >= out.width)
                    continue;
                const int index = indexes[static_cast<std::size_t>(y) * d.Width + x];
                if (index == gcb.TransparentColor || index >= colors)
                    continue;
                std::uint8_t *p = &canvas[(static_cast<std::size_t>(cy) * out.width + cx) * 4];
                const GifColorType &c = map->Colors[index];
                p[0] = c.Red;
                p[1] = c.Green;
                p[2] = c.Blue;
                p[3] = 255;
            }
        }
        const int delayMs = gcb.DelayTime * 10;
        out.frames.push_back({canvas, delayMs <= 10 ? 100 : delayMs});
        lastRect = {d.Left, d.Top, d.Width, d.Height};
        lastDisposal = gcb.DisposalMode;
        gcb = GraphicsControlBlock{DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
        if (maxFrames > 0 && static_cast<int>(out.frames.size()) >= maxFrames)
            return out;
    }
    if (out.ok() && out.frames.empty())
        out.error = QStringLiteral("the file holds no frames");
    return out;
}

} // namespace gifscan
