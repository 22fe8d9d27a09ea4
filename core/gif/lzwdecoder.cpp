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
    BitReader(const std::uint8_t *data, std::size_t size) : m_p(data), m_end(data + size) {}

    bool fill(int need)
    {
        if (m_count >= need)
            return true;
        if (m_end - m_p >= 8) {
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
    Outcome outcome = Outcome::Irregular;
    if (minCodeSize >= 2)
        outcome = decodeFast(data, size, minCodeSize, out, count);
    if (outcome == Outcome::Irregular) {
        ++m_exactDecodes;
        outcome = decodeExact(data, size, minCodeSize, out, count);
    }
    switch (outcome) {
    case Outcome::Done:
        // giflib skips the data left after the last pixel; a file that ends
        // inside it fails there.
        return cut ? GifFault::ReadFailed : GifFault::None;
    case Outcome::OutOfData:
        return cut ? GifFault::ReadFailed : GifFault::ImageDefect;
    case Outcome::EndTooSoon:
        return GifFault::EofTooSoon;
    case Outcome::BadCode:
    case Outcome::Irregular:
        break;
    }
    return GifFault::ImageDefect;
}

LzwDecoder::Outcome LzwDecoder::decodeFast(const std::uint8_t *data, std::size_t size,
                                           int minCodeSize, std::uint8_t *out, std::size_t count)
{
    CodeReader in(data, size, minCodeSize);
    const int clear = 1 << minCodeSize;
    const int end = clear + 1;
    int next = end + 1; // the first entry not yet defined
    int last = kNone;
    std::size_t lastPos = 0;
    std::size_t lastLen = 0;
    std::size_t pos = 0;
    while (pos < count) {
        int code = 0;
        if (!in.next(&code))
            return Outcome::OutOfData;
        const int running = in.running();
        const std::size_t room = count - pos;
        std::size_t n;
        if (code < clear) {
            out[pos] = static_cast<std::uint8_t>(code);
            n = 1;
        } else if (code > end && code < next) {
            n = m_length[static_cast<std::size_t>(code)];
            copyString(out + pos, out + m_offset[static_cast<std::size_t>(code)],
                       std::min(n, room));
        } else if (code == clear) {
            in.restart();
            next = end + 1;
            last = kNone;
            continue;
        } else if (code == end) {
            return Outcome::EndTooSoon;
        } else if (code == next && code == running - 2 && last != kNone && code < kTableEnd) {
            // The entry this very code defines: the last string and its own first byte.
            n = lastLen + 1;
            copyString(out + pos, out + lastPos, std::min(lastLen, room));
            if (lastLen < room)
                out[pos + lastLen] = out[lastPos];
        } else {
            return Outcome::Irregular;
        }
        if (last != kNone && next == running - 2 && next < kTableEnd) {
            m_offset[static_cast<std::size_t>(next)] = static_cast<std::uint32_t>(lastPos);
            m_length[static_cast<std::size_t>(next)] = static_cast<std::uint16_t>(lastLen + 1);
            ++next;
        }
        last = code;
        lastPos = pos;
        lastLen = n;
        pos += n;
    }
    return Outcome::Done;
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

LzwDecoder::Outcome LzwDecoder::decodeExact(const std::uint8_t *data, std::size_t size,
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
    int highest = end; // the highest entry defined since the last clear
    std::size_t pos = 0;
    while (pos < count) {
        int code = 0;
        if (!in.next(&code))
            return Outcome::OutOfData;
        const int running = in.running();
        if (code == end)
            return Outcome::EndTooSoon;
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
                return Outcome::BadCode;
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
    return Outcome::Done;
}

} // namespace gifscan
