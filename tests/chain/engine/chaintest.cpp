// The chain engine in-process: execution of every kind, failures that are
// mined, and every edge rejection of PROTOCOL §3.
#include "chain/engine/executor.h"
#include "chain/engine/genesis.h"
#include "chain/store/sqlitedatabase.h"
#include "chain/store/statereader.h"
#include "server/records/recordreader.h"
#include "tests/chain/engine/chainfixture.h"
#include "tests/support/outcomeassert.h"

#include <QTemporaryDir>

using namespace gifscan;
using namespace gifscan::test; // the fixture and the chain's names it brings

// Rendered on every core, the genesis is byte for byte the one a single
// thread makes: the seeded draws come first, in order.
TEST(Genesis, IsTheSameOnAnyNumberOfThreads)
{
    std::size_t lastDone = 0;
    const std::vector<Bytes> one = chain::Genesis::transactions(7, 40, {}, 1);
    const std::vector<Bytes> four = chain::Genesis::transactions(
        7, 40, [&](std::size_t done, std::size_t) { lastDone = done; }, 4);
    ASSERT_EQ(one.size(), 48u);
    EXPECT_TRUE(one == four);
    EXPECT_EQ(lastDone, 48u) << "the progress ends at the total";
    EXPECT_FALSE(one == chain::Genesis::transactions(8, 40, {}, 2)) << "the seed matters";
}

TEST_F(ChainTest, GenesisMintsEveryObjectThroughTransactions)
{
    const ChainView &s = chain.state();
    EXPECT_EQ(s.head(), 0u);
    EXPECT_EQ(s.collectionCount(), 8u);
    EXPECT_EQ(s.objectCount(), 12u);
    const std::optional<chain::Block> genesis = s.block(0);
    EXPECT_EQ(genesis->header.txCount, 8u + 12u);
    EXPECT_EQ(genesis->header.parentHash, kZeroHash);
    EXPECT_TRUE(genesis->header.hashIsValid());
    EXPECT_EQ(genesis->header.objectRoot, s.treeAt(0)->root());
    for (std::size_t i = 0; i < s.objectCount(); ++i) {
        const chain::ObjectRecord o = s.object(static_cast<int>(i));
        EXPECT_TRUE(s.transaction(o.mintTx).has_value());
        EXPECT_GE(o.frames, 8);
        EXPECT_LE(o.frames, 32);
        EXPECT_GE(o.canvasWidth, 32);
        EXPECT_LE(o.canvasWidth, 128);
    }
    EXPECT_EQ(s.latestAccount(TxFactory::dev(3)).balance, oneGif() * 1000000);
}

TEST_F(ChainTest, GenesisIsDeterministicFromTheSeed)
{
    Chain again(quietOptions());
    ASSERT_TRUE(holds(again.open()));
    EXPECT_EQ(again.state().block(0)->header.hash, chain.state().block(0)->header.hash);
    ChainOptions other = quietOptions();
    other.seed = 2;
    Chain different(other);
    ASSERT_TRUE(holds(different.open()));
    EXPECT_NE(different.state().block(0)->header.hash, chain.state().block(0)->header.hash);
}

