#pragma once

#include <QByteArray>
#include <gif_lib.h>

namespace gifscan {

// giflib reads and writes through callbacks; these connect it to memory.
// Internal to the GIF code of core and devnet.
struct GifMemoryInput
{
    const QByteArray *bytes = nullptr;
    qsizetype pos = 0;
};

// Opens `input` for decoding; nullptr with giflib's error code in *error.
GifFileType *openGifFromMemory(GifMemoryInput *input, int *error);
// Opens an encoder that appends to `output`.
GifFileType *openGifToMemory(QByteArray *output, int *error);

} // namespace gifscan
