#include "chain/content/framerenderer.h"

#include "chain/content/gifio.h"
#include "core/gif/gifdecoder.h"

#include <unordered_map>

namespace gifscan::chain {

Outcome<QByteArray> FrameRenderer::frameAsGif(const QByteArray &bytes, int frame)
{
    const DecodedGif decoded = GifDecoder::decode(bytes, {}, frame + 1);
    if (static_cast<int>(decoded.frames.size()) <= frame)
        return decoded.ok() ? Failure::invalid(QStringLiteral("no frame %1").arg(frame))
                            : Failure::storage(decoded.error); // stored, yet it does not decode
    const auto &rgba = decoded.frames[static_cast<std::size_t>(frame)].rgba();
    const std::size_t pixels = rgba.size() / 4;

    // Index 0 is transparent. A composited frame of a palette GIF nearly
    // always fits 255 colours; when it does not, fall back to 3-3-2 RGB.
    std::unordered_map<std::uint32_t, int> index;
    std::vector<GifColorType> palette(1, GifColorType{0, 0, 0});
    bool exact = true;
    for (std::size_t i = 0; i < pixels && exact; ++i) {
        if (rgba[i * 4 + 3] == 0)
            continue;
        const std::uint32_t rgb = rgba[i * 4] << 16 | rgba[i * 4 + 1] << 8 | rgba[i * 4 + 2];
        if (!index.count(rgb)) {
            if (palette.size() == 256)
                exact = false;
            else {
                index.emplace(rgb, static_cast<int>(palette.size()));
                palette.push_back({rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]});
            }
        }
    }
    if (!exact) {
        palette.assign(256, GifColorType{0, 0, 0});
        for (int i = 1; i < 256; ++i)
            palette[static_cast<std::size_t>(i)] = {
                static_cast<GifByteType>((i >> 5) * 255 / 7),
                static_cast<GifByteType>(((i >> 2) & 7) * 255 / 7),
                static_cast<GifByteType>((i & 3) * 255 / 3)};
    }
    std::vector<GifPixelType> px(pixels, 0);
    for (std::size_t i = 0; i < pixels; ++i) {
        if (rgba[i * 4 + 3] == 0)
            continue;
        if (exact) {
            px[i] = static_cast<GifPixelType>(
                index.at(rgba[i * 4] << 16 | rgba[i * 4 + 1] << 8 | rgba[i * 4 + 2]));
        } else {
            const int v =
                (rgba[i * 4] >> 5) << 5 | (rgba[i * 4 + 1] >> 5) << 2 | (rgba[i * 4 + 2] >> 6);
            px[i] = static_cast<GifPixelType>(std::max(1, v));
        }
    }
    int colors = 2;
    while (colors < static_cast<int>(palette.size()))
        colors *= 2;
    palette.resize(static_cast<std::size_t>(colors), GifColorType{0, 0, 0});

    QByteArray out;
    int err = 0;
    GifFileType *gif = openGifToMemory(&out, &err);
    if (!gif)
        return Failure::storage(QString::fromLatin1(GifErrorString(err)));
    EGifSetGifVersion(gif, true);
    ColorMapObject *map = GifMakeMapObject(colors, palette.data());
    GraphicsControlBlock gcb{DISPOSE_DO_NOT, false, 0, 0};
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    bool ok =
        EGifPutScreenDesc(gif, decoded.width, decoded.height, 8, 0, map) != GIF_ERROR &&
        EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) != GIF_ERROR &&
        EGifPutImageDesc(gif, 0, 0, decoded.width, decoded.height, false, nullptr) != GIF_ERROR;
    for (int y = 0; ok && y < decoded.height; ++y)
        ok = EGifPutLine(gif, px.data() + static_cast<std::size_t>(y) * decoded.width,
                         decoded.width) != GIF_ERROR;
    GifFreeMapObject(map);
    if (EGifCloseFile(gif, &err) == GIF_ERROR || !ok)
        return Failure::storage(QStringLiteral("cannot encode the frame"));
    return out;
}

} // namespace gifscan::chain
