#include "models/displayformat.h"

#include <QCoreApplication>
#include <algorithm>
#include <limits>

namespace DisplayFormat {

QString age(std::uint64_t seconds, qint64 nowMs)
{
    // Compared before subtracting: a hostile timestamp past 2^63 must not
    // wrap into a negative number.
    const qint64 nowSeconds = std::max<qint64>(nowMs / 1000, 0);
    if (seconds >= static_cast<std::uint64_t>(nowSeconds))
        return QCoreApplication::translate("DisplayFormat", "just now");
    const qint64 s = nowSeconds - static_cast<qint64>(seconds);
    auto say = [](const char *text, qint64 n) {
        return QCoreApplication::translate("DisplayFormat", text).arg(QLocale().toString(n));
    };
    if (s < 1)
        return QCoreApplication::translate("DisplayFormat", "just now");
    if (s < 60)
        return say(QT_TRANSLATE_NOOP("DisplayFormat", "%1 s ago"), s);
    if (s < 3600)
        return say(QT_TRANSLATE_NOOP("DisplayFormat", "%1 min ago"), s / 60);
    if (s < 86400)
        return say(QT_TRANSLATE_NOOP("DisplayFormat", "%1 h ago"), s / 3600);
    return say(QT_TRANSLATE_NOOP("DisplayFormat", "%1 d ago"), s / 86400);
}

QString duration(std::uint64_t seconds)
{
    struct Unit
    {
        std::uint64_t seconds;
        const char *text;
    };
    static constexpr Unit kUnits[] = {{86400, QT_TRANSLATE_NOOP("DisplayFormat", "%1 d")},
                                      {3600, QT_TRANSLATE_NOOP("DisplayFormat", "%1 h")},
                                      {60, QT_TRANSLATE_NOOP("DisplayFormat", "%1 min")},
                                      {1, QT_TRANSLATE_NOOP("DisplayFormat", "%1 s")}};
    auto say = [](const Unit &u, std::uint64_t n) {
        return QCoreApplication::translate("DisplayFormat", u.text)
            .arg(QLocale().toString(static_cast<qulonglong>(n)));
    };
    for (std::size_t i = 0; i < std::size(kUnits); ++i) {
        const Unit &u = kUnits[i];
        if (seconds < u.seconds && u.seconds != 1)
            continue;
        const std::uint64_t whole = seconds / u.seconds, rest = seconds % u.seconds;
        if (i + 1 == std::size(kUnits) || rest / kUnits[i + 1].seconds == 0)
            return say(u, whole);
        return QCoreApplication::translate("DisplayFormat", "%1 %2")
            .arg(say(u, whole), say(kUnits[i + 1], rest / kUnits[i + 1].seconds));
    }
    return say(kUnits[3], 0);
}

QString exactTime(std::uint64_t seconds)
{
    // ISO order with the zone's abbreviation: unambiguous in every locale,
    // which a locale's short format ("11/23/26 2:17 AM") is not.
    return QDateTime::fromSecsSinceEpoch(static_cast<qint64>(seconds))
        .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss t"));
}

QString when(std::uint64_t seconds, qint64 nowMs, std::uint64_t confirmations)
{
    const QString time = QCoreApplication::translate("DisplayFormat", "%1 (%2)")
                             .arg(exactTime(seconds), age(seconds, nowMs));
    if (confirmations == 0)
        return time;
    const int n =
        static_cast<int>(std::min<std::uint64_t>(confirmations, std::numeric_limits<int>::max()));
    return QCoreApplication::translate("DisplayFormat", "%1, %Ln confirmation(s)", nullptr, n)
        .arg(time);
}

QString gasPrice(const gifscan::Amount &value)
{
    // A million gwei (10^15 units) and more: in GIF. Below it the value fits
    // 64 bits.
    if (value >= gifscan::Amount(1'000'000'000'000'000ULL))
        return amount(value);
    const std::uint64_t units = *value.toUint64();
    QString text = QLocale().toString(static_cast<qulonglong>(units / 1'000'000'000ULL));
    if (const std::uint64_t fraction = units % 1'000'000'000ULL; fraction != 0) {
        QString digits = QStringLiteral("%1").arg(fraction, 9, 10, QLatin1Char('0'));
        while (digits.endsWith(u'0'))
            digits.chop(1);
        text += QLocale().decimalPoint() + digits;
    }
    return QCoreApplication::translate("DisplayFormat", "%1 gwei").arg(text);
}

} // namespace DisplayFormat
