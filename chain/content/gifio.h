#pragma once

#include <QByteArray>
#include <gif_lib.h>

namespace gifscan::chain {

// giflib's encoder writes through a callback; this one appends to memory.
// The node draws and re-encodes GIFs with it; reading is core's own.
GifFileType *openGifToMemory(QByteArray *output, int *error);

} // namespace gifscan::chain
