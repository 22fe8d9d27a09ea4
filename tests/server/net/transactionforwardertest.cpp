// A read server's forwarded transactions (the attacker's third review): a
// forwarded transaction held the server's one thread while the node
// answered (a node answering in 4.5 s left a normal client 15 answers in
// 30 s instead of some 470), each went undecoded on a connection of its
// own, and one client's flood took every other's place. The node here is
// slow on a thread of its own; the forwarder is the server's.
#include "server/net/transactionforwarder.h"

#include "core/protocol/amount.h"
#include "tests/support/slownode.h"
#include "tests/support/txfactory.h"

#include <QElapsedTimer>
#include <QTest>
#include <gtest/gtest.h>
#include <memory>
#include <vector>

using namespace gifscan;
using namespace gifscan::test;
using server::TransactionForwarder;

namespace {

struct Outcomes
{
    std::vector<std::shared_ptr<std::optional<chain::Submission>>> all;
    TransactionForwarder::Answered next()
    {
        all.push_back(std::make_shared<std::optional<chain::Submission>>());
        return [slot = all.back()](const chain::Submission &s) { *slot = s; };
    }
    int answered() const
    {
        int n = 0;
        for (const auto &s : all)
            n += s->has_value();
        return n;
    }
};

const QHostAddress kAlice(QStringLiteral("203.0.113.7"));
const QHostAddress kBob(QStringLiteral("203.0.113.8"));

} // namespace

// forward() returns at once; the node's answer comes when the node gives it,
// the server's thread free meanwhile.
TEST(TransactionForwarder, ForwardingWaitsForTheNodeWithoutHoldingTheThread)
{
    SlowNode node(1500);
    TransactionForwarder forwarder(QUrl(node.url()));
    TxFactory factory;
    Outcomes out;
    QElapsedTimer t;
    t.start();
    forwarder.forward(factory.transfer(0, TxFactory::dev(3), oneGif()), kAlice, out.next());
    EXPECT_LT(t.elapsed(), 500) << "ms held by forward() for a node that answers in 1.5 s";
    EXPECT_EQ(out.answered(), 0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return out.answered() == 1; }, 10000));
    EXPECT_TRUE(out.all[0]->value().accepted()) << out.all[0]->value().message.toStdString();
    // The node was told whose it is.
    EXPECT_EQ(node.forwardedFor(), QList<QByteArray>{"203.0.113.7"});
}

// Each client has a share of what is on its way: a fifth of Alice's waits
// for her first four, Bob's goes at once.
TEST(TransactionForwarder, EachClientHasAShareOfWhatIsOnItsWay)
{
    SlowNode node(1000);
    TransactionForwarder forwarder(QUrl(node.url()));
    TxFactory factory;
    Outcomes alice;
    for (int i = 0; i < TransactionForwarder::kPerClient; ++i)
        forwarder.forward(factory.transfer(0, TxFactory::dev(3), oneGif()), kAlice, alice.next());
    forwarder.forward(factory.transfer(0, TxFactory::dev(3), oneGif()), kAlice, alice.next());
    ASSERT_EQ(alice.answered(), 1) << "the fifth is refused at once";
    const chain::Submission &fifth = alice.all.back()->value();
    EXPECT_EQ(fifth.reason, QStringLiteral("unavailable"));
    EXPECT_TRUE(fifth.message.startsWith(QStringLiteral("4 of your transactions are on their way")))
        << fifth.message.toStdString();
    Outcomes bob;
    forwarder.forward(factory.transfer(1, TxFactory::dev(3), oneGif()), kBob, bob.next());
    EXPECT_EQ(bob.answered(), 0) << "Bob's is on its way, not refused";
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return alice.answered() == 5 && bob.answered() == 1; }, 10000));
    for (std::size_t i = 0; i + 1 < alice.all.size(); ++i)
        EXPECT_TRUE(alice.all[i]->value().accepted());
    EXPECT_TRUE(bob.all[0]->value().accepted());
    // Once answered, Alice may send again.
    Outcomes again;
    forwarder.forward(factory.transfer(0, TxFactory::dev(3), oneGif()), kAlice, again.next());
    EXPECT_EQ(again.answered(), 0);
}

// Connections to the node are kept: ten transactions, one after another,
// went on ten connections before.
TEST(TransactionForwarder, ConnectionsToTheNodeAreKept)
{
    SlowNode node(10);
    TransactionForwarder forwarder(QUrl(node.url()));
    TxFactory factory;
    Outcomes out;
    for (int i = 0; i < 10; ++i) {
        forwarder.forward(factory.transfer(0, TxFactory::dev(3), oneGif()), kAlice, out.next());
        ASSERT_TRUE(QTest::qWaitFor([&] { return out.answered() == i + 1; }, 10000));
    }
    EXPECT_EQ(node.requests(), 10);
    EXPECT_LE(node.connections(), 2);
}

// What the bytes say wrong is said without asking the node, in the node's
// words; a node away is not asked again for a moment.
TEST(TransactionForwarder, WhatTheBytesSayWrongIsSaidWithoutTheNodeAndANodeAwayRests)
{
    SlowNode node(10);
    TransactionForwarder forwarder(QUrl(node.url()));
    Outcomes out;
    forwarder.forward(Bytes{0x00}, kAlice, out.next());
    ASSERT_EQ(out.answered(), 1);
    EXPECT_EQ(out.all[0]->value().reason, QStringLiteral("malformed"));
    Transaction unsigned_;
    unsigned_.kind = TxKind::Transfer;
    unsigned_.gasLimit = 2000000;
    unsigned_.gasPrice = 1000000000;
    forwarder.forward(unsigned_.encode(), kAlice, out.next());
    ASSERT_EQ(out.answered(), 2);
    EXPECT_EQ(out.all[1]->value().reason, QStringLiteral("unsigned"));
    EXPECT_EQ(node.requests(), 0);

    TransactionForwarder away(QUrl(QStringLiteral("http://127.0.0.1:1/")), 2000);
    TxFactory factory;
    Outcomes gone;
    away.forward(factory.transfer(0, TxFactory::dev(3), oneGif()), kAlice, gone.next());
    ASSERT_TRUE(QTest::qWaitFor([&] { return gone.answered() == 1; }, 10000));
    EXPECT_EQ(gone.all[0]->value().reason, QStringLiteral("unavailable"));
    away.forward(factory.transfer(0, TxFactory::dev(3), oneGif()), kAlice, gone.next());
    ASSERT_EQ(gone.answered(), 2) << "refused at once while the node rests";
    EXPECT_TRUE(gone.all[1]->value().message.contains(QStringLiteral("a moment ago")));
}
