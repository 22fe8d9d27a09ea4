#pragma once

#include "core/base/outcome.h"
#include "server/webhooks/webhookstore.h"

#include <QByteArrayList>
#include <QJsonObject>
#include <QString>

namespace gifscan::server {

// The operator's hand on webhooks.db (gifscan-devnet --list-webhooks,
// --remove-webhook), whether the node runs or not: SQLite serialises the
// writes, and a running node reads each webhook from the file before it
// calls it. Any thread; opens the file for each call.
class WebhookAdmin
{
public:
    // Each webhook as a line of JSON: id, url, owner, the filter, when it
    // was made, what it owes and whether it is disabled (never its secret).
    static Outcome<QByteArrayList> list(const QString &path);
    static Outcome<> remove(const QString &path, const QString &id);
    // One webhook as list() writes it (and gif_listWebhooks answers).
    static QJsonObject describe(const WebhookStore &store, const WebhookStore::Hook &hook);
};

} // namespace gifscan::server
