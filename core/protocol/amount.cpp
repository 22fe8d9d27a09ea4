#include "core/protocol/amount.h"

#include <QLocale>
#include <ostream>

namespace gifscan {

namespace {

using Limbs = std::array<std::uint64_t, 4>;
__extension__ using Wide = unsigned __int128; // GCC and clang: a 64×64→128 product

// Limbs[i]·m + carry over the whole number; the carry out is what did not fit.
std::uint64_t multiplySmall(Limbs &limbs, std::uint64_t m, std::uint64_t carry)
{
    for (auto &limb : limbs) {
        const Wide p = static_cast<Wide>(limb) * m + carry;
        limb = static_cast<std::uint64_t>(p);
        carry = static_cast<std::uint64_t>(p >> 64);
    }
    return carry;
}

// (hi·2^64 + lo) / d where hi < d, so the quotient fits a limb. x86-64's
// divq does this in one instruction; the 128-bit operator would call
// __udivti3, several times slower, on every digit group printed.
std::uint64_t divideWide(std::uint64_t hi, std::uint64_t lo, std::uint64_t d, std::uint64_t *rest)
{
#if defined(__x86_64__)
    std::uint64_t q, r;
    asm("divq %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d));
    *rest = r;
    return q;
#else
    const Wide cur = (static_cast<Wide>(hi) << 64) | lo;
    *rest = static_cast<std::uint64_t>(cur % d);
    return static_cast<std::uint64_t>(cur / d);
#endif
}

// Short division by one limb; returns the remainder.
std::uint64_t divideSmall(Limbs &limbs, std::uint64_t d)
{
    int top = 3;
    while (top > 0 && limbs[static_cast<std::size_t>(top)] == 0)
        --top;
    std::uint64_t rest = 0;
    for (int i = top; i >= 0; --i) {
        const auto k = static_cast<std::size_t>(i);
        limbs[k] = divideWide(rest, limbs[k], d, &rest);
    }
    return rest;
}

int bitLength(const Limbs &limbs)
{
    for (int i = 3; i >= 0; --i) {
        if (const std::uint64_t limb = limbs[static_cast<std::size_t>(i)]; limb != 0)
            return i * 64 + 64 - __builtin_clzll(limb);
    }
    return 0;
}

bool subtractInPlace(Limbs &a, const Limbs &b) // a -= b; true when it borrowed out
{
    std::uint64_t borrow = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const std::uint64_t bi = b[i] + borrow;
        const bool wrapped = borrow != 0 && bi == 0; // b[i] was 2^64 - 1
        borrow = (wrapped || a[i] < bi) ? 1 : 0;
        a[i] -= bi;
    }
    return borrow != 0;
}

constexpr std::uint64_t kTenToThe19 = 10'000'000'000'000'000'000ULL;

} // namespace

Amount operator+(const Amount &a, const Amount &b)
{
    Limbs sum{};
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const Wide s = static_cast<Wide>(a.m_limbs[i]) + b.m_limbs[i] + carry;
        sum[i] = static_cast<std::uint64_t>(s);
        carry = static_cast<std::uint64_t>(s >> 64);
    }
    if (carry != 0)
        throw std::overflow_error("amount overflow");
    return Amount::fromLimbs(sum);
}

Amount operator-(const Amount &a, const Amount &b)
{
    Limbs diff = a.m_limbs;
    if (subtractInPlace(diff, b.m_limbs))
        throw std::range_error("negative amount");
    return Amount::fromLimbs(diff);
}

Amount operator*(const Amount &a, const Amount &b)
{
    // Schoolbook on 64-bit limbs: every partial product at or past limb 4
    // must be zero, or the result is past 2^256 - 1.
    Limbs product{};
    for (std::size_t i = 0; i < 4; ++i) {
        if (a.m_limbs[i] == 0)
            continue;
        std::uint64_t carry = 0;
        for (std::size_t j = 0; j < 4; ++j) {
            if (i + j >= 4) {
                if (b.m_limbs[j] != 0)
                    throw std::overflow_error("amount overflow");
                continue;
            }
            const Wide p = static_cast<Wide>(a.m_limbs[i]) * b.m_limbs[j] + product[i + j] + carry;
            product[i + j] = static_cast<std::uint64_t>(p);
            carry = static_cast<std::uint64_t>(p >> 64);
        }
        if (carry != 0)
            throw std::overflow_error("amount overflow");
    }
    return Amount::fromLimbs(product);
}

