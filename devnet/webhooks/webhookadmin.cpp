#include "devnet/webhooks/webhookadmin.h"

#include "devnet/webhooks/webhookstore.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace gifscan::devnet {

namespace {
// An existing database only: the operator named the wrong folder, not a new node.
bool openExisting(WebhookStore &store, const QString &path, QString *error)
{
    if (!QFileInfo::exists(path)) {
        *error = QStringLiteral("no webhook database at %1").arg(path);
        return false;
    }
    return store.open(path, error);
}
} // namespace

bool WebhookAdmin::list(const QString &path, QByteArrayList *lines, QString *error)
{
    WebhookStore store;
    if (!openExisting(store, path, error))
        return false;
    try {
        for (const WebhookStore::Hook &h : store.hooks())
            lines->append(QJsonDocument(describe(store, h)).toJson(QJsonDocument::Compact));
    } catch (const std::exception &e) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, QString::fromUtf8(e.what()));
        return false;
    }
    return true;
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

bool WebhookAdmin::remove(const QString &path, const QString &id, QString *error)
{
    WebhookStore store;
    if (!openExisting(store, path, error))
        return false;
    try {
        if (!store.hook(id)) {
            *error = QStringLiteral("no webhook %1 in %2").arg(id, path);
            return false;
        }
        store.remove(id);
    } catch (const std::exception &e) {
        *error = QStringLiteral("cannot change %1: %2").arg(path, QString::fromUtf8(e.what()));
        return false;
    }
    return true;
}

} // namespace gifscan::devnet
