#include "core/base/bytes.h"

namespace gifscan {

namespace {
constexpr char kDigits[] = "0123456789abcdef";

int nibble(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}
} // namespace

std::string toHex(std::span<const std::uint8_t> bytes)
{
    std::string out;
    out.reserve(2 + bytes.size() * 2);
    out += "0x";
    for (auto b : bytes) {
        out += kDigits[b >> 4];
        out += kDigits[b & 0xf];
    }
    return out;
}

QString toHexString(std::span<const std::uint8_t> bytes)
{
    return QString::fromLatin1(toHex(bytes));
}

std::optional<Bytes> parseHex(std::string_view text)
{
    if (text.size() < 2 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X'))
        return std::nullopt;
    text.remove_prefix(2);
    return parseHexDigits(text);
}

std::optional<Bytes> parseHexDigits(std::string_view text)
{
    if (text.size() % 2 != 0)
        return std::nullopt;
    Bytes out(text.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i) {
        int hi = nibble(text[2 * i]);
        int lo = nibble(text[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return std::nullopt;
        out[i] = static_cast<std::uint8_t>(hi << 4 | lo);
    }
    return out;
}

std::optional<Bytes> parseHex(const QString &text)
{
    for (QChar c : text) {
        if (c.unicode() > 0x7f)
            return std::nullopt;
    }
    const QByteArray latin = text.toLatin1();
    return parseHex(std::string_view(latin.constData(), static_cast<std::size_t>(latin.size())));
}

void appendU16(Bytes &out, std::uint16_t v)
{
    out.push_back(static_cast<std::uint8_t>(v >> 8));
    out.push_back(static_cast<std::uint8_t>(v));
}

void appendU32(Bytes &out, std::uint32_t v)
{
    for (int shift = 24; shift >= 0; shift -= 8)
        out.push_back(static_cast<std::uint8_t>(v >> shift));
}

void appendU64(Bytes &out, std::uint64_t v)
{
    for (int shift = 56; shift >= 0; shift -= 8)
        out.push_back(static_cast<std::uint8_t>(v >> shift));
}

void appendBytes(Bytes &out, std::span<const std::uint8_t> bytes)
{
    out.insert(out.end(), bytes.begin(), bytes.end());
}

} // namespace gifscan
