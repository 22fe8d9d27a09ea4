// The window through the node's death: kill -9 the devnet process, start it
// again on the same ports and data, and the block list resumes with neither
// a missing nor a repeated block, the window responsive all along.
#include "models/viewpreferences.h"
#include "session/explorersession.h"
#include "tests/models/modeltester.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/paging.h"
#include "views/explorerpages.h"
#include "views/mainwindow.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {
// Heights in the list, top to bottom, must count down by one.
::testing::AssertionResult consecutive(const BlockListModel &blocks)
{
    for (int r = 0; r + 1 < blocks.rowCount(); ++r) {
        const auto a = blocks.header(r).height, b = blocks.header(r + 1).height;
        if (a != b + 1)
            return ::testing::AssertionFailure()
                   << "row " << r << " is " << a << ", the next " << b;
    }
    return ::testing::AssertionSuccess();
}
} // namespace

TEST(MainWindowRestart, SurvivesTheDevnetKilledAndRestartedWithoutGapOrRepeat)
{
    QTemporaryDir dir;
    const quint16 port = DevnetProcess::freePortTriple();
    ASSERT_NE(port, 0);
    DevnetProcess node(DevnetProcess::smallNodeArgs(port, dir.path()));
    ASSERT_TRUE(node.started());
    ExplorerSession session({QStringLiteral("chain-devnet-1"), QUrl(node.baseUrl()),
                             QUrl(node.rpcUrl()), QUrl(node.wsUrl()), kChainId, std::nullopt});
    // The lists that live through the node's death and return.
    ModelTester testers{session.pages().blocks, session.pages().liveBlocks,
                        session.pages().liveActivity};
    ViewPreferences preferences;
    MainWindow window(session.pages(), &preferences, explorerPages(session.pages()));
    window.show();
    session.start();
    BlockListModel &blocks = *session.pages().blocks;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return blocks.rowCount() > 0 &&
                   session.pages().status->state() == LiveFeed::Connection::Live;
        },
        20000));
    const std::uint64_t beforeKill = blocks.header(0).height;

    node.kill();
    // The window keeps answering while the node is gone: events are served
    // promptly, and the status says what is happening.
    QElapsedTimer responsive;
    for (int i = 0; i < 10; ++i) {
        responsive.restart();
        QTest::qWait(50);
        EXPECT_LT(responsive.elapsed(), 1000) << "the GUI thread was blocked";
    }
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            const auto s = session.pages().status->state();
            return s == LiveFeed::Connection::Offline || s == LiveFeed::Connection::Reconnecting;
        },
        10000));

    node.start(DevnetProcess::smallNodeArgs(port, dir.path()));
    ASSERT_TRUE(node.started());
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return session.pages().status->state() == LiveFeed::Connection::Live &&
                   blocks.header(0).height >= beforeKill + 10;
        },
        30000));
    EXPECT_TRUE(consecutive(blocks));
    EXPECT_TRUE(consecutive(*session.pages().liveBlocks));
    // Down to genesis, every block exactly once.
    ASSERT_TRUE(fetchAll(blocks));
    EXPECT_TRUE(consecutive(blocks));
    EXPECT_EQ(blocks.header(blocks.rowCount() - 1).height, 0u);
}
