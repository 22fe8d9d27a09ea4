#pragma once

#include "core/gif/giffault.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace gifscan {

// GIF's variable-width LZW (GIF89a appendix F): codes one bit wider than
// the minimum code size (2 to 8 in GIF89a; giflib also reads 0 and 1), up
// to 12 bits, least significant bit first, a clear code and an end code
// after the literals, at most 4096 codes, and the table kept as it is once
// full until the next clear (the "deferred clear").
//
// Two decoders behind one call. The fast one keeps each table entry as the
// place in the output where its string was written and its length, so a
// code costs one copy from earlier output, 16 bytes at a time, fed 64 bits
// at a time: a string is never walked backwards byte by byte. It accepts
// only streams a GIF encoder writes. On anything else (a code beyond the
// next entry, a string code straight after a clear, a minimum code size
// under 2, where giflib widens codes before the table fills and no GIF89a
// encoder writes) the frame is decoded again from its start by the exact
// decoder, which walks prefix chains as giflib does, so damaged data gives
// the pixels and the refusals it always gave (the differential tests and
// the fuzz targets hold us to that). Real files never reach it; hostile
// ones cost at most one more pass.
//
// Plain data, 40 KiB of tables, of which only the fast decoder's lengths
// are cleared when it is made: one per decoder, reused frame after frame.
class LzwDecoder
{
public:
    // What the output buffer must hold beyond `count`: strings are copied in
    // 16-byte steps and may overrun their end.
    static constexpr std::size_t kSlack = 16;

    // Decodes `count` palette indexes from `data` (a frame's sub-blocks
    // joined) into out[0, count). `cut`: the file ended inside the data
    // rather than at its terminator. Pixels past `count` are dropped, as are
    // codes after the last pixel.
    GifFault decode(const std::uint8_t *data, std::size_t size, bool cut, int minCodeSize,
                    std::uint8_t *out, std::size_t count);

    // How many frames the last decode calls sent to the exact decoder; for tests.
    int exactDecodes() const { return m_exactDecodes; }

private:
    // Where a pass over the codes stopped: done, or at the fault it met.
    enum class Stop { Done, OutOfData, EndTooSoon, BadCode, Irregular };
    Stop decodeFast(const std::uint8_t *data, std::size_t size, int minCodeSize, std::uint8_t *out,
                    std::size_t count);
    Stop decodeExact(const std::uint8_t *data, std::size_t size, int minCodeSize, std::uint8_t *out,
                     std::size_t count);
    int firstOf(int code, int clear) const;
    void resetFastTable(int clear);

    // The fast decoder's table: where each string starts in the output, and
    // its length (0: no string). One more entry than codes: where a full
    // table goes on defining.
    std::array<std::uint32_t, 4097> m_offset; // read only where m_length is set
    std::array<std::uint16_t, 4097> m_length{};
    // m_length is 0 from here on, but for the spare slot, which no code
    // reads (codes are 12 bits at most: 4095).
    int m_dirty = 0;
    // The exact decoder's table and the stack it unwinds strings on, set
    // when that decoder starts (left uninitialized here: a decoder is made
    // per file, and most files never need them).
    std::array<std::uint16_t, 4096> m_prefix;
    std::array<std::uint8_t, 4096> m_suffix;
    std::array<std::uint8_t, 4096> m_stack;
    int m_exactDecodes = 0;
};

} // namespace gifscan
