#include "core/amount.h"

namespace gifscan {

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
    static const Amount one = [] {
        Amount v = 1;
        for (int i = 0; i < kGifDecimals; ++i)
            v *= 10;
        return v;
    }();
    return one;
}

std::optional<Amount> parseAmount(const QString &decimal)
{
    if (decimal.isEmpty() || decimal.size() > 78)
        return std::nullopt;
    if (decimal.size() > 1 && decimal.front() == u'0')
        return std::nullopt;
    Amount value = 0;
    try {
        for (QChar c : decimal) {
            if (c < u'0' || c > u'9')
                return std::nullopt;
            value = value * 10 + (c.unicode() - u'0');
        }
    } catch (const std::exception &) {
        return std::nullopt; // larger than 2^256 - 1
    }
    return value;
}

QString amountToString(const Amount &amount)
{
    return QString::fromStdString(amount.str());
}

std::array<std::uint8_t, 32> amountToBigEndian(const Amount &amount)
{
    std::array<std::uint8_t, 32> out{};
    Amount v = amount;
    for (int i = 31; i >= 0 && v != 0; --i) {
        out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v & 0xff);
        v >>= 8;
    }
    return out;
}

Amount amountFromBigEndian(std::span<const std::uint8_t, 32> bytes)
{
    Amount v = 0;
    for (auto b : bytes) {
        v <<= 8;
        v |= b;
    }
    return v;
}

QString formatGif(const Amount &amount, const QLocale &locale)
{
    const Amount whole = amount / oneGif();
    const Amount frac = amount % oneGif();

    // Group the integer part by hand: QLocale only groups machine integers.
    const QString digits = amountToString(whole);
    QString grouped;
    const QString group = locale.groupSeparator();
    for (qsizetype i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0 &&
            !locale.numberOptions().testFlag(QLocale::OmitGroupSeparator))
            grouped += group;
        grouped += locale.toString(digits.mid(i, 1).toInt());
    }
    QString text = grouped;
    if (frac != 0) {
        QString fracDigits = amountToString(frac).rightJustified(kGifDecimals, u'0');
        while (fracDigits.endsWith(u'0'))
            fracDigits.chop(1);
        QString localized;
        for (QChar c : fracDigits)
            localized += locale.toString(c.unicode() - u'0');
        text += locale.decimalPoint() + localized;
    }
    return text + QStringLiteral(" GIF");
}

} // namespace gifscan