TEST_F(ChainTest, CreateMintListBuyCycle)
{
    const Address alice = TxFactory::dev(0), bob = TxFactory::dev(1);
    EXPECT_TRUE(mine(f.createCollection(0, QStringLiteral("cycle"))).success);
    const chain::Receipt &minted = mine(f.mint(0, QStringLiteral("cycle"), 7, alice, smallGif(),
                                               {{QStringLiteral("Hat"), QStringLiteral("Red")}}));
    ASSERT_TRUE(minted.success) << minted.error.toStdString();
    ASSERT_EQ(minted.events.size(), 1u);
    EXPECT_EQ(minted.events[0].type, QStringLiteral("mint"));
    const std::uint64_t mintHeight = chain.state().head();
    EXPECT_EQ(version(QStringLiteral("cycle#7")).owner, alice);

    const Amount price = oneGif() * 2;
    const chain::Receipt &listed =
        mine(f.objectTx(TxKind::List, 0, QStringLiteral("cycle"), 7, {}, price));
    ASSERT_TRUE(listed.success) << listed.error.toStdString();
    const Hash32 key = objectKey(QStringLiteral("cycle#7"));
    EXPECT_EQ(version(QStringLiteral("cycle#7")).owner, escrowAddress(key));

    const Amount bobBefore = chain.state().latestAccount(bob).balance;
    const Amount aliceBefore = chain.state().latestAccount(alice).balance;
    const chain::Receipt &bought =
        mine(f.objectTx(TxKind::Buy, 1, QStringLiteral("cycle"), 7, {}, price));
    ASSERT_TRUE(bought.success) << bought.error.toStdString();
    EXPECT_EQ(version(QStringLiteral("cycle#7")).owner, bob);
    EXPECT_EQ(chain.state().latestAccount(bob).balance, bobBefore - price - bought.fee);
    EXPECT_EQ(chain.state().latestAccount(alice).balance, aliceBefore + price);
    EXPECT_EQ(chain.state().latestAccount(bob).counters.bought, 1u);
    EXPECT_EQ(chain.state().latestAccount(alice).counters.sold, 1u);
    ASSERT_EQ(bought.events.size(), 2u);
    EXPECT_EQ(bought.events[0].type, QStringLiteral("sale"));
    EXPECT_EQ(bought.events[1].type, QStringLiteral("payment"));

    // History stays answerable: the owner at the mint height is still alice.
    EXPECT_EQ(version(QStringLiteral("cycle#7"), mintHeight).owner, alice);
    EXPECT_NE(chain.state().treeAt(mintHeight)->root(),
              chain.state().treeAt(chain.state().head())->root());
    EXPECT_EQ(chain.state().block(mintHeight)->header.objectRoot,
              chain.state().treeAt(mintHeight)->root());
}

TEST_F(ChainTest, DelistReturnsTheObject)
{
    const Address alice = TxFactory::dev(0);
    mine(f.createCollection(0, QStringLiteral("back")));
    mine(f.mint(0, QStringLiteral("back"), 1, alice, smallGif()));
    mine(f.objectTx(TxKind::List, 0, QStringLiteral("back"), 1, {}, oneGif()));
    const chain::Receipt &delisted = mine(f.objectTx(TxKind::Delist, 0, QStringLiteral("back"), 1));
    ASSERT_TRUE(delisted.success) << delisted.error.toStdString();
    EXPECT_EQ(version(QStringLiteral("back#1")).owner, alice);
    EXPECT_FALSE(version(QStringLiteral("back#1")).listing);
}

// A mint past a collection's highest token id skips the lookup by name
// (nothing can be there yet): that bound must follow every block, or a
// token minted again would pass as new.
TEST_F(ChainTest, ATokenIdIsMintedOnceInAnyOrder)
{
    const Address alice = TxFactory::dev(0);
    mine(f.createCollection(0, QStringLiteral("order")));
    for (const std::uint64_t id : {9, 3, 10}) {
        const chain::Receipt &minted =
            mine(f.mint(0, QStringLiteral("order"), id, alice, smallGif()));
        EXPECT_TRUE(minted.success) << id << ": " << minted.error.toStdString();
    }
    for (const std::uint64_t id : {9, 3, 10}) {
        const chain::Receipt &again =
            mine(f.mint(0, QStringLiteral("order"), id, alice, smallGif()));
        EXPECT_FALSE(again.success) << id;
        EXPECT_TRUE(again.error.contains(QStringLiteral("exists"))) << again.error.toStdString();
    }
    EXPECT_EQ(chain.state().nextTokenId(chain.state().collectionIndex(QStringLiteral("order"))),
              11u);
}

