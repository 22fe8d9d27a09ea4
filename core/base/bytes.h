#pragma once

#include <QByteArray>
#include <QString>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gifscan {

using Hash32 = std::array<std::uint8_t, 32>;
using Address = std::array<std::uint8_t, 20>;
// A recoverable secp256k1 signature: r[32] s[32] v[1] (PROTOCOL §3). Here,
// not beside the key that makes it, so that what carries signatures (a
// header's commit) does not include the signer.
using Signature = std::array<std::uint8_t, 65>;
using Bytes = std::vector<std::uint8_t>;

inline constexpr Hash32 kZeroHash{};

// Lowercase, 0x-prefixed: the only spelling the wire uses (PROTOCOL §1).
std::string toHex(std::span<const std::uint8_t> bytes);
QString toHexString(std::span<const std::uint8_t> bytes);

// Accepts upper or lower case digits; the 0x prefix and an even digit count are required.
std::optional<Bytes> parseHex(std::string_view text);
// Pairs of hex digits with no prefix (as PostgreSQL's bytea after its "\x").
std::optional<Bytes> parseHexDigits(std::string_view text);
std::optional<Bytes> parseHex(const QString &text);

template <std::size_t N>
std::optional<std::array<std::uint8_t, N>> parseFixedHex(const QString &text)
{
    if (text.size() != static_cast<qsizetype>(2 + 2 * N))
        return std::nullopt;
    auto bytes = parseHex(text);
    if (!bytes)
        return std::nullopt;
    std::array<std::uint8_t, N> out{};
    std::copy(bytes->begin(), bytes->end(), out.begin());
    return out;
}

inline std::optional<Hash32> parseHash(const QString &text)
{
    return parseFixedHex<32>(text);
}
inline std::optional<Address> parseAddress(const QString &text)
{
    return parseFixedHex<20>(text);
}

inline std::span<const std::uint8_t> asBytes(const QByteArray &data)
{
    return {reinterpret_cast<const std::uint8_t *>(data.constData()),
            static_cast<std::size_t>(data.size())};
}

inline QByteArray toByteArray(std::span<const std::uint8_t> bytes)
{
    return QByteArray(reinterpret_cast<const char *>(bytes.data()),
                      static_cast<qsizetype>(bytes.size()));
}

// Big-endian appenders for the binary encodings of PROTOCOL §2 and §3.
void appendU16(Bytes &out, std::uint16_t v);
void appendU32(Bytes &out, std::uint32_t v);
void appendU64(Bytes &out, std::uint64_t v);
void appendBytes(Bytes &out, std::span<const std::uint8_t> bytes);

} // namespace gifscan
