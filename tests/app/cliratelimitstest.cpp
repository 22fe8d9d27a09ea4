// An auditor runs gifscan-cli audit three times in a row against a node at
// its default limits (60 a second, bursts of 200): each proven, exit 0. The
// second used to print "NOT PROVEN … 44 failed" and exit 1, as for a lying
// node, because the node refused part of a batch for its rate limit. And a
// node that asks to wait past the call's deadline: "COULD NOT FINISH", exit 6,
// the objects unchecked, none failed.
#include "tests/app/clifixture.h"
#include "tests/support/batchlimitingproxy.h"
#include "tests/support/bigholder.h"

#include <QFile>
#include <QTemporaryDir>
#include <map>
#include <vector>

using namespace gifscan;
using namespace gifscan::test;

namespace {
// The owner with the most of the first hundred objects: some 50 in all, a
// hundred calls and more an audit.
QString busyOwner(DevnetHarness &d)
{
    std::map<QString, int> owners;
    for (const QJsonValue &o : d.get(QStringLiteral("/v1/objects?limit=100")).data().toArray())
        ++owners[o[QStringLiteral("owner")].toString()];
    return std::max_element(owners.begin(), owners.end(),
                            [](const auto &a, const auto &b) { return a.second < b.second; })
        ->first;
}

void expectProven(const CliRun &r, int run)
{
    EXPECT_EQ(r.exit, 0) << "run " << run << "\n" << r.out.constData() << r.err.constData();
    EXPECT_TRUE(r.out.contains("holds exactly")) << r.out.constData();
    EXPECT_TRUE(r.out.contains(" 0 failed, 0 unchecked")) << r.out.constData();
}
} // namespace

TEST(CliRateLimits, ThreeAuditsBackToBackAreProvenAtTheDefaultLimits)
{
    static QTemporaryDir noLocalDevnet;
    qputenv("XDG_DATA_HOME", noLocalDevnet.path().toUtf8());
    auto config = DevnetHarness::fastConfig(1200, 5.0, false);
    config.rateLimit = true; // the node's defaults: 60 a second, bursts of 200
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    const QString owner = busyOwner(d);
    const QStringList args{QStringLiteral("audit"), owner};
    for (int run = 0; run < 3; ++run)
        expectProven(runCli(args, &d, 120000), run);
    // Three at once ask more than a burst however fast the machine: some
    // wait, and say so, and all three are proven.
    std::vector<std::unique_ptr<QProcess>> started;
    for (int run = 0; run < 3; ++run)
        started.push_back(startCli(args, &d));
    bool waited = false;
    for (int run = 0; run < 3; ++run) {
        const CliRun r = finishCli(*started[run], args, 120000);
        expectProven(r, run);
        waited = waited || r.err.contains("waiting");
    }
    EXPECT_TRUE(waited) << "the three together asked more than a burst: some waited, and said so";
}

TEST(CliRateLimits, ANodeThatWillNotAnswerInTimeIsCouldNotFinishExitSix)
{
    static QTemporaryDir noLocalDevnet;
    qputenv("XDG_DATA_HOME", noLocalDevnet.path().toUtf8());
    DevnetHarness d(DevnetHarness::fastConfig(200, 5.0, false));
    ASSERT_TRUE(d.ok());
    // Every second call of a batch refused, with a wait (ten minutes) past the
    // CLI's deadline for a call: given up at once, unanswered.
    BatchLimitingProxy proxy(d.endpoints().rpcUrl, BatchLimitingProxy::Mode::Always, 600);
    const QStringList args{QStringLiteral("audit"), busyOwner(d), QStringLiteral("--csv"),
                           noLocalDevnet.filePath(QStringLiteral("a.csv"))};
    const std::unique_ptr<QProcess> p = startCli(args, &d, proxy.url());
    const CliRun r = finishCli(*p, args, 60000, true);
    EXPECT_EQ(r.exit, 6) << r.out.constData() << r.err.constData();
    EXPECT_TRUE(r.out.contains("COULD NOT FINISH")) << r.out.constData();
    EXPECT_FALSE(r.out.contains("NOT PROVEN")) << r.out.constData();
    EXPECT_TRUE(r.out.contains(" 0 failed, ")) << r.out.constData();
    EXPECT_FALSE(r.out.contains(" 0 unchecked")) << r.out.constData();
    QFile csv(noLocalDevnet.filePath(QStringLiteral("a.csv")));
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    EXPECT_TRUE(csv.readAll().contains(",unchecked,"));
}

// An auditor runs gifscan-cli audit on an address holding 30 copies of a
// 357 KB GIF, more than one batch's 16 MiB answer can carry: proven 30 of
// 30, exit 0. Before: 24 verified, 6 failed "the batch's answer passed 16
// MiB", NOT PROVEN, exit 1, as for a lying node.
TEST(CliRateLimits, AHolderOfThirtyBigGifsIsProvenThirtyOfThirty)
{
    static QTemporaryDir noLocalDevnet;
    qputenv("XDG_DATA_HOME", noLocalDevnet.path().toUtf8());
    DevnetHarness d(DevnetHarness::fastConfig(8, 0.25, false));
    ASSERT_TRUE(d.ok());
    const auto holder = mintBigHolder(d);
    ASSERT_TRUE(holder);
    const CliRun r = runCli({QStringLiteral("audit"), toHexString(*holder)}, &d, 120000);
    EXPECT_EQ(r.exit, 0) << r.out.constData() << r.err.constData();
    EXPECT_TRUE(r.out.contains("holds exactly 30 objects")) << r.out.constData();
    EXPECT_TRUE(r.out.contains("30 verified, 0 absent, 0 mismatched, 0 failed, 0 unchecked"))
        << r.out.constData();
}

// A node that answers some calls of each batch -32603 or -32006 and whole
// batches 503: asked again, proven, exit 0. (One that never stops is
// unfinished, nothing failed: RateLimits.ANodeThatKeepsFailingInternally…,
// on a short deadline.)
TEST(CliRateLimits, InternalErrorsBehindAnd503AreAskedAgainThenProven)
{
    static QTemporaryDir noLocalDevnet;
    qputenv("XDG_DATA_HOME", noLocalDevnet.path().toUtf8());
    DevnetHarness d(DevnetHarness::fastConfig(200, 5.0, false));
    ASSERT_TRUE(d.ok());
    const QStringList args{QStringLiteral("audit"), busyOwner(d)};
    BatchLimitingProxy proxy(d.endpoints().rpcUrl, BatchLimitingProxy::Mode::Once, 1,
                             BatchLimitingProxy::Refusal::Mixed, 5);
    const std::unique_ptr<QProcess> p = startCli(args, &d, proxy.url());
    const CliRun r = finishCli(*p, args, 90000, true);
    expectProven(r, 0);
    EXPECT_GT(proxy.refused(), 5);
}