TEST_F(ChainTest, ExecutionFailuresAreMinedWithTheFeeCharged)
{
    const Address alice = TxFactory::dev(0);
    mine(f.createCollection(0, QStringLiteral("mine")));
    mine(f.mint(0, QStringLiteral("mine"), 1, alice, smallGif()));

    const Amount before = chain.state().latestAccount(TxFactory::dev(1)).balance;
    const chain::Receipt &notCreator =
        mine(f.mint(1, QStringLiteral("mine"), 2, alice, smallGif()));
    EXPECT_FALSE(notCreator.success);
    EXPECT_TRUE(notCreator.error.contains(QStringLiteral("creator")))
        << notCreator.error.toStdString();
    EXPECT_EQ(chain.state().latestAccount(TxFactory::dev(1)).balance, before - notCreator.fee);
    EXPECT_GT(notCreator.fee, Amount(0));

    const chain::Receipt &exists = mine(f.mint(0, QStringLiteral("mine"), 1, alice, smallGif()));
    EXPECT_FALSE(exists.success);
    EXPECT_TRUE(exists.error.contains(QStringLiteral("exists"))) << exists.error.toStdString();

    const chain::Receipt &unlisted =
        mine(f.objectTx(TxKind::Buy, 1, QStringLiteral("mine"), 1, {}, oneGif()));
    EXPECT_FALSE(unlisted.success);
    EXPECT_TRUE(unlisted.error.contains(QStringLiteral("not listed")))
        << unlisted.error.toStdString();

    const chain::Receipt &notOwner =
        mine(f.objectTx(TxKind::TransferObject, 2, QStringLiteral("mine"), 1, TxFactory::dev(2)));
    EXPECT_FALSE(notOwner.success);
    EXPECT_EQ(version(QStringLiteral("mine#1")).owner, alice);

    const chain::Receipt &notGif =
        mine(f.mint(0, QStringLiteral("mine"), 3, alice, QByteArrayLiteral("PNG not a gif")));
    EXPECT_FALSE(notGif.success);
    EXPECT_TRUE(notGif.error.contains(QStringLiteral("GIF"))) << notGif.error.toStdString();

    ArtSpec huge;
    huge.width = 1100;
    huge.height = 8;
    huge.frames = 1;
    const chain::Receipt &tooWide =
        mine(f.mint(0, QStringLiteral("mine"), 4, alice, GifGenerator::render(huge)));
    EXPECT_FALSE(tooWide.success);
    EXPECT_TRUE(tooWide.error.contains(QStringLiteral("canvas"))) << tooWide.error.toStdString();
    EXPECT_EQ(chain.state().objectIndex(QStringLiteral("mine#4")), -1);
}

TEST_F(ChainTest, EdgeRejectsWithTheExactReason)
{
    auto reason = [&](const Bytes &raw) { return submit(raw).reason.toStdString(); };
    Transaction tx = f.base(TxKind::Transfer, 0);
    tx.to = TxFactory::dev(1);
    tx.amount = 1;

    EXPECT_EQ(reason(Bytes{1, 2, 3}), "malformed");
    EXPECT_EQ(reason(tx.encode()), "unsigned"); // all-zero signature
    Bytes bad = TxFactory::sign(tx, 0);
    bad[bad.size() - 1] = 7; // v out of range
    EXPECT_EQ(reason(bad), "bad-signature");
    Transaction wrongChain = tx;
    wrongChain.chainId = 1;
    EXPECT_EQ(reason(TxFactory::sign(wrongChain, 0)), "wrong-chain");
    Transaction cheap = tx;
    cheap.gasPrice = 999999999;
    EXPECT_EQ(reason(TxFactory::sign(cheap, 0)), "underpriced");
    Transaction rich = tx;
    rich.amount = oneGif() * 2000000;
    EXPECT_EQ(reason(TxFactory::sign(rich, 0)), "insufficient-funds");
    Transaction big = f.base(TxKind::Mint, 0);
    big.slug = QStringLiteral("x");
    big.content = QByteArray(600 * 1024, 'G');
    EXPECT_EQ(reason(TxFactory::sign(big, 0)), "too-large");
    Bytes huge(1024 * 1024 + 1, 0);
    EXPECT_EQ(reason(huge), "too-large");

    // Valid, mined; then the same nonce again is too low.
    EXPECT_TRUE(submit(TxFactory::sign(tx, 0)).accepted());
    ASSERT_TRUE(chain.produceBlock());
    Transaction again = tx;
    again.amount = 2;
    EXPECT_EQ(reason(TxFactory::sign(again, 0)), "nonce-too-low");
}

