#pragma once

// GIF files made in tests: a GIF89a wrapper around one frame's LZW data,
// and an LZW encoder written from the GIF89a specification, with the
// choices a decoder must cope with (when to clear, whether to keep the
// table full instead, how to cut the data into sub-blocks).
#include <QByteArray>
#include <cstdint>
#include <map>
#include <random>
#include <utility>
#include <vector>

namespace gifscan::test {

struct LzwOptions
{
    int minCodeSize = 8;
    // Entries the encoder defines before it clears, or with `deferClear`
    // before it stops defining and goes on with the table as it is.
    int tableEnd = 4095;
    bool deferClear = false;
    bool endCode = true;
};

class LzwBits
{
public:
    void put(int code, int width)
    {
        m_acc |= static_cast<std::uint64_t>(code) << m_count;
        m_count += width;
        while (m_count >= 8) {
            m_bytes.push_back(static_cast<char>(m_acc & 0xff));
            m_acc >>= 8;
            m_count -= 8;
        }
    }
    QByteArray finish()
    {
        if (m_count > 0)
            m_bytes.push_back(static_cast<char>(m_acc & 0xff));
        m_acc = 0;
        m_count = 0;
        return m_bytes;
    }

private:
    QByteArray m_bytes;
    std::uint64_t m_acc = 0;
    int m_count = 0;
};

inline QByteArray lzwEncode(const std::vector<std::uint8_t> &pixels, const LzwOptions &o = {})
{
    const int clear = 1 << o.minCodeSize;
    const int end = clear + 1;
    LzwBits out;
    int width = o.minCodeSize + 1;
    // The decoder reads a code one bit wider once the codes read since the
    // clear, counted from end + 1, pass 2^width: the encoder counts alike.
    int running = end + 1;
    int next = end + 1;
    std::map<std::pair<int, int>, int> table;
    const auto send = [&](int code) {
        out.put(code, width);
        if (running < 4097 && ++running > (1 << width) && width < 12)
            ++width;
        if (code == clear) {
            width = o.minCodeSize + 1;
            running = end + 1;
        }
    };
    send(clear);
    if (pixels.empty()) {
        send(end);
        return out.finish();
    }
    int prefix = pixels[0];
    for (std::size_t i = 1; i < pixels.size(); ++i) {
        const int c = pixels[i];
        if (const auto it = table.find({prefix, c}); it != table.end()) {
            prefix = it->second;
            continue;
        }
        send(prefix);
        if (next < o.tableEnd) {
            table[{prefix, c}] = next++;
        } else if (!o.deferClear) {
            send(clear);
            table.clear();
            next = end + 1;
        }
        prefix = c;
    }
    send(prefix);
    if (o.endCode)
        send(end);
    return out.finish();
}

// One frame on a canvas of its size, a 256-colour global palette (index i
// is (i, 255 - i, 7i)), its LZW data in sub-blocks of `blockSize` bytes.
inline QByteArray gifOfLzw(int width, int height, int minCodeSize, const QByteArray &lzw,
                           bool interlaced = false, int blockSize = 255)
{
    QByteArray g("GIF89a");
    auto word = [&](int v) {
        g.append(static_cast<char>(v & 0xff));
        g.append(static_cast<char>(v >> 8));
    };
    word(width);
    word(height);
    g.append(static_cast<char>(0xf7)); // global palette of 256
    g.append('\0');
    g.append('\0');
    for (int i = 0; i < 256; ++i) {
        g.append(static_cast<char>(i));
        g.append(static_cast<char>(255 - i));
        g.append(static_cast<char>(7 * i));
    }
    g.append(',');
    word(0);
    word(0);
    word(width);
    word(height);
    g.append(static_cast<char>(interlaced ? 0x40 : 0));
    g.append(static_cast<char>(minCodeSize));
    for (qsizetype at = 0; at < lzw.size(); at += blockSize) {
        const qsizetype n = std::min<qsizetype>(blockSize, lzw.size() - at);
        g.append(static_cast<char>(n));
        g.append(lzw.mid(at, n));
    }
    g.append('\0');
    g.append(';');
    return g;
}

// Pixels with runs and repeats, as drawn images have, so strings grow long.
inline std::vector<std::uint8_t> patternedPixels(std::mt19937 &rng, std::size_t count, int colours)
{
    std::vector<std::uint8_t> px(count);
    std::uniform_int_distribution<int> colour(0, colours - 1), run(1, 40), kind(0, 3);
    for (std::size_t i = 0; i < count;) {
        const int n = run(rng);
        const int k = kind(rng);
        for (int j = 0; j < n && i < count; ++j, ++i) {
            if (k == 0)
                px[i] = static_cast<std::uint8_t>(colour(rng));
            else if (k == 1 && i >= 64)
                px[i] = px[i - 64];
            else
                px[i] = static_cast<std::uint8_t>(k * 3 % colours);
        }
    }
    return px;
}

} // namespace gifscan::test
