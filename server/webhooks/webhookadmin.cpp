#include "server/webhooks/webhookadmin.h"

#include "server/webhooks/webhookstore.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace gifscan::server {

namespace {
// An existing database only: the operator named the wrong folder, not a new node.
Outcome<> openExisting(WebhookStore &store, const QString &path)
{
    if (!QFileInfo::exists(path))
        return Failure::invalid(QStringLiteral("no webhook database at %1").arg(path));
    return store.open(path);
}
} // namespace

Outcome<QByteArrayList> WebhookAdmin::list(const QString &path)
{
    WebhookStore store;
    if (auto opened = openExisting(store, path); !opened)
        return opened.error();
    QByteArrayList lines;
    try {
        for (const WebhookStore::Hook &h : store.hooks())
            lines.append(QJsonDocument(describe(store, h)).toJson(QJsonDocument::Compact));
    } catch (const std::exception &e) {
        return Failure::storage(
            QStringLiteral("cannot read %1: %2").arg(path, QString::fromUtf8(e.what())));
    }
    return lines;
}

QJsonObject WebhookAdmin::describe(const WebhookStore &store, const WebhookStore::Hook &h)
{
    QJsonObject line = h.filter.toJson();
    line.insert(QStringLiteral("id"), h.id);
    line.insert(QStringLiteral("url"), h.url);
    line.insert(QStringLiteral("owner"), h.owner);
    line.insert(QStringLiteral("createdHeight"), static_cast<qint64>(h.createdHeight));
    line.insert(QStringLiteral("pending"), store.pending(h.id));
    line.insert(QStringLiteral("disabled"), h.disabled());
    line.insert(QStringLiteral("disabledReason"), h.disabledReason);
    return line;
}

Outcome<> WebhookAdmin::remove(const QString &path, const QString &id)
{
    WebhookStore store;
    if (auto opened = openExisting(store, path); !opened)
        return opened.error();
    try {
        if (!store.hook(id))
            return Failure::invalid(QStringLiteral("no webhook %1 in %2").arg(id, path));
        store.remove(id);
    } catch (const std::exception &e) {
        return Failure::storage(
            QStringLiteral("cannot change %1: %2").arg(path, QString::fromUtf8(e.what())));
    }
    return success();
}

} // namespace gifscan::server
