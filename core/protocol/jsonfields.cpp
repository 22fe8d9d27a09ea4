#include "core/protocol/jsonfields.h"

#include <cmath>

namespace gifscan {

std::optional<std::uint64_t> jsonUint(const QJsonValue &v)
{
    if (!v.isDouble())
        return std::nullopt;
    const double d = v.toDouble();
    if (d < 0 || d != std::floor(d) || d >= 9007199254740992.0)
        return std::nullopt;
    return static_cast<std::uint64_t>(d);
}

JsonFields::JsonFields(const QJsonValue &value, const QString &path, DecodeError *error)
    : m_path(path), m_error(error)
{
    if (!value.isObject())
        fail(nullptr, QStringLiteral("not an object"));
    else
        m_object = value.toObject();
}

QString JsonFields::pathOf(const char *key) const
{
    if (!key)
        return m_path;
    return m_path.isEmpty() ? QString(QLatin1String(key))
                            : QString(m_path + u'.' + QLatin1String(key));
}

void JsonFields::fail(const char *key, const QString &message)
{
    if (ok())
        *m_error = {pathOf(key), message};
}

QJsonValue JsonFields::required(const char *key)
{
    if (!ok())
        return {};
    const QJsonValue v = m_object.value(QLatin1String(key));
    if (v.isUndefined())
        fail(key, QStringLiteral("missing"));
    return v;
}

QJsonValue JsonFields::value(const char *key)
{
    return required(key);
}

QString JsonFields::string(const char *key)
{
    const QJsonValue v = required(key);
    if (ok() && !v.isString())
        fail(key, QStringLiteral("not a string"));
    return ok() ? v.toString() : QString();
}

QString JsonFields::optString(const char *key)
{
    const QJsonValue v = required(key);
    if (ok() && !v.isString() && !v.isNull())
        fail(key, QStringLiteral("not a string or null"));
    return ok() ? v.toString() : QString();
}

QString JsonFields::slug(const char *key)
{
    const QString s = string(key);
    if (ok() && !isValidSlug(s))
        fail(key, QStringLiteral("not a collection slug"));
    return ok() ? s : QString();
}

Hash32 JsonFields::hash(const char *key)
{
    const QString s = string(key);
    auto h = parseHash(s);
    if (ok() && !h)
        fail(key, QStringLiteral("not a hash"));
    return h.value_or(Hash32{});
}

std::optional<Hash32> JsonFields::optHash(const char *key)
{
    if (ok() && isNull(key) && has(key))
        return std::nullopt;
    return hash(key);
}

Address JsonFields::address(const char *key)
{
    const QString s = string(key);
    auto a = parseAddress(s);
    if (ok() && !a)
        fail(key, QStringLiteral("not an address"));
    return a.value_or(Address{});
}

std::optional<Address> JsonFields::optAddress(const char *key)
{
    if (ok() && isNull(key) && has(key))
        return std::nullopt;
    return address(key);
}

Amount JsonFields::amount(const char *key)
{
    const QJsonValue v = required(key);
    if (ok() && !v.isString()) {
        fail(key, QStringLiteral("not an amount (a decimal string)"));
        return 0;
    }
    auto a = parseAmount(v.toString());
    if (ok() && !a)
        fail(key, QStringLiteral("not an amount (a decimal string)"));
    return a.value_or(Amount(0));
}

std::optional<Amount> JsonFields::optAmount(const char *key)
{
    if (ok() && isNull(key) && has(key))
        return std::nullopt;
    return amount(key);
}

std::uint64_t JsonFields::uint(const char *key)
{
    const QJsonValue v = required(key);
    auto u = jsonUint(v);
    if (ok() && !u)
        fail(key, QStringLiteral("not a non-negative integer"));
    return u.value_or(0);
}

std::optional<std::uint64_t> JsonFields::optUint(const char *key)
{
    if (ok() && isNull(key) && has(key))
        return std::nullopt;
    return uint(key);
}

int JsonFields::integer(const char *key)
{
    const std::uint64_t u = uint(key);
    if (ok() && u > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
        fail(key, QStringLiteral("out of range"));
    return ok() ? static_cast<int>(u) : 0;
}

bool JsonFields::boolean(const char *key)
{
    const QJsonValue v = required(key);
    if (ok() && !v.isBool())
        fail(key, QStringLiteral("not a boolean"));
    return v.toBool();
}

QJsonArray JsonFields::array(const char *key)
{
    const QJsonValue v = required(key);
    if (ok() && !v.isArray())
        fail(key, QStringLiteral("not an array"));
    return ok() ? v.toArray() : QJsonArray();
}

QList<Trait> JsonFields::traits(const char *key)
{
    QList<Trait> out;
    const QJsonArray a = array(key);
    for (qsizetype i = 0; i < a.size() && ok(); ++i) {
        const QString path = pathOf(key) + QStringLiteral("[%1]").arg(i);
        JsonFields t(a.at(i), path, m_error);
        Trait trait{t.string("trait"), t.string("value")};
        out.append(trait);
    }
    return out;
}

} // namespace gifscan
