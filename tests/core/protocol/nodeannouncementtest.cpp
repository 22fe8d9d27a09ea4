// The node's progress and ready lines: what gifscan-devnet writes is what
// LocalNode reads, and anything else is refused in words.
#include "core/protocol/nodeannouncement.h"

#include <gtest/gtest.h>

using namespace gifscan;

TEST(NodeAnnouncement, BothKindsRoundTripAndTheWireFormIsKept)
{
    const NodeReady ready{QUrl(QStringLiteral("http://127.0.0.1:8545")),
                          QUrl(QStringLiteral("http://127.0.0.1:8546")),
                          QUrl(QStringLiteral("ws://127.0.0.1:8547")), 6464,
                          QStringLiteral("chain-devnet-1")};
    const QByteArray line = announcementLine(ready);
    // The form clients read (docs/PROTOCOL.md, README): keys as they were.
    EXPECT_EQ(line,
              QByteArrayLiteral(R"({"base_url":"http://127.0.0.1:8545","chainId":6464,)"
                                R"("network":"chain-devnet-1","rpc_url":"http://127.0.0.1:8546",)"
                                R"("rpc_ws_url":"ws://127.0.0.1:8547"})"));
    QString why;
    const auto back = parseAnnouncement(line, &why);
    ASSERT_TRUE(back) << why.toStdString();
    EXPECT_EQ(std::get<NodeReady>(*back), ready);

    for (const auto task :
         {NodeProgress::Task::Import, NodeProgress::Task::Rebuild, NodeProgress::Task::Genesis}) {
        const NodeProgress p{task, 12, 400};
        const auto parsed = parseAnnouncement(announcementLine(p), &why);
        ASSERT_TRUE(parsed) << why.toStdString();
        EXPECT_EQ(std::get<NodeProgress>(*parsed), p);
    }
    EXPECT_EQ(announcementLine(NodeProgress{NodeProgress::Task::Rebuild, 1, 2}),
              QByteArrayLiteral(R"({"progress":{"done":1,"task":"rebuild","total":2}})"));
}

TEST(NodeAnnouncement, WhatIsNeitherIsRefusedInWords)
{
    QString why;
    EXPECT_FALSE(parseAnnouncement("gifscan-devnet: cannot listen", &why));
    EXPECT_TRUE(why.startsWith(QStringLiteral("not a JSON object"))) << why.toStdString();
    EXPECT_FALSE(parseAnnouncement(R"({"base_url":"nowhere"})", &why));
    EXPECT_TRUE(why.startsWith(QStringLiteral("the node announced no address")))
        << why.toStdString();
    EXPECT_FALSE(parseAnnouncement(R"({"progress":{"task":"defrag","done":1,"total":2}})", &why));
    EXPECT_TRUE(why.contains(QStringLiteral("no known task"))) << why.toStdString();
    // Counts below zero are not counts.
    const auto p = parseAnnouncement(R"({"progress":{"task":"import","done":-5,"total":3}})", &why);
    ASSERT_TRUE(p);
    EXPECT_EQ(std::get<NodeProgress>(*p).done, 0u);
}