std::optional<AmountDivision> divide(const Amount &a, const Amount &b)
{
    if (b == Amount())
        return std::nullopt;
    if (const auto small = b.toUint64()) {
        Limbs q = a.limbs();
        const std::uint64_t r = divideSmall(q, *small);
        return AmountDivision{Amount::fromLimbs(q), Amount(r)};
    }
    // Binary long division over the dividend's bits: a divisor of two or
    // more limbs leaves at most 192 quotient bits, and amounts are divided
    // rarely (display, fees), so the simple loop is the right trade.
    Limbs q{}, r{};
    const Limbs &n = a.limbs();
    for (int bit = bitLength(n) - 1; bit >= 0; --bit) {
        // A divisor with its top bit set can leave r at 2^256 or more after
        // the shift: the bit shifted out then says r > b.
        const bool carried = (r[3] >> 63) != 0;
        for (std::size_t i = 3; i > 0; --i)
            r[i] = (r[i] << 1) | (r[i - 1] >> 63);
        r[0] = (r[0] << 1) | ((n[static_cast<std::size_t>(bit / 64)] >> (bit % 64)) & 1);
        if (carried || Amount::fromLimbs(r) >= b) {
            subtractInPlace(r, b.limbs());
            q[static_cast<std::size_t>(bit / 64)] |= std::uint64_t{1} << (bit % 64);
        }
    }
    return AmountDivision{Amount::fromLimbs(q), Amount::fromLimbs(r)};
}

Amount operator/(const Amount &a, const Amount &b)
{
    const auto d = divide(a, b);
    if (!d)
        throw std::overflow_error("division by zero");
    return d->quotient;
}

Amount operator%(const Amount &a, const Amount &b)
{
    const auto d = divide(a, b);
    if (!d)
        throw std::overflow_error("division by zero");
    return d->remainder;
}

Amount operator<<(const Amount &a, int bits)
{
    if (bits < 0 || bits > 255)
        throw std::overflow_error("amount shift out of range");
    if (bits > 0 && bitLength(a.m_limbs) + bits > 256)
        throw std::overflow_error("amount overflow");
    const int limbShift = bits / 64, bitShift = bits % 64;
    auto limb = [&](int i) { return i < 0 ? 0 : a.m_limbs[static_cast<std::size_t>(i)]; };
    Limbs out{};
    for (int i = 3; i >= limbShift; --i) {
        const int from = i - limbShift;
        out[static_cast<std::size_t>(i)] =
            (limb(from) << bitShift) | (bitShift == 0 ? 0 : limb(from - 1) >> (64 - bitShift));
    }
    return Amount::fromLimbs(out);
}

Amount operator>>(const Amount &a, int bits)
{
    if (bits < 0 || bits > 255)
        throw std::overflow_error("amount shift out of range");
    const int limbShift = bits / 64, bitShift = bits % 64;
    auto limb = [&](int i) { return i > 3 ? 0 : a.m_limbs[static_cast<std::size_t>(i)]; };
    Limbs out{};
    for (int i = 0; i + limbShift < 4; ++i) {
        const int from = i + limbShift;
        out[static_cast<std::size_t>(i)] =
            (limb(from) >> bitShift) | (bitShift == 0 ? 0 : limb(from + 1) << (64 - bitShift));
    }
    return Amount::fromLimbs(out);
}

double Amount::toDouble() const
{
    double v = 0;
    for (int i = 3; i >= 0; --i)
        v = v * 18446744073709551616.0 + static_cast<double>(m_limbs[static_cast<std::size_t>(i)]);
    return v;
}

std::ostream &operator<<(std::ostream &out, const Amount &amount)
{
    return out << amount.str();
}

