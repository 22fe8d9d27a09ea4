#include "core/gif/gifstream.h"

namespace gifscan {

GifStream::GifStream(const QByteArray &bytes)
    : m_data(reinterpret_cast<const std::uint8_t *>(bytes.constData())), m_size(bytes.size())
{
}

bool GifStream::take(qsizetype n, const std::uint8_t **at)
{
    if (m_size - m_pos < n)
        return false;
    *at = m_data + m_pos;
    m_pos += n;
    return true;
}

GifPalette GifStream::palette(int flags)
{
    // Bit 7 says a palette follows; bits 0-2 its size, 2^(n+1) colours.
    if (!(flags & 0x80))
        return {};
    const int count = 1 << ((flags & 0x07) + 1);
    const std::uint8_t *rgb = nullptr;
    if (!take(qsizetype{3} * count, &rgb))
        return {nullptr, -1};
    return {rgb, count};
}

GifFault GifStream::readScreen(GifScreen *screen)
{
    const std::uint8_t *p = nullptr;
    if (!take(6, &p))
        return GifFault::ReadFailed;
    if (p[0] != 'G' || p[1] != 'I' || p[2] != 'F')
        return GifFault::WrongRecord; // never reached: callers check the signature first
    if (!take(7, &p))
        return GifFault::NoScreen;
    screen->width = p[0] | p[1] << 8;
    screen->height = p[2] | p[3] << 8;
    screen->palette = palette(p[4]);
    return screen->palette.count < 0 ? GifFault::NoScreen : GifFault::None;
}

GifFault GifStream::nextBlock(Block *block)
{
    const std::uint8_t *p = nullptr;
    if (!take(1, &p))
        return GifFault::ReadFailed;
    switch (*p) {
    case 0x2c:
        *block = Block::Image;
        return GifFault::None;
    case 0x21:
        *block = Block::Extension;
        return GifFault::None;
    case 0x3b:
        *block = Block::Trailer;
        return GifFault::None;
    default:
        return GifFault::WrongRecord;
    }
}

GifFault GifStream::readExtensionLabel(int *label)
{
    const std::uint8_t *p = nullptr;
    if (!take(1, &p))
        return GifFault::ReadFailed;
    *label = *p;
    return GifFault::None;
}

GifFault GifStream::nextSubBlock(const std::uint8_t **data, int *size)
{
    const std::uint8_t *p = nullptr;
    if (!take(1, &p))
        return GifFault::ReadFailed;
    *size = *p;
    // A sub-block cut short is refused whole, even when a reader would need
    // only its first bytes: giflib reads sub-blocks whole.
    if (*size > 0 && !take(*size, data))
        return GifFault::ReadFailed;
    return GifFault::None;
}

GifFault GifStream::skipSubBlocks()
{
    while (true) {
        const std::uint8_t *data = nullptr;
        int size = 0;
        if (const GifFault f = nextSubBlock(&data, &size); f != GifFault::None)
            return f;
        if (size == 0)
            return GifFault::None;
    }
}

GifFault GifStream::readImageHeader(GifImageHeader *image)
{
    const std::uint8_t *p = nullptr;
    if (!take(9, &p))
        return GifFault::ReadFailed;
    image->left = p[0] | p[1] << 8;
    image->top = p[2] | p[3] << 8;
    image->width = p[4] | p[5] << 8;
    image->height = p[6] | p[7] << 8;
    image->interlaced = (p[8] & 0x40) != 0;
    image->palette = palette(p[8]);
    if (image->palette.count < 0)
        return GifFault::ReadFailed;
    if (!take(1, &p))
        return GifFault::NoCodeSize;
    image->minCodeSize = *p;
    // Codes start one bit wider than the minimum and end at 12 bits.
    if (image->minCodeSize > 8)
        return GifFault::ReadFailed;
    return GifFault::None;
}

void GifStream::gatherSubBlocks(std::vector<std::uint8_t> *out, bool *cut)
{
    out->clear();
    *cut = false;
    while (true) {
        const std::uint8_t *data = nullptr;
        int size = 0;
        if (nextSubBlock(&data, &size) != GifFault::None) {
            // The only fault here is the end of the file: nothing after it.
            *cut = true;
            m_pos = m_size;
            return;
        }
        if (size == 0)
            return;
        out->insert(out->end(), data, data + size);
    }
}

} // namespace gifscan
