#pragma once

#include "core/base/bytes.h"

#include <QJsonObject>
#include <QStringList>
#include <optional>

namespace gifscan::chain {
struct ActivityEntry;
struct ObjectRecord;
} // namespace gifscan::chain

namespace gifscan::server {

// Which of a block's activity entries a webhook wants: its types (mint,
// sale, transfer), and optionally one collection, one address (as sender or
// receiver) and one object. A value type; any thread.
struct WebhookFilter
{
    QStringList types;
    QString collection;
    std::optional<Address> address;
    QString key; // an object's display key, slug#id

    static const QStringList &knownTypes();
    bool matches(const chain::ActivityEntry &e, const chain::ObjectRecord &o) const;
    QJsonObject toJson() const;
    static WebhookFilter fromJson(const QJsonObject &json);
};

} // namespace gifscan::server
