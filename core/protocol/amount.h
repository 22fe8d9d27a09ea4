#pragma once

#include <QString>
#include <array>
#include <compare>
#include <concepts>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>

class QLocale;

namespace gifscan {

// Exact 256-bit unsigned amounts of base units (1 GIF = 10^18). Checked:
// overflow throws std::overflow_error and a negative result std::range_error
// instead of wrapping, so a bug cannot mint money silently.
//
// A type of our own rather than Boost.Multiprecision's cpp_int: this header
// reaches most of the tree, and cpp_int doubled the preprocessed size of
// every unit that included it. The arithmetic is the protocol's few
// operations on four 64-bit limbs; tests/core/protocol/amounttest.cpp holds it to
// Boost as the oracle, and bench_core measures it beside Boost.
class Amount
{
public:
    constexpr Amount() = default;
    // Any integer converts, as the wire's small constants do ("gas × 21000");
    // a negative one is refused as a negative result would be.
    template <std::integral T> constexpr Amount(T value) // NOLINT(google-explicit-constructor)
    {
        if constexpr (std::is_signed_v<T>) {
            if (value < 0)
                throw std::range_error("negative amount");
        }
        m_limbs[0] = static_cast<std::uint64_t>(value);
    }

    // Least significant limb first.
    static constexpr Amount fromLimbs(const std::array<std::uint64_t, 4> &limbs)
    {
        Amount a;
        a.m_limbs = limbs;
        return a;
    }
    constexpr const std::array<std::uint64_t, 4> &limbs() const { return m_limbs; }

    // nullopt past 2^64 - 1.
    constexpr std::optional<std::uint64_t> toUint64() const
    {
        if (m_limbs[1] | m_limbs[2] | m_limbs[3])
            return std::nullopt;
        return m_limbs[0];
    }
    // The nearest double or near it (charts and axes, never sums).
    double toDouble() const;
    // Decimal digits, no sign, no leading zeros.
    std::string str() const;

    friend Amount operator+(const Amount &a, const Amount &b);
    friend Amount operator-(const Amount &a, const Amount &b);
    friend Amount operator*(const Amount &a, const Amount &b);
    // Division by zero throws std::overflow_error, as Boost's did.
    friend Amount operator/(const Amount &a, const Amount &b);
    friend Amount operator%(const Amount &a, const Amount &b);
    Amount &operator+=(const Amount &b) { return *this = *this + b; }
    Amount &operator-=(const Amount &b) { return *this = *this - b; }
    Amount &operator*=(const Amount &b) { return *this = *this * b; }
    Amount &operator/=(const Amount &b) { return *this = *this / b; }
    Amount &operator%=(const Amount &b) { return *this = *this % b; }
    // Shifting a set bit out throws std::overflow_error; so does a shift
    // past 255. Right shifts drop bits, as division does.
    friend Amount operator<<(const Amount &a, int bits);
    friend Amount operator>>(const Amount &a, int bits);
    // Every bit flipped: ~Amount(0) is 2^256 - 1.
    friend constexpr Amount operator~(const Amount &a)
    {
        return fromLimbs({~a.m_limbs[0], ~a.m_limbs[1], ~a.m_limbs[2], ~a.m_limbs[3]});
    }

    friend constexpr bool operator==(const Amount &a, const Amount &b) = default;
    friend constexpr std::strong_ordering operator<=>(const Amount &a, const Amount &b)
    {
        for (int i = 3; i >= 0; --i) {
            const auto k = static_cast<std::size_t>(i);
            if (a.m_limbs[k] != b.m_limbs[k])
                return a.m_limbs[k] <=> b.m_limbs[k];
        }
        return std::strong_ordering::equal;
    }

private:
    std::array<std::uint64_t, 4> m_limbs{};
};

// Decimal, for test failures and logs.
std::ostream &operator<<(std::ostream &out, const Amount &amount);

// Quotient and remainder in one pass; nullopt for a zero divisor.
struct AmountDivision
{
    Amount quotient;
    Amount remainder;
};
std::optional<AmountDivision> divide(const Amount &a, const Amount &b);

inline constexpr int kGifDecimals = 18;

// Sums and products of amounts that anyone can choose (a transaction's gas
// price, value, price): nullopt past 2^256 - 1 instead of an exception, so
// outside input is refused in words and never aborts a node or a window.
std::optional<Amount> checkedAdd(const Amount &a, const Amount &b);
std::optional<Amount> checkedMul(const Amount &a, const Amount &b);
Amount oneGif();

// Strict decimal form of the wire: digits only, no sign, no leading zeros.
std::optional<Amount> parseAmount(const QString &decimal);
QString amountToString(const Amount &amount);

std::array<std::uint8_t, 32> amountToBigEndian(const Amount &amount);
Amount amountFromBigEndian(std::span<const std::uint8_t, 32> bytes);

// For people: exact, trailing fractional zeros dropped, the locale's group and
// decimal separators, and the unit: "1,500.25 GIF", "0.000000000000000001 GIF".
QString formatGif(const Amount &amount);
QString formatGif(const Amount &amount, const QLocale &locale);
// For machines and links (a filter's price): the same exact decimal GIF
// with '.' and no grouping or unit, "1500.25", whatever the locale.
QString plainGif(const Amount &amount);

} // namespace gifscan
