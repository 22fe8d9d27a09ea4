#include "server/webhooks/webhookfilter.h"

#include "chain/store/staterecords.h"

#include <QJsonArray>

namespace gifscan::server {

const QStringList &WebhookFilter::knownTypes()
{
    // What the service says webhooks carry; listings are the websocket's.
    static const QStringList types{QStringLiteral("mint"), QStringLiteral("sale"),
                                   QStringLiteral("transfer")};
    return types;
}

bool WebhookFilter::matches(const chain::ActivityEntry &e, const chain::ObjectRecord &o) const
{
    if (!types.contains(e.type))
        return false;
    if (!collection.isEmpty() && collection != o.slug)
        return false;
    if (!key.isEmpty() && key != o.displayKey)
        return false;
    return !address || e.from == address || e.to == address;
}

QJsonObject WebhookFilter::toJson() const
{
    QJsonObject json{{QStringLiteral("types"), QJsonArray::fromStringList(types)}};
    if (!collection.isEmpty())
        json.insert(QStringLiteral("collection"), collection);
    if (address)
        json.insert(QStringLiteral("address"), toHexString(*address));
    if (!key.isEmpty())
        json.insert(QStringLiteral("key"), key);
    return json;
}

WebhookFilter WebhookFilter::fromJson(const QJsonObject &json)
{
    WebhookFilter f;
    for (const auto &t : json.value(QStringLiteral("types")).toArray())
        f.types.append(t.toString());
    f.collection = json.value(QStringLiteral("collection")).toString();
    f.address = parseAddress(json.value(QStringLiteral("address")).toString());
    f.key = json.value(QStringLiteral("key")).toString();
    return f;
}

} // namespace gifscan::server
