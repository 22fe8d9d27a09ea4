#include "core/gif/pngencoder.h"

#include <png.h>

namespace gifscan {

std::optional<QByteArray> encodePng(const std::uint8_t *rgba, std::size_t size, int width,
                                    int height)
{
    if (width <= 0 || height <= 0 ||
        size < static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4)
        return std::nullopt;
    // libpng's simplified API: one call sizes the file, a second writes it.
    png_image image{};
    image.version = PNG_IMAGE_VERSION;
    image.width = static_cast<png_uint_32>(width);
    image.height = static_cast<png_uint_32>(height);
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t bytes = 0;
    if (!png_image_write_to_memory(&image, nullptr, &bytes, 0, rgba, 0, nullptr)) {
        png_image_free(&image);
        return std::nullopt;
    }
    QByteArray out(static_cast<qsizetype>(bytes), Qt::Uninitialized);
    const bool written = png_image_write_to_memory(&image, out.data(), &bytes, 0, rgba, 0, nullptr);
    png_image_free(&image);
    if (!written)
        return std::nullopt;
    out.truncate(static_cast<qsizetype>(bytes));
    return out;
}

} // namespace gifscan