TEST_F(ChainTest, MempoolHoldsFutureNoncesAndOrdersByGasPrice)
{
    TxFactory g;
    const Bytes first = g.transfer(4, TxFactory::dev(5), 1);
    const Bytes second = g.transfer(4, TxFactory::dev(5), 2);
    // The later nonce arrives first and waits for its turn.
    ASSERT_TRUE(submit(second).accepted());
    ASSERT_TRUE(chain.produceBlock());
    EXPECT_EQ(chain.state().block(chain.state().head())->header.txCount, 0u);
    EXPECT_EQ(chain.mempool().size(), 1u);
    ASSERT_TRUE(submit(first).accepted());
    ASSERT_TRUE(chain.produceBlock());
    EXPECT_EQ(chain.state().block(chain.state().head())->header.txCount, 2u);
    EXPECT_EQ(chain.mempool().size(), 0u);

    // Two senders: the higher gas price goes first.
    Transaction low = TxFactory().base(TxKind::Transfer, 6);
    low.to = TxFactory::dev(7);
    low.amount = 1;
    Transaction high = TxFactory().base(TxKind::Transfer, 7);
    high.to = TxFactory::dev(6);
    high.amount = 1;
    high.gasPrice = 5000000000;
    const Bytes lowRaw = TxFactory::sign(low, 6), highRaw = TxFactory::sign(high, 7);
    const Hash32 lowHash = submit(lowRaw).hash, highHash = submit(highRaw).hash;
    ASSERT_TRUE(chain.produceBlock());
    EXPECT_EQ(chain.state().transaction(highHash)->index, 0u);
    EXPECT_EQ(chain.state().transaction(lowHash)->index, 1u);
}

TEST(ChainPersistence, ReplayRestoresTheSameChain)
{
    QTemporaryDir dir;
    ChainOptions o = quietOptions();
    o.ephemeral = false;
    o.traffic = true;
    o.dataDir = dir.path();
    Hash32 headHash{};
    std::uint64_t head = 0;
    {
        Chain chain(o);
        ASSERT_TRUE(holds(chain.open()));
        for (int i = 0; i < 6; ++i)
            ASSERT_TRUE(chain.produceBlock());
        head = chain.state().head();
        headHash = chain.state().block(head)->header.hash;
        EXPECT_GT(chain.state().activityCount(), 12u); // traffic did something
    }
    Chain reopened(o);
    ASSERT_TRUE(holds(reopened.open()));
    EXPECT_EQ(reopened.state().head(), head);
    EXPECT_EQ(reopened.state().block(head)->header.hash, headHash);
    ASSERT_TRUE(reopened.produceBlock());
    EXPECT_EQ(reopened.state().block(head + 1)->header.parentHash, headHash);
}

TEST(ChainPersistence, TwoNodesNeverOpenOneDataFolder)
{
    QTemporaryDir dir;
    ChainOptions o = quietOptions();
    o.ephemeral = false;
    o.dataDir = dir.path();
    {
        Chain first(o);
        ASSERT_TRUE(holds(first.open()));
        Chain second(o);
        const Outcome<> refused = second.open();
        ASSERT_FALSE(refused);
        EXPECT_EQ(refused.error().kind, Failure::Kind::Unavailable) << "free once the first stops";
        const QString error = refused.error().message;
        EXPECT_TRUE(error.contains(QStringLiteral("is in use by another node")))
            << error.toStdString();
        EXPECT_TRUE(error.contains(dir.path())) << error.toStdString();
        ASSERT_TRUE(first.produceBlock()) << "the first one goes on";
    }
    Chain after(o); // once the first has gone
    ASSERT_TRUE(holds(after.open()));
    EXPECT_EQ(after.state().head(), 1u);
}

