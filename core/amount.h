#pragma once

#include "core/bytes.h"

#include <QLocale>
#include <boost/multiprecision/cpp_int.hpp>

namespace gifscan {

// Exact 256-bit unsigned amounts of base units (1 GIF = 10^18). Checked:
// overflow or underflow throws std::overflow_error / std::range_error
// instead of wrapping, so a bug cannot mint money silently.
using Amount = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<
    256, 256, boost::multiprecision::unsigned_magnitude, boost::multiprecision::checked, void>>;

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
QString formatGif(const Amount &amount, const QLocale &locale = QLocale());

} // namespace gifscan
