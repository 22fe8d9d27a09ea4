#pragma once

#include "core/protocol/amount.h"
#include "core/protocol/commitments.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

namespace gifscan {

// Why a document was refused: where, and what was wrong there.
struct DecodeError
{
    QString path;    // "data[3].owner"
    QString message; // "not an address"
    bool isSet() const { return !message.isEmpty(); }
    QString toString() const
    {
        return path.isEmpty() ? message : path + QStringLiteral(": ") + message;
    }
};

// Checked reads of one JSON object's fields. The first failure is kept with
// its path, later reads return empty values; unknown fields are ignored.
class JsonFields
{
public:
    JsonFields(const QJsonValue &value, const QString &path, DecodeError *error);

    bool ok() const { return !m_error->isSet(); }
    QString pathOf(const char *key) const;
    void fail(const char *key, const QString &message);

    bool has(const char *key) const { return m_object.contains(QLatin1String(key)); }
    bool isNull(const char *key) const { return m_object.value(QLatin1String(key)).isNull(); }
    QJsonValue value(const char *key);

    QString string(const char *key);
    QString optString(const char *key); // null gives an empty string
    QString slug(const char *key);
    Hash32 hash(const char *key);
    std::optional<Hash32> optHash(const char *key);
    Address address(const char *key);
    std::optional<Address> optAddress(const char *key);
    Amount amount(const char *key);
    std::optional<Amount> optAmount(const char *key);
    std::uint64_t uint(const char *key);
    std::optional<std::uint64_t> optUint(const char *key);
    int integer(const char *key);
    bool boolean(const char *key);
    QJsonArray array(const char *key);
    QList<Trait> traits(const char *key);

private:
    QJsonValue required(const char *key);

    QJsonObject m_object;
    QString m_path;
    DecodeError *m_error;
};

// Form checks shared by the codec and anything else that reads the wire.
std::optional<std::uint64_t> jsonUint(const QJsonValue &v);

} // namespace gifscan
