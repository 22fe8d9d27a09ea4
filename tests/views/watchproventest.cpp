// The explorer's watch notifications are proven before they are told: a
// node whose feed invents a sale of a watched object has it told nowhere
// (it is said as unproven), while a real transfer of it is told. Before, an
// invented event of a verified block was a notification like any other.
#include "models/livefeed.h"
#include "models/watchlist.h"
#include "models/watchnotifier.h"
#include "tests/support/rewritingproxy.h"
#include "tests/support/txfactory.h"
#include "tests/views/explorer.h"

#include <QDateTime>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {
const QString kInvented = QStringLiteral("0x") + QStringLiteral("ab").repeated(32);

// The node's activity answer with a sale of watched#1 to dev 9 put first,
// at the answer's own height, in no transaction of its block.
QByteArray withInventedSale(const QByteArray &answer)
{
    QJsonObject o = QJsonDocument::fromJson(RewritingProxy::bodyOf(answer)).object();
    const qint64 height = o.value(QStringLiteral("height")).toInteger();
    QJsonArray data = o.value(QStringLiteral("data")).toArray();
    data.prepend(QJsonObject{{QStringLiteral("id"), QStringLiteral("9%1").arg(height)},
                             {QStringLiteral("type"), QStringLiteral("sale")},
                             {QStringLiteral("key"), QStringLiteral("watched#1")},
                             {QStringLiteral("slug"), QStringLiteral("watched")},
                             {QStringLiteral("tokenId"), 1},
                             {QStringLiteral("from"), toHexString(TxFactory::dev(6))},
                             {QStringLiteral("to"), toHexString(TxFactory::dev(9))},
                             {QStringLiteral("price"), QStringLiteral("1000")},
                             {QStringLiteral("txHash"), kInvented},
                             {QStringLiteral("height"), height},
                             {QStringLiteral("timestamp"), QDateTime::currentSecsSinceEpoch()}});
    o.insert(QStringLiteral("data"), data);
    return RewritingProxy::answerWith(QJsonDocument(o).toJson(QJsonDocument::Compact),
                                      QByteArray::number(height));
}
} // namespace

TEST(WatchProven, AnInventedEventIsNeverToldARealOneIs)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.5, false));
    ASSERT_TRUE(d.ok());
    TxFactory tx;
    d.sendAndWait(tx.createCollection(1, QStringLiteral("watched")));
    const QJsonObject minted = d.sendAndWait(
        tx.mint(1, QStringLiteral("watched"), 1, TxFactory::dev(6), TxFactory::smallGif()));
    ASSERT_EQ(minted[QStringLiteral("receipt")][QStringLiteral("status")],
              QStringLiteral("success"));
    RewritingProxy rest(
        d.endpoints().baseUrl, [](const QByteArray &request, const QByteArray &answer) {
            return request.startsWith("GET /v1/activity") ? withInventedSale(answer) : answer;
        });
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    Watchlist watchlist(&settings);
    watchlist.setWatched(Watchlist::Kind::Object, QStringLiteral("watched#1"), true);
    // No websocket: heads and events come from the REST the proxy lies on.
    Explorer e(QUrl(rest.url()), QUrl(d.endpoints().rpcUrl),
               QUrl(QStringLiteral("ws://127.0.0.1:1")), &watchlist);
    QSignalSpy told(e.session.notifier(), &WatchNotifier::noticed);
    QSignalSpy unproven(e.session.notifier(), &WatchNotifier::unproven);
    // The transfer after the feed's first head: a block before it is
    // history, whose events are not news (under ASan the session started
    // slower than the devnet mined the transfer, which was then never told).
    QSignalSpy heads(&e.session.feed(), &LiveFeed::headArrived);
    e.session.start();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !heads.isEmpty(); }, 30000)) << "no head";
    const QJsonObject moved = d.sendAndWait(
        tx.objectTx(TxKind::TransferObject, 6, QStringLiteral("watched"), 1, TxFactory::dev(7)));
    const QString movedHash =
        moved[QStringLiteral("transaction")][QStringLiteral("hash")].toString();
    ASSERT_FALSE(movedHash.isEmpty());
    const auto toldOf = [&](const QString &hash) {
        for (const QList<QVariant> &args : told)
            if (toHexString(args.at(0).value<WatchNotice>().event.txHash) == hash)
                return true;
        return false;
    };
    EXPECT_TRUE(QTest::qWaitFor([&] { return toldOf(movedHash); }, 30000))
        << "the real transfer was not told";
    // Listed, then sold in a later block: the sale's seller and price come
    // from the list transaction, proven in its own block.
    const Amount price(3'000'000'000'000'000'000ULL);
    const QJsonObject listed =
        d.sendAndWait(tx.objectTx(TxKind::List, 7, QStringLiteral("watched"), 1, {}, price));
    const QJsonObject sold =
        d.sendAndWait(tx.objectTx(TxKind::Buy, 8, QStringLiteral("watched"), 1, {}, price));
    for (const QJsonObject *made : {&listed, &sold}) {
        const QString hash =
            (*made)[QStringLiteral("transaction")][QStringLiteral("hash")].toString();
        EXPECT_TRUE(QTest::qWaitFor([&] { return toldOf(hash); }, 30000))
            << "not told: " << QJsonDocument(*made).toJson(QJsonDocument::Compact).toStdString();
    }
    for (const QList<QVariant> &args : told) {
        const ActivityEntry &event = args.at(0).value<WatchNotice>().event;
        if (event.type == QLatin1String("sale")) {
            EXPECT_EQ(event.from, TxFactory::dev(7));
            EXPECT_EQ(event.price, price);
        }
    }
    EXPECT_TRUE(QTest::qWaitFor([&] { return !unproven.isEmpty(); }, 10000))
        << "the invented sale was not said as unproven";
    EXPECT_FALSE(toldOf(kInvented)) << "the invented sale was told";
    if (!unproven.isEmpty()) {
        EXPECT_TRUE(unproven.first().at(1).toString().contains(QStringLiteral("no transaction")))
            << unproven.first().at(1).toString().toStdString();
    }
}