std::string Amount::str() const
{
    // Nineteen digits at a time, the last group first: 10^19 is the largest
    // power of ten in a limb. 2^256 - 1 has 78 digits.
    char digits[80];
    char *const end = digits + sizeof digits;
    char *first = end;
    Limbs rest = m_limbs;
    bool last = false;
    while (!last) {
        std::uint64_t group = divideSmall(rest, kTenToThe19);
        last = Amount::fromLimbs(rest) == Amount();
        // Inner groups keep their leading zeros; the leading group does not,
        // but zero itself is one digit.
        for (int i = 0; i < 19 && (!last || group != 0 || first == end); ++i) {
            *--first = static_cast<char>('0' + group % 10);
            group /= 10;
        }
    }
    return std::string(first, end);
}

std::optional<Amount> checkedAdd(const Amount &a, const Amount &b)
{
    try {
        return a + b;
    } catch (const std::overflow_error &) {
        return std::nullopt;
    }
}

std::optional<Amount> checkedMul(const Amount &a, const Amount &b)
{
    try {
        return a * b;
    } catch (const std::overflow_error &) {
        return std::nullopt;
    }
}

Amount oneGif()
{
    return Amount(1'000'000'000'000'000'000ULL);
}

std::optional<Amount> parseAmount(const QString &decimal)
{
    if (decimal.isEmpty() || decimal.size() > 78)
        return std::nullopt;
    if (decimal.size() > 1 && decimal.front() == u'0')
        return std::nullopt;
    // Up to nineteen digits at a time in a machine word, then one
    // multiply-add of the whole number per group.
    Limbs value{};
    std::uint64_t group = 0, scale = 1;
    for (qsizetype i = 0; i < decimal.size(); ++i) {
        const char16_t c = decimal.at(i).unicode();
        if (c < u'0' || c > u'9')
            return std::nullopt;
        group = group * 10 + (c - u'0');
        scale *= 10;
        if (scale == kTenToThe19 || i + 1 == decimal.size()) {
            if (multiplySmall(value, scale, group) != 0)
                return std::nullopt; // larger than 2^256 - 1
            group = 0;
            scale = 1;
        }
    }
    return Amount::fromLimbs(value);
}

QString amountToString(const Amount &amount)
{
    return QString::fromStdString(amount.str());
}

std::array<std::uint8_t, 32> amountToBigEndian(const Amount &amount)
{
    std::array<std::uint8_t, 32> out{};
    for (std::size_t i = 0; i < 32; ++i)
        out[31 - i] = static_cast<std::uint8_t>(amount.limbs()[i / 8] >> (8 * (i % 8)));
    return out;
}

Amount amountFromBigEndian(std::span<const std::uint8_t, 32> bytes)
{
    Limbs limbs{};
    for (std::size_t i = 0; i < 32; ++i)
        limbs[i / 8] |= static_cast<std::uint64_t>(bytes[31 - i]) << (8 * (i % 8));
    return Amount::fromLimbs(limbs);
}

QString formatGif(const Amount &amount)
{
    return formatGif(amount, QLocale());
}

QString formatGif(const Amount &amount, const QLocale &locale)
{
    const AmountDivision parts = *divide(amount, oneGif());

    // Group the integer part by hand: QLocale only groups machine integers.
    const QString digits = amountToString(parts.quotient);
    QString grouped;
    const QString group = locale.groupSeparator();
    for (qsizetype i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0 &&
            !locale.numberOptions().testFlag(QLocale::OmitGroupSeparator))
            grouped += group;
        grouped += locale.toString(digits.mid(i, 1).toInt());
    }
    QString text = grouped;
    if (parts.remainder != Amount()) {
        QString fracDigits = amountToString(parts.remainder).rightJustified(kGifDecimals, u'0');
        while (fracDigits.endsWith(u'0'))
            fracDigits.chop(1);
        QString localized;
        for (QChar c : fracDigits)
            localized += locale.toString(c.unicode() - u'0');
        text += locale.decimalPoint() + localized;
    }
    return text + QStringLiteral(" GIF");
}

QString plainGif(const Amount &amount)
{
    QString text = formatGif(amount, QLocale::c()); // C: ASCII digits, '.', no grouping
    Q_ASSERT(text.endsWith(QLatin1String(" GIF")));
    text.chop(4);
    return text;
}

} // namespace gifscan
