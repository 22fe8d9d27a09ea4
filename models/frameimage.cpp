#include "models/frameimage.h"

QImage frameImage(const gifscan::GifFrame &frame, int width, int height)
{
    if (frame.rgba().size() <
        static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4)
        return {};
    return QImage(frame.rgba().data(), width, height, width * 4, QImage::Format_RGBA8888);
}
