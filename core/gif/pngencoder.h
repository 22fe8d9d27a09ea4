#pragma once

#include <QByteArray>
#include <cstdint>
#include <optional>

namespace gifscan {

// A decoded frame's RGBA canvas (core/gif/gifdecoder.h) as a PNG file's
// bytes, through libpng: what the headless CLI writes frames with, where the
// GUI has QImage (models/frameimage.h). Nothing when the canvas is smaller
// than width × height or libpng fails (it only can for memory). Any thread.
std::optional<QByteArray> encodePng(const std::uint8_t *rgba, std::size_t size, int width,
                                    int height);

} // namespace gifscan
