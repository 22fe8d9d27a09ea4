#include "core/gifio.h"

#include <cstring>

namespace gifscan {

namespace {
int readMemory(GifFileType *gif, GifByteType *buf, int len)
{
    auto *in = static_cast<GifMemoryInput *>(gif->UserData);
    const qsizetype n = std::min<qsizetype>(len, in->bytes->size() - in->pos);
    if (n <= 0)
        return 0;
    std::memcpy(buf, in->bytes->constData() + in->pos, static_cast<std::size_t>(n));
    in->pos += n;
    return static_cast<int>(n);
}

int writeMemory(GifFileType *gif, const GifByteType *data, int len)
{
    static_cast<QByteArray *>(gif->UserData)->append(reinterpret_cast<const char *>(data), len);
    return len;
}
} // namespace

GifFileType *openGifFromMemory(GifMemoryInput *input, int *error)
{
    return DGifOpen(input, readMemory, error);
}

GifFileType *openGifToMemory(QByteArray *output, int *error)
{
    return EGifOpen(output, writeMemory, error);
}

} // namespace gifscan
