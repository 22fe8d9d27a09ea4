#pragma once

#include "core/gif/gifdecoder.h"

#include <QImage>

// A decoded GIF frame as a QImage: the one place core's RGBA canvas meets
// Qt's image format. The image reads the frame's pixels without copying them
// and is valid only while the frame is: copy() it to keep it. Any thread.
QImage frameImage(const gifscan::GifFrame &frame, int width, int height);
