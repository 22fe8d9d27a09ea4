#include "core/gif/lzwdecoder.h"

#include <QtEndian>
#include <algorithm>
#include <cstring>

namespace gifscan {

namespace {

constexpr int kMaxBits = 12;
constexpr int kCodes = 1 << kMaxBits;
// No code: an undefined entry's prefix, and the last code after a clear.
// Its value is giflib's (4098), since a damaged stream can make it a pixel
// (its low byte, 2).
constexpr int kNone = kCodes + 2;
// Entries are defined up to the last of the 4096 codes; the table then
// stays as it is until a clear.
constexpr int kTableEnd = kCodes;

// Codes least significant bit first, refilled eight bytes at a time
// (Giesen's "variant 4"): the bits above `m_count` already hold the bytes
// that follow, so OR-ing them in again changes nothing.
class BitReader
{
public:
    BitReader(const std::uint8_t *data, std::size_t size)
        : m_p(data), m_end(data + size), m_wide(size >= 8 ? m_end - 7 : data)
    {
    }

    bool fill(int need)
    {
        // Refilled on every code while eight bytes remain: a load is cheaper
        // than the branch on the bits left, which no predictor guesses.
        if (m_p < m_wide) {
            m_bits |= qFromLittleEndian<quint64>(m_p) << m_count;
            m_p += (63 - m_count) >> 3;
            m_count |= 56;
            return true;
        }
        while (m_count <= 56 && m_p < m_end) {
            m_bits |= static_cast<std::uint64_t>(*m_p++) << m_count;
            m_count += 8;
        }
        return m_count >= need;
    }
    int take(int width)
    {
        const int code = static_cast<int>(m_bits & ((1u << width) - 1));
        m_bits >>= width;
        m_count -= width;
        return code;
    }

private:
    const std::uint8_t *m_p;
    const std::uint8_t *m_end;
    const std::uint8_t *m_wide; // eight bytes can be read before here
    std::uint64_t m_bits = 0;
    int m_count = 0;
};

// Codes as giflib reads them: `running` goes up by one for every code read,
// including the first after a clear, and the width grows when it passes
// 2^width; a stream's entries are defined at running - 2.
class CodeReader
{
public:
    CodeReader(const std::uint8_t *data, std::size_t size, int minCodeSize)
        : m_bits(data, size), m_minCodeSize(minCodeSize)
    {
        restart();
    }

