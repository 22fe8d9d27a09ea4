#include "chain/content/gifio.h"

namespace gifscan::chain {

namespace {
int writeMemory(GifFileType *gif, const GifByteType *data, int len)
{
    static_cast<QByteArray *>(gif->UserData)->append(reinterpret_cast<const char *>(data), len);
    return len;
}
} // namespace

GifFileType *openGifToMemory(QByteArray *output, int *error)
{
    return EGifOpen(output, writeMemory, error);
}

} // namespace gifscan::chain
