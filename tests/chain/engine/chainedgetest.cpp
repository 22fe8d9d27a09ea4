// What a stranger can make the chain engine do: amounts that would overflow,
// gas limits and nonces that could only wait or fail, a full mempool; and
// the pool's journal, from which a read server mirrors it.
#include "tests/chain/engine/chainfixture.h"
#include "tests/support/outcomeassert.h"

#include <QTemporaryDir>

using namespace gifscan;
using namespace gifscan::test; // the fixture and the chain's names it brings

// Amounts anyone chooses cannot abort the node: products and sums past
// 2^256 - 1 are refused at the edge in words (issue: gasPrice 2^255, a
// transfer or a buy of 2^256 - 1, from a key with no funds).
TEST_F(ChainTest, OverflowingAmountsAreRefusedNotThrown)
{
    const PrivateKey stranger = PrivateKey::derived(QByteArrayLiteral("stranger"), 1);
    auto signedBy = [&](Transaction tx) {
        tx.signature = stranger.sign(tx.signingHash());
        return tx.encode();
    };
    const Amount max = ~Amount(0);
    Transaction pricey = f.base(TxKind::Transfer, 0);
    pricey.nonce = 0;
    pricey.to = TxFactory::dev(1);
    pricey.gasPrice = Amount(1) << 255;
    Submission s = submit(signedBy(pricey));
    EXPECT_EQ(s.reason, QStringLiteral("malformed")) << s.message.toStdString();
    EXPECT_TRUE(s.message.contains(QStringLiteral("2^256"))) << s.message.toStdString();

    Transaction everything = f.base(TxKind::Transfer, 0);
    everything.nonce = 0;
    everything.to = TxFactory::dev(1);
    everything.amount = max;
    EXPECT_EQ(submit(signedBy(everything)).reason, QStringLiteral("malformed"));

    Transaction buy = f.base(TxKind::Buy, 0);
    buy.nonce = 0;
    buy.slug = QStringLiteral("pixel-cats");
    buy.tokenId = 1;
    buy.maxPrice = max;
    EXPECT_EQ(submit(signedBy(buy)).reason, QStringLiteral("malformed"));

    // Only just fitting is no overflow: an honest "insufficient-funds".
    Transaction edge = f.base(TxKind::Transfer, 0);
    edge.nonce = 0;
    edge.to = TxFactory::dev(1);
    edge.gasLimit = 21000;
    edge.gasPrice = max / 21000;
    EXPECT_EQ(submit(signedBy(edge)).reason, QStringLiteral("insufficient-funds"));
    EXPECT_TRUE(chain.produceBlock()); // and the node goes on
    EXPECT_FALSE(checkedMul(max, Amount(2)).has_value());
    EXPECT_FALSE(checkedAdd(max, Amount(1)).has_value());
    EXPECT_EQ(*checkedMul(max, Amount(1)), max);
}

// What a stranger can make the node hold is bounded: no gas limit below
// the kind's own, no nonce far ahead, a pool of fixed size that only a
// better offer enters.
TEST(ChainMempool, StrangersCannotFillThePool)
{
    ChainOptions o = quietOptions();
    o.mempool.transactions = 5;
    o.mempool.perSender = 3;
    Chain chain(o);
    ASSERT_TRUE(holds(chain.open()));
    TxFactory f;
    auto transfer = [&](std::uint32_t signer, std::uint64_t nonce, std::uint64_t gwei,
                        std::uint64_t gasLimit = 21000) {
        Transaction tx = f.base(TxKind::Transfer, signer);
        tx.nonce = nonce;
        tx.to = TxFactory::dev(9);
        tx.amount = 1;
        tx.gasPrice = Amount(gwei) * 1000000000;
        tx.gasLimit = gasLimit;
        return chain.submit(TxFactory::sign(tx, signer));
    };
    // The trick of a zero gas limit, which made the funds check pass and
    // the block include it for free.
    Submission s = transfer(0, 0, 1, 0);
    EXPECT_EQ(s.reason, QStringLiteral("intrinsic-gas")) << s.message.toStdString();
    EXPECT_EQ(transfer(0, 0, 1, 20999).reason, QStringLiteral("intrinsic-gas"));
    // Far-future nonces are refused, near ones wait.
    EXPECT_EQ(transfer(0, 3, 1).reason, QStringLiteral("nonce-too-high"));
    for (std::uint64_t n = 0; n < 3; ++n)
        EXPECT_TRUE(transfer(0, n, 1).accepted());
    // A full pool takes only a better offer, evicting the cheapest last-in-line.
    EXPECT_TRUE(transfer(1, 0, 1).accepted());
    EXPECT_TRUE(transfer(2, 0, 1).accepted());
    EXPECT_EQ(chain.mempool().size(), 5u);
    s = transfer(3, 0, 1);
    EXPECT_EQ(s.reason, QStringLiteral("pool-full")) << s.message.toStdString();
    EXPECT_TRUE(transfer(3, 0, 2).accepted());
    EXPECT_EQ(chain.mempool().size(), 5u);
    // Whatever was evicted, every sender's line stays without gaps: the
    // next block mines what is there, in nonce order.
    ASSERT_TRUE(chain.produceBlock());
    EXPECT_EQ(chain.mempool().size(), 0u);
    EXPECT_EQ(chain.state().latestAccount(TxFactory::dev(3)).nonce, 1u);
}

