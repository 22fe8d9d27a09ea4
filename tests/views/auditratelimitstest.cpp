// The wallet page's audit against a node whose rate limit refuses calls in
// its batches: waited out and said on the progress bar while it waits, then
// proven; and, for a node that asks to wait past the audit's deadline,
// "could not finish" with the objects it did not answer unchecked (on the
// page, on their tiles and in the CSV), never failed.
#include "models/auditmodel.h"
#include "models/objectlistmodel.h"
#include "tests/support/batchlimitingproxy.h"
#include "tests/support/bigholder.h"
#include "tests/support/paging.h"
#include "tests/views/explorer.h"
#include "views/addresspage.h"

#include <QFile>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

const AuditReport &audit(Explorer &e, const QString &owner, QStringList *waitingWords)
{
    EXPECT_TRUE(e.window.search(owner));
    EXPECT_TRUE(
        QTest::qWaitFor([&] { return e.session.pages().address->wallet().has_value(); }, 5000));
    auto *page = e.window.page<AddressPage>();
    // What the bar says each time the audit is told to wait (the page's own
    // handler runs first: it was connected when the page was made).
    QObject::connect(e.session.pages().audit, &AuditModel::waiting, page, [page, waitingWords] {
        waitingWords->append(page->findChild<QProgressBar *>()->text());
    });
    QSignalSpy finished(e.session.pages().audit, &AuditModel::finished);
    page->startAudit(0);
    EXPECT_TRUE(finished.wait(60000));
    return *e.session.pages().audit->report();
}

const AuditReport &auditFirstOwner(DevnetHarness &d, Explorer &e, QStringList *waitingWords)
{
    return audit(e, d.firstObject()[QStringLiteral("owner")].toString(), waitingWords);
}

} // namespace

TEST(AuditRateLimits, IsWaitedOutSaidOnTheBarAndProven)
{
    DevnetHarness d(DevnetHarness::fastConfig(60, 30.0, false));
    ASSERT_TRUE(d.ok());
    BatchLimitingProxy proxy(d.endpoints().rpcUrl, BatchLimitingProxy::Mode::Once);
    Explorer e(d, nullptr, nullptr, QUrl(proxy.url()));
    QStringList waitingWords;
    const AuditReport &report = auditFirstOwner(d, e, &waitingWords);
    EXPECT_GT(proxy.refused(), 0);
    EXPECT_EQ(report.status(), AuditReport::Status::Proven);
    ASSERT_FALSE(waitingWords.isEmpty()) << "the wait was never said";
    EXPECT_TRUE(waitingWords.first().contains(QStringLiteral("waiting 1 s for the node")))
        << waitingWords.first().toStdString();
    const QString text = e.window.page<AddressPage>()->auditText();
    EXPECT_TRUE(text.contains(QStringLiteral("proven"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral(" 0 failed."))) << text.toStdString();
}

TEST(AuditRateLimits, ANodeThatWillNotWaitInTimeLeavesObjectsUncheckedNotFailed)
{
    DevnetHarness d(DevnetHarness::fastConfig(60, 30.0, false));
    ASSERT_TRUE(d.ok());
    // Ten minutes: past the explorer's deadline for a call, so given up at once.
    BatchLimitingProxy proxy(d.endpoints().rpcUrl, BatchLimitingProxy::Mode::Always, 600);
    Explorer e(d, nullptr, nullptr, QUrl(proxy.url()));
    QStringList waitingWords;
    const AuditReport &report = auditFirstOwner(d, e, &waitingWords);
    EXPECT_EQ(report.status(), AuditReport::Status::Unfinished);
    const int unchecked = report.count(AuditEntry::Outcome::Unchecked);
    EXPECT_GT(unchecked, 0);
    EXPECT_EQ(report.count(AuditEntry::Outcome::Failed), 0);
    const QString text = e.window.page<AddressPage>()->auditText();
    EXPECT_TRUE(text.contains(QStringLiteral("Could not finish"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("%1 unchecked").arg(unchecked))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("NOT PROVEN"), Qt::CaseInsensitive))
        << text.toStdString();
    // The tiles of what was not answered say so, as neither verified nor failed.
    ObjectListModel &holdings = *e.session.pages().address->holdings();
    ASSERT_TRUE(fetchAll(holdings));
    int uncheckedTiles = 0;
    for (int r = 0; r < holdings.rowCount(); ++r) {
        const int mark = holdings.index(r).data(ObjectListModel::AuditMarkRole).toInt();
        EXPECT_NE(mark, ObjectListModel::AuditMark::Failed) << holdings.object(r).key.toStdString();
        uncheckedTiles += mark == ObjectListModel::AuditMark::Unchecked;
    }
    EXPECT_EQ(uncheckedTiles, unchecked);
    QTemporaryDir dir;
    ASSERT_TRUE(e.window.page<AddressPage>()->exportCsvTo(dir.filePath(QStringLiteral("a.csv"))));
    QFile csv(dir.filePath(QStringLiteral("a.csv")));
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    EXPECT_EQ(QString::fromUtf8(csv.readAll()).count(QStringLiteral(",unchecked,")), unchecked);
}

// The wallet page's audit of an address holding 30 copies of a 357 KB GIF,
// more than one batch's 16 MiB answer: proven, 30 verified, none failed.
// Before, six were failed "the batch's answer passed 16 MiB": NOT PROVEN.
TEST(AuditRateLimits, AHolderOfThirtyBigGifsIsProvenThirtyOfThirty)
{
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.25, false));
    ASSERT_TRUE(d.ok());
    const auto holder = mintBigHolder(d);
    ASSERT_TRUE(holder);
    Explorer e(d);
    QStringList waitingWords;
    const AuditReport &report = audit(e, toHexString(*holder), &waitingWords);
    EXPECT_EQ(report.status(), AuditReport::Status::Proven);
    EXPECT_EQ(report.count(AuditEntry::Outcome::Verified), 30);
    const QString text = e.window.page<AddressPage>()->auditText();
    EXPECT_TRUE(text.contains(QStringLiteral("proven"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral(" 0 failed."))) << text.toStdString();
}