// PROTOCOL §3's gas table, written out as numbers: every kind's gas, its fee
// at the factory's 1 gwei, and what the sender pays in all; the fee goes to
// the block's proposer.
TEST_F(ChainTest, EachKindPaysTheGasTheProtocolWrites)
{
    const Amount gwei(1000000000);
    const Address bob = TxFactory::dev(1);
    const QString slug = QStringLiteral("gas");
    auto paid = [&](const Bytes &raw, std::uint32_t signer, std::uint64_t gas) {
        const Address sender = TxFactory::dev(signer);
        const std::uint64_t height = chain.state().head() + 1;
        const Address proposer =
            chain.validators().members()[chain.validators().proposerIndex(height)];
        const Amount before = chain.state().latestAccount(sender).balance;
        const Amount proposerBefore = chain.state().latestAccount(proposer).balance;
        const chain::Receipt r = mine(raw);
        EXPECT_TRUE(r.success) << r.error.toStdString();
        EXPECT_EQ(r.gasUsed, gas);
        EXPECT_EQ(r.fee, gwei * Amount(gas));
        EXPECT_EQ(chain.state().latestAccount(proposer).balance, proposerBefore + r.fee);
        return before - chain.state().latestAccount(sender).balance;
    };
    EXPECT_EQ(paid(f.transfer(0, bob, Amount(5)), 0, 21000), Amount(21000000000000) + Amount(5));
    EXPECT_EQ(paid(f.createCollection(0, slug), 0, 50000), Amount(50000000000000));
    const QByteArray gif = smallGif();
    const auto mintGas = static_cast<std::uint64_t>(50000 + 16 * gif.size());
    EXPECT_EQ(paid(f.mint(0, slug, 1, TxFactory::dev(0), gif), 0, mintGas), gwei * Amount(mintGas));
    EXPECT_EQ(paid(f.objectTx(TxKind::TransferObject, 0, slug, 1, bob), 0, 30000),
              Amount(30000000000000));
    EXPECT_EQ(paid(f.objectTx(TxKind::List, 1, slug, 1, {}, oneGif()), 1, 30000),
              Amount(30000000000000));
    EXPECT_EQ(paid(f.objectTx(TxKind::Delist, 1, slug, 1), 1, 20000), Amount(20000000000000));
    EXPECT_EQ(paid(f.objectTx(TxKind::List, 1, slug, 1, {}, oneGif()), 1, 30000),
              Amount(30000000000000));
    EXPECT_EQ(paid(f.objectTx(TxKind::Buy, 0, slug, 1, {}, oneGif()), 0, 40000),
              Amount(40000000000000) + oneGif());
}

// Out of gas (§3): a limit below the kind's gas is refused at the edge, so
// only a block made elsewhere carries one; executed, it fails, uses its whole
// limit, pays for it and changes nothing else.
TEST(Executor, AGasLimitBelowTheKindsGasFailsOutOfGasAndPaysTheLimit)
{
    chain::ChainStore store;
    ASSERT_TRUE(holds(store.open(QString(), false)));
    chain::ChainState state;
    state.setStore(&store);
    chain::Genesis::allocate(state);
    Transaction tx;
    tx.kind = TxKind::Transfer;
    tx.chainId = kChainId;
    tx.gasPrice = 1000000000;
    tx.gasLimit = 20999;
    tx.to = TxFactory::dev(1);
    tx.amount = oneGif();
    const Address sender = TxFactory::dev(0);
    const Amount before = state.latestAccount(sender).balance;
    const Amount bobBefore = state.latestAccount(tx.to).balance;
    chain::Executor executor(state);
    const chain::Receipt r =
        executor.apply(tx, sender, tx.hash(), 0, {0, 0, TxFactory::dev(9), {}});
    EXPECT_FALSE(r.success);
    EXPECT_EQ(r.error, QStringLiteral("out of gas: transfer needs 21000 gas, the limit is 20999"));
    EXPECT_EQ(r.gasUsed, 20999u);
    EXPECT_EQ(r.fee, Amount(20999000000000));
    EXPECT_TRUE(r.events.empty());
    EXPECT_EQ(state.latestAccount(sender).balance, before - Amount(20999000000000));
    EXPECT_EQ(state.latestAccount(sender).nonce, 1u);
    EXPECT_EQ(state.latestAccount(tx.to).balance, bobBefore) << "nothing moved but the fee";
}

