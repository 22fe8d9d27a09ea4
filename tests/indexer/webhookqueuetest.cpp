// The shared webhook queue on a real PostgreSQL, two stores as two workers:
// a webhook is leased to one at a time, a lease run out passes to the
// other, the first's late outcome is not written over the second's, and a
// row another transaction locks is passed over rather than waited for.
#include "chain/store/postgresdatabase.h"
#include "server/webhooks/webhookstore.h"
#include "tests/support/postgresserver.h"

#include <gtest/gtest.h>

using gifscan::chain::PostgresDatabase;
using gifscan::server::WebhookStore;
using gifscan::test::PostgresServer;

namespace {

void addHook(WebhookStore &store, const QString &id, int messages)
{
    WebhookStore::Hook h;
    h.id = id;
    h.secret = QStringLiteral("whsec_x");
    h.url = QStringLiteral("http://127.0.0.1:9/");
    store.insert(h);
    std::vector<WebhookStore::Delivery> deliveries;
    for (int i = 0; i < messages; ++i)
        deliveries.push_back({0, id, "msg_" + id.toUtf8() + QByteArray::number(i), 1,
                              QByteArrayLiteral("{}"), 0, 0});
    WebhookStore::Batch batch(store);
    store.enqueue({id}, 1, deliveries);
    batch.commit();
}

QStringList hooksOf(const std::vector<WebhookStore::Claim> &claims)
{
    QStringList out;
    for (const auto &c : claims)
        out.append(c.hook.id);
    return out;
}

} // namespace

TEST(SharedWebhookQueue, OneDelivererAtATimeAndLeasesPassOn)
{
    PostgresServer pg;
    ASSERT_TRUE(pg.running()) << pg.error().toStdString();
    const QString db = pg.createDatabase(QStringLiteral("queue"));
    WebhookStore a, b;
    for (WebhookStore *store : {&a, &b}) {
        const auto opened = store->openServer(db);
        ASSERT_TRUE(opened) << opened.error().message.toStdString();
    }
    ASSERT_TRUE(a.shared());
    addHook(a, QStringLiteral("wh_1"), 2);
    addHook(a, QStringLiteral("wh_2"), 1);
    const QString wa = QStringLiteral("worker-a"), wb = QStringLiteral("worker-b");

    const auto mine = a.claim(wa, 1000, 5000, 10);
    EXPECT_EQ(hooksOf(mine), (QStringList{QStringLiteral("wh_1"), QStringLiteral("wh_2")}));
    ASSERT_EQ(mine.size(), 2u);
    EXPECT_EQ(mine[0].delivery.messageId, QByteArrayLiteral("msg_wh_10")) << "queue order";
    EXPECT_TRUE(b.claim(wb, 1000, 5000, 10).empty()) << "leased to a";
    EXPECT_TRUE(b.claim(wb, 5999, 5000, 10).empty()) << "a's lease runs to 6000";
    EXPECT_EQ(b.nextDue(), 6000);

    // a settles wh_2 in time; its wh_1 lease runs out and b takes it.
    EXPECT_TRUE(a.settle(mine[1].delivery, mine[1].lease, {1500, 204, {}},
                         WebhookStore::Settlement::Delivered));
    const auto theirs = b.claim(wb, 6000, 5000, 10);
    EXPECT_EQ(hooksOf(theirs), QStringList{QStringLiteral("wh_1")});
    ASSERT_EQ(theirs.size(), 1u);
    EXPECT_EQ(theirs[0].delivery.messageId, mine[0].delivery.messageId) << "the same message";
    // a's late answer is not written: b's attempt is the one that counts.
    EXPECT_FALSE(a.settle(mine[0].delivery, mine[0].lease, {6100, 204, {}},
                          WebhookStore::Settlement::Delivered));
    EXPECT_EQ(b.pending(QStringLiteral("wh_1")), 2);
    EXPECT_TRUE(b.settle(theirs[0].delivery, theirs[0].lease, {6200, 204, {}},
                         WebhookStore::Settlement::Delivered));
    EXPECT_EQ(a.pending(QStringLiteral("wh_1")), 1);
    EXPECT_EQ(a.hook(QStringLiteral("wh_1"))->delivered, 1);
    EXPECT_EQ(a.pending(QStringLiteral("wh_2")), 0);

    // A webhook row locked elsewhere (a worker queueing blocks for it) is
    // passed over by claims and scans, not waited for.
    PostgresDatabase other(db);
    other.exec("BEGIN");
    other.exec("SELECT id FROM webhooks.hooks WHERE id = 'wh_1' FOR UPDATE");
    EXPECT_TRUE(a.claim(wa, 7000, 5000, 10).empty());
    {
        WebhookStore::Batch batch(a);
        EXPECT_EQ(a.lockScannable(2).size(), 1u) << "wh_2 only";
        EXPECT_TRUE(a.lockScannable(3).empty()) << "block 2 first";
    }
    other.exec("COMMIT");
    const auto first = a.claim(wa, 7000, 5000, 10);
    ASSERT_EQ(hooksOf(first), QStringList{QStringLiteral("wh_1")});
    // Not on the wire twice from one deliverer; and a lease of its own that
    // ran out under an attempt is not that attempt's any more.
    EXPECT_TRUE(a.claim(wa, 12000, 5000, 10, {QStringLiteral("wh_1")}).empty());
    const auto again = a.claim(wa, 12000, 5000, 10);
    ASSERT_EQ(again.size(), 1u);
    EXPECT_NE(again[0].lease, first[0].lease);
    EXPECT_FALSE(a.settle(first[0].delivery, first[0].lease, {12100, 204, {}},
                          WebhookStore::Settlement::Delivered));
    EXPECT_TRUE(a.settle(again[0].delivery, again[0].lease, {12200, 410, QStringLiteral("gone")},
                         WebhookStore::Settlement::Disabled));
    EXPECT_EQ(a.hook(QStringLiteral("wh_1"))->disabledReason, QStringLiteral("gone"));
    EXPECT_EQ(a.pending(QStringLiteral("wh_1")), 0) << "a disabled webhook's queue is dropped";
    EXPECT_TRUE(a.serverNowMs().has_value());
}

// A worker scans each block for its webhooks with one statement, the height
// bound: written into the text, each block was a statement its PostgreSQL
// backend prepared and kept (35 KB a block, some 600 MB a day).
TEST(SharedWebhookQueue, ScanningBlocksPreparesNoStatementPerBlock)
{
    PostgresServer pg;
    ASSERT_TRUE(pg.running()) << pg.error().toStdString();
    const QString db = pg.createDatabase(QStringLiteral("scans"));
    WebhookStore store;
    const auto opened = store.openServer(db);
    ASSERT_TRUE(opened) << opened.error().message.toStdString();
    addHook(store, QStringLiteral("wh_1"), 1);
    auto *server = dynamic_cast<PostgresDatabase *>(&store.database());
    ASSERT_NE(server, nullptr);
    const auto scan = [&](std::uint64_t height) {
        WebhookStore::Batch batch(store);
        store.lockScannable(height);
    };
    scan(2);
    const std::size_t prepared = server->preparedCount();
    for (std::uint64_t height = 3; height < 103; ++height)
        scan(height);
    EXPECT_EQ(server->preparedCount(), prepared) << "a statement a block";
}
