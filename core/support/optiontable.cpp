#include "core/support/optiontable.h"

namespace gifscan {

QCommandLineOption commandLineOption(const char *name, const char *words, const char *valueName,
                                     const char *defaultValue)
{
    QCommandLineOption o(QString::fromLatin1(name), QString::fromUtf8(words));
    if (valueName)
        o.setValueName(QString::fromLatin1(valueName));
    if (defaultValue)
        o.setDefaultValue(QString::fromLatin1(defaultValue));
    return o;
}

AskedFor askedFor(const QCommandLineParser &parser)
{
    if (parser.isSet(QStringLiteral("version")))
        return AskedFor::Version;
    return parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"))
               ? AskedFor::Help
               : AskedFor::Nothing;
}

std::optional<qint64> readInteger(const QString &value, qint64 low, qint64 high)
{
    bool ok = false;
    const qint64 n = value.toLongLong(&ok);
    if (!ok || n < low || n > high)
        return std::nullopt;
    return n;
}

std::optional<double> readNumber(const QString &value, double above, double atMost)
{
    bool ok = false;
    const double n = value.toDouble(&ok);
    if (!ok || !(n > above) || !(n <= atMost))
        return std::nullopt;
    return n;
}

std::optional<RateValue> readRate(const QString &value)
{
    if (value == QLatin1String("off"))
        return RateValue{true, 0, 0};
    const QStringList rb = value.split(u':');
    if (rb.size() != 2)
        return std::nullopt;
    bool okRate = false, okBurst = false;
    const RateValue rate{false, rb[0].toDouble(&okRate), rb[1].toDouble(&okBurst)};
    if (!okRate || !okBurst || !(rate.rate > 0) || !(rate.burst >= 1))
        return std::nullopt;
    return rate;
}

} // namespace gifscan
