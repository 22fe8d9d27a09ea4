// webhooks.db across versions: a node that registers webhooks to their
// caller's address (schema 2) opens a database of schema 1 in place.
#include "devnet/webhooks/webhookstore.h"

#include <QTemporaryDir>
#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>

using gifscan::devnet::WebhookStore;

TEST(WebhookStore, ASchemaOneDatabaseIsOpenedWithItsWebhooksOwnedByNobody)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("webhooks.db"));
    {
        SQLite::Database db(path.toStdString(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("CREATE TABLE hooks (id TEXT PRIMARY KEY, secret TEXT NOT NULL, url TEXT NOT "
                "NULL, filter TEXT NOT NULL, created_height INTEGER NOT NULL, scanned_height "
                "INTEGER NOT NULL, created_ms INTEGER NOT NULL, delivered INTEGER NOT NULL "
                "DEFAULT 0, failed INTEGER NOT NULL DEFAULT 0, failing_since_ms INTEGER NOT NULL "
                "DEFAULT -1, last_attempt_ms INTEGER NOT NULL DEFAULT -1, last_status INTEGER NOT "
                "NULL DEFAULT 0, last_error TEXT NOT NULL DEFAULT '', disabled_reason TEXT NOT "
                "NULL DEFAULT '')");
        db.exec("CREATE TABLE deliveries (seq INTEGER PRIMARY KEY AUTOINCREMENT, hook TEXT NOT "
                "NULL, message_id BLOB NOT NULL, height INTEGER NOT NULL, body BLOB NOT NULL, "
                "attempt INTEGER NOT NULL DEFAULT 0, next_ms INTEGER NOT NULL)");
        db.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value BLOB NOT NULL)");
        db.exec("INSERT INTO hooks (id, secret, url, filter, created_height, scanned_height, "
                "created_ms) VALUES ('wh_1', 'whsec_x', 'http://127.0.0.1:9/', "
                "'{\"types\":[\"mint\"]}', 3, 3, 0)");
        db.exec("PRAGMA application_id=" + std::to_string(0x67696677));
        db.exec("PRAGMA user_version=1");
    }
    WebhookStore store;
    QString error;
    ASSERT_TRUE(store.open(path, &error)) << error.toStdString();
    const auto hook = store.hook(QStringLiteral("wh_1"));
    ASSERT_TRUE(hook);
    EXPECT_EQ(hook->owner, QString());
    EXPECT_EQ(hook->createdHeight, 3u);
    EXPECT_EQ(store.hookCount(QString()), 1);
    EXPECT_EQ(store.hookCount(QStringLiteral("127.0.0.1")), 0);
    WebhookStore::Hook mine;
    mine.id = QStringLiteral("wh_2");
    mine.owner = QStringLiteral("127.0.0.1");
    store.insert(mine);
    EXPECT_EQ(store.hookCount(QStringLiteral("127.0.0.1")), 1);
    EXPECT_EQ(store.hookCount(), 2);
    EXPECT_FALSE(store.oldestDisabled(std::nullopt)) << "both are enabled";
}