    bool next(int *code)
    {
        if (!m_bits.fill(m_width))
            return false;
        *code = m_bits.take(m_width);
        if (m_running < kCodes + 1 && ++m_running > m_widthLimit && m_width < kMaxBits) {
            m_widthLimit <<= 1;
            ++m_width;
        }
        return true;
    }
    // After a clear code.
    void restart()
    {
        m_width = m_minCodeSize + 1;
        m_widthLimit = 1 << m_width;
        m_running = (1 << m_minCodeSize) + 2;
    }
    int running() const { return m_running; }

private:
    BitReader m_bits;
    int m_minCodeSize;
    int m_width = 0;
    int m_widthLimit = 0;
    int m_running = 0;
};

// Copies an earlier string forward. The source ends at or before `dst`, so
// the bytes a step reads past the string are never ones the string needs;
// the copy may write up to 15 bytes past its end, into what later codes
// overwrite or the buffer's slack.
inline void copyString(std::uint8_t *dst, const std::uint8_t *src, std::size_t n)
{
    std::uint64_t a, b;
    do {
        std::memcpy(&a, src, 8);
        std::memcpy(&b, src + 8, 8);
        std::memcpy(dst, &a, 8);
        std::memcpy(dst + 8, &b, 8);
        src += 16;
        dst += 16;
    } while (n > 16 && (n -= 16));
}

} // namespace

GifFault LzwDecoder::decode(const std::uint8_t *data, std::size_t size, bool cut, int minCodeSize,
                            std::uint8_t *out, std::size_t count)
{
    Stop stop = Stop::Irregular;
    // GIF89a's code sizes; the fast table has room for no more than 8.
    if (minCodeSize >= 2 && minCodeSize <= 8)
        stop = decodeFast(data, size, minCodeSize, out, count);
    if (stop == Stop::Irregular) {
        ++m_exactDecodes;
        stop = decodeExact(data, size, minCodeSize, out, count);
    }
    switch (stop) {
    case Stop::Done:
        // giflib skips the data left after the last pixel; a file that ends
        // inside it fails there.
        return cut ? GifFault::ReadFailed : GifFault::None;
    case Stop::OutOfData:
        return cut ? GifFault::ReadFailed : GifFault::ImageDefect;
    case Stop::EndTooSoon:
        return GifFault::EofTooSoon;
    case Stop::BadCode:
    case Stop::Irregular:
        break;
    }
    return GifFault::ImageDefect;
}

void LzwDecoder::resetFastTable(int clear)
{
    // Only entries since the last frame need clearing: a new frame can have
    // a smaller minimum code size.
    std::fill(m_length.begin() + clear, m_length.begin() + std::max(clear, m_dirty), 0);
    m_dirty = clear;
}

// A literal is one store; a string, one copy of where it was written
// before. Every entry with a string has its length in m_length, every
// other one above the literals (the clear, the end, the entry not yet
// defined and beyond) 0.
//
// The loop keeps few variables, so that none it carries from code to
// code lives on the stack. The width follows the table rather than
// giflib's running count: for the streams this decoder accepts (a
// literal first after every clear, a minimum code size of 2 or more)
// the running count is always two past the next entry, so the width
// grows at the same code. Once the table is full, entries go on being
// "defined" in a spare slot no code reaches, which saves a test.
LzwDecoder::Stop LzwDecoder::decodeFast(const std::uint8_t *data, std::size_t size, int minCodeSize,
                                        std::uint8_t *out, std::size_t count)
{
    BitReader in(data, size);
    const int clear = 1 << minCodeSize;
    resetFastTable(clear);
    std::uint8_t *dst = out;
    std::uint8_t *const dstEnd = out + count;
    int next = clear + 2;
    int width = minCodeSize + 1;
    // The first code of a frame and after each clear: a literal (or more
    // clears), with no entry to define.
    const auto restart = [&in, &dst, clear, width = minCodeSize + 1]() {
        for (;;) {
            if (!in.fill(width))
                return Stop::OutOfData;
            const int code = in.take(width);
            if (code != clear) {
                if (code > clear)
                    return code == clear + 1 ? Stop::EndTooSoon : Stop::Irregular;
                *dst++ = static_cast<std::uint8_t>(code);
                return Stop::Done;
            }
        }
    };
    std::size_t lastLen = 1;
    Stop stop = count != 0 ? restart() : Stop::Done;
    while (stop == Stop::Done && dst < dstEnd) {
        if (!in.fill(width)) {
            stop = Stop::OutOfData;
            break;
        }
        const int code = in.take(width);
        std::size_t n = 1;
        if (code < clear) {
            *dst = static_cast<std::uint8_t>(code);
        } else if ((n = m_length[static_cast<std::size_t>(code)]) != 0) {
            copyString(dst, out + m_offset[static_cast<std::size_t>(code)],
                       std::min(n, static_cast<std::size_t>(dstEnd - dst)));
        } else if (code == next) {
            // The entry this very code defines: the last string and its own first byte.
            const std::size_t room = static_cast<std::size_t>(dstEnd - dst);
            n = lastLen + 1;
            copyString(dst, dst - lastLen, std::min(lastLen, room));
            if (lastLen < room)
                dst[lastLen] = dst[-static_cast<std::ptrdiff_t>(lastLen)];
        } else if (code == clear) {
            std::fill(m_length.begin() + clear + 2, m_length.begin() + next, 0);
            next = clear + 2;
            width = minCodeSize + 1;
            lastLen = 1;
            stop = restart();
            continue;
        } else {
            stop = code == clear + 1 ? Stop::EndTooSoon : Stop::Irregular;
            break;
        }
        const auto entry = static_cast<std::size_t>(next);
        m_offset[entry] =
            static_cast<std::uint32_t>(dst - out) - static_cast<std::uint32_t>(lastLen);
        m_length[entry] = static_cast<std::uint16_t>(lastLen + 1);
        next += next < kTableEnd;
        if (next >> width != 0 && width < kMaxBits)
            ++width;
        lastLen = n;
        // A string cut short by the frame's end stops at it: no pointer
        // past the buffer is ever formed.
        dst += std::min(n, static_cast<std::size_t>(dstEnd - dst));
    }
    m_dirty = std::max(m_dirty, next + 1);
    return stop;
}

int LzwDecoder::firstOf(int code, int clear) const
{
    // Follows prefixes to a literal, giving up after as many steps as the
    // table has entries (a damaged table can hold a loop), or at an entry
    // never defined.
    for (int steps = 0; code > clear && steps < kCodes; ++steps) {
        if (code >= kCodes)
            return kNone;
        code = m_prefix[static_cast<std::size_t>(code)];
    }
    return code;
}

LzwDecoder::Stop LzwDecoder::decodeExact(const std::uint8_t *data, std::size_t size,
                                         int minCodeSize, std::uint8_t *out, std::size_t count)
{
    // giflib's rules, kept for the streams the fast decoder refuses: a
    // code without an entry still decodes when a trace of it ends at a
    // literal, and only a trace longer than the table is a defect.
    CodeReader in(data, size, minCodeSize);
    const int clear = 1 << minCodeSize;
    const int end = clear + 1;
    int last = kNone;
    m_prefix.fill(kNone);
    m_suffix.fill(0);
    int highest = end; // the highest entry defined since the last clear
    std::size_t pos = 0;
    while (pos < count) {
        int code = 0;
        if (!in.next(&code))
            return Stop::OutOfData;
        const int running = in.running();
        if (code == end)
            return Stop::EndTooSoon;
        if (code == clear) {
            // Only the entries defined since the last clear: a stream of
            // clears must not cost a whole table each.
            std::fill(m_prefix.begin() + end, m_prefix.begin() + highest + 1,
                      static_cast<std::uint16_t>(kNone));
            highest = end;
            in.restart();
            last = kNone;
            continue;
        }
        const std::size_t defined = static_cast<std::size_t>(running - 2);
        if (code < clear) {
            out[pos++] = static_cast<std::uint8_t>(code);
        } else {
            int depth = 0;
            int trace = code;
            if (m_prefix[static_cast<std::size_t>(code)] == kNone) {
                trace = last;
                const auto first =
                    static_cast<std::uint8_t>(firstOf(code == running - 2 ? last : code, clear));
                m_suffix[defined] = first;
                m_stack[static_cast<std::size_t>(depth++)] = first;
            }
            while (depth < kCodes - 1 && trace > clear && trace < kCodes) {
                m_stack[static_cast<std::size_t>(depth++)] =
                    m_suffix[static_cast<std::size_t>(trace)];
                trace = m_prefix[static_cast<std::size_t>(trace)];
            }
            if (depth >= kCodes - 1 || trace >= kCodes)
                return Stop::BadCode;
            m_stack[static_cast<std::size_t>(depth++)] = static_cast<std::uint8_t>(trace);
            while (depth > 0 && pos < count)
                out[pos++] = m_stack[static_cast<std::size_t>(--depth)];
        }
        if (last != kNone && running - 2 < kTableEnd && m_prefix[defined] == kNone) {
            m_prefix[defined] = static_cast<std::uint16_t>(last);
            highest = std::max(highest, static_cast<int>(defined));
            m_suffix[defined] =
                static_cast<std::uint8_t>(firstOf(code == running - 2 ? last : code, clear));
        }
        last = code;
    }
    return Stop::Done;
}

} // namespace gifscan