// A read server mirrors its node's pool from the journal alone: after each
// kind of change (entry, replacement, eviction, mining), a copy brought up
// to date holds exactly the pool; a cursor of another pool gives the whole.
TEST(ChainMempool, ItsJournalKeepsACopyExact)
{
    ChainOptions o = quietOptions();
    o.mempool.transactions = 4;
    o.mempool.perSender = 3;
    Chain chain(o);
    ASSERT_TRUE(holds(chain.open()));
    TxFactory f;
    auto transfer = [&](std::uint32_t signer, std::uint64_t nonce, std::uint64_t gwei) {
        Transaction tx = f.base(TxKind::Transfer, signer);
        tx.nonce = nonce;
        tx.to = TxFactory::dev(9);
        tx.amount = 1;
        tx.gasPrice = Amount(gwei) * 1000000000;
        return chain.submit(TxFactory::sign(tx, signer)).accepted();
    };
    chain::Mempool copy;
    QString cursor;
    bool whole = false;
    auto bringUp = [&] {
        const chain::MempoolChanges changes = chain.mempool().changesSince(cursor);
        whole = changes.whole;
        std::vector<Hash32> removed = changes.removed;
        if (changes.whole) {
            for (const Hash32 &h : copy.hashes()) {
                if (std::find(changes.added.begin(), changes.added.end(), h) == changes.added.end())
                    removed.push_back(h);
            }
        }
        for (const Hash32 &h : removed)
            copy.remove(h);
        for (const Hash32 &h : changes.added)
            copy.mirror(*chain.mempool().find(h));
        cursor = changes.cursor;
        auto sorted = [](std::vector<Hash32> v) {
            std::sort(v.begin(), v.end());
            return v;
        };
        return sorted(copy.hashes()) == sorted(chain.mempool().hashes());
    };
    ASSERT_TRUE(transfer(0, 0, 1) && transfer(0, 1, 1) && transfer(1, 0, 1));
    EXPECT_TRUE(bringUp());
    EXPECT_TRUE(whole) << "the first question is answered whole";
    EXPECT_EQ(copy.size(), 3u);
    ASSERT_TRUE(transfer(0, 1, 5)); // replaces nonce 1
    EXPECT_TRUE(bringUp());
    EXPECT_FALSE(whole);
    ASSERT_TRUE(transfer(2, 0, 1));
    ASSERT_TRUE(transfer(3, 0, 9)); // full: the cheapest last-in-line goes
    EXPECT_TRUE(bringUp());
    EXPECT_EQ(copy.size(), 4u);
    ASSERT_TRUE(chain.produceBlock());
    EXPECT_TRUE(bringUp());
    EXPECT_EQ(copy.size(), 0u);
    EXPECT_FALSE(whole);
    // Nothing changed: nothing to say.
    const chain::MempoolChanges none = chain.mempool().changesSince(cursor);
    EXPECT_TRUE(none.added.empty() && none.removed.empty() && !none.whole);
    // Another pool's cursor (a node restarted) or none that parses: all of it.
    EXPECT_TRUE(chain::Mempool().changesSince(cursor).whole);
    EXPECT_TRUE(chain.mempool().changesSince(QStringLiteral("x.1")).whole);
}
