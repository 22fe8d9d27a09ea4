// webhooks.db across versions: a node that registers webhooks to their
// caller's address (schema 2) opens a database of schema 1 in place.
#include "server/webhooks/webhookstore.h"

#include "server/webhooks/webhookadmin.h"
#include "tests/support/outcomeassert.h"

#include <QTemporaryDir>
#include <SQLiteCpp/Database.h>
#include <gtest/gtest.h>

using gifscan::Failure;
using gifscan::server::WebhookAdmin;
using gifscan::server::WebhookStore;

using gifscan::test::holds;

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
    const auto opened = store.open(path);
    ASSERT_TRUE(opened) << opened.error().message.toStdString();
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

// What fails says what kind of trouble it is: a database of another kind,
// a folder with no webhooks or an unknown id are what was given, not the
// store's fault (gifscan-devnet --list-webhooks, --remove-webhook).
TEST(WebhookStore, FailuresSayTheirKind)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("webhooks.db"));
    const auto none = WebhookAdmin::list(path);
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().kind, Failure::Kind::Invalid);
    EXPECT_TRUE(none.error().message.contains(QStringLiteral("no webhook database")));
    {
        WebhookStore made;
        ASSERT_TRUE(holds(made.open(path)));
    }
    const auto empty = WebhookAdmin::list(path);
    ASSERT_TRUE(empty);
    EXPECT_TRUE(empty.value().isEmpty());
    const auto unknown = WebhookAdmin::remove(path, QStringLiteral("wh_none"));
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().kind, Failure::Kind::Invalid);

    const QString other = dir.filePath(QStringLiteral("other.db"));
    {
        SQLite::Database db(other.toStdString(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("CREATE TABLE notes (text TEXT)");
    }
    WebhookStore store;
    const auto refused = store.open(other);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, Failure::Kind::Invalid) << "a file of another kind";
    EXPECT_TRUE(refused.error().message.contains(QStringLiteral("not a gifscan webhook database")))
        << refused.error().message.toStdString();
}