// A mint may name a trait twice; the collection's counts count it twice, as
// rarity does, so the two never disagree.
TEST_F(ChainTest, ATraitNamedTwiceIsCountedTwice)
{
    const Trait red{QStringLiteral("Background"), QStringLiteral("Red")};
    ASSERT_TRUE(mine(f.createCollection(0, QStringLiteral("twice"))).success);
    ASSERT_TRUE(
        mine(f.mint(0, QStringLiteral("twice"), 1, TxFactory::dev(0), smallGif(), {red, red}))
            .success);
    ASSERT_TRUE(
        mine(f.mint(0, QStringLiteral("twice"), 2, TxFactory::dev(0), smallGif(), {red})).success);
    server::RecordReader indexer(chain.state());
    const server::TraitCounts counts = indexer.traitCounts(
        chain.state().collectionIndex(QStringLiteral("twice")), chain.state().head());
    EXPECT_EQ(counts.items, 2u);
    ASSERT_EQ(counts.values.size(), 1u);
    EXPECT_EQ(counts.values[0].first, red);
    EXPECT_EQ(counts.values[0].second, 3u);
    server::ObjectFilter filter;
    filter.traits = {red};
    EXPECT_EQ(indexer.objects(filter, chain.state().head()).size(), 2u) << "each object once";
}

// A request's deadline on the store (ReadDeadline): past it, reads stop and
// say so; gone with its scope, the same reads are whole and writes go on.
TEST_F(ChainTest, TheStoreCutsReadsPastADeadlineAndOnlyThen)
{
    const chain::StateReader &reader = chain.state().tables();
    {
        const chain::ReadDeadline deadline(reader, -1000); // passed already
        // SQLite asks every 1,000 steps of a statement, and a kept
        // statement's steps add up across its runs: a loop of small reads
        // (a version an object, as a market order reads them) is cut as one
        // large read is.
        EXPECT_THROW(for (int i = 0; i < 1000; ++i) reader.version(i % 12, chain.state().head()),
                     chain::ReadTimedOut);
        EXPECT_TRUE(deadline.passed());
    }
    // Gone with its scope: the same read is whole.
    EXPECT_EQ(reader.objects(-1, {}, chain.state().head()).size(), 12u);
    EXPECT_TRUE(chain.produceBlock()) << "writes are never cut";
}

// A statement cut at the deadline keeps SQLite's interrupt until it is
// reset, and SQLiteCpp's reset() throws it then: a cached trie-node read cut
// in a request threw in the block producer that used it next, and the node
// stopped. The deadline's end resets every statement of the connection.
TEST(ReadDeadline, AStatementCutLeavesNothingForItsNextUser)
{
    chain::SqliteDatabase db(QString{});
    db.exec("CREATE TABLE t(x); WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c "
            "WHERE n < 5000) INSERT INTO t SELECT n FROM c");
    const chain::StateReader reader(db, {});
    chain::SqlStatement cached(
        db,
        "SELECT count(*) FROM t WHERE x > ?"); // kept, as TrieTables keeps its own
    {
        const chain::ReadDeadline deadline(reader, -1000);
        cached.bind(1, 0);
        EXPECT_THROW(cached.executeStep(), chain::SqlError);
    }
    // Its next user resets it first, as TrieTables::node does, then reads.
    EXPECT_NO_THROW(cached.reset());
    cached.bind(1, 0);
    ASSERT_TRUE(cached.executeStep());
    EXPECT_EQ(cached.getColumn(0).getInt(), 5000);
}
