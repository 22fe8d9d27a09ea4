// The chain engine in-process: execution of every kind, failures that are
// mined, and every edge rejection of PROTOCOL §3.
#include "core/commitments.h"
#include "core/headerverifier.h"
#include "devnet/chain.h"
#include "devnet/genesis.h"
#include "devnet/gifgenerator.h"
#include "tests/support/txfactory.h"

#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <map>

using namespace gifscan;
// The node's own records, where core has records of the same name.
namespace dn = gifscan::devnet;
using dn::Chain;
using dn::ChainOptions;
using dn::Submission;
using dn::ArtSpec;
using dn::GifGenerator;
using dn::ChainState;
using gifscan::test::TxFactory;

namespace {

ChainOptions quietOptions()
{
    ChainOptions o;
    o.objects = 12;
    o.traffic = false;
    o.ephemeral = true;
    return o;
}

QByteArray smallGif()
{
    ArtSpec spec;
    spec.width = 16;
    spec.height = 16;
    spec.frames = 3;
    return GifGenerator::render(spec);
}

class ChainTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        QString error;
        ASSERT_TRUE(chain.open(&error)) << error.toStdString();
    }

    Submission submit(const Bytes &raw) { return chain.submit(raw); }
    const dn::Receipt &mine(const Bytes &raw)
    {
        const Submission s = submit(raw);
        EXPECT_TRUE(s.accepted()) << s.reason.toStdString() << ": " << s.message.toStdString();
        EXPECT_TRUE(chain.produceBlock());
        const dn::TxEntry *e = chain.state().transaction(s.hash);
        EXPECT_NE(e, nullptr);
        static dn::Receipt none;
        return e ? e->receipt : none;
    }
    const dn::ObjectRecord &object(const QString &key)
    {
        return chain.state().object(chain.state().objectIndex(key));
    }

    Chain chain{quietOptions()};
    TxFactory f;
};

} // namespace

TEST_F(ChainTest, GenesisMintsEveryObjectThroughTransactions)
{
    const ChainState &s = chain.state();
    EXPECT_EQ(s.head(), 0u);
    EXPECT_EQ(s.collectionCount(), 8u);
    EXPECT_EQ(s.objectCount(), 12u);
    const dn::Block *genesis = s.block(0);
    EXPECT_EQ(genesis->header.txCount, 8u + 12u);
    EXPECT_EQ(genesis->header.parentHash, kZeroHash);
    EXPECT_TRUE(genesis->header.hashIsValid());
    EXPECT_EQ(genesis->header.objectRoot, s.treeAt(0)->root());
    for (std::size_t i = 0; i < s.objectCount(); ++i) {
        const dn::ObjectRecord &o = s.object(static_cast<int>(i));
        EXPECT_NE(s.transaction(o.mintTx), nullptr);
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
    QString error;
    ASSERT_TRUE(again.open(&error));
    EXPECT_EQ(again.state().block(0)->header.hash, chain.state().block(0)->header.hash);
    ChainOptions other = quietOptions();
    other.seed = 2;
    Chain different(other);
    ASSERT_TRUE(different.open(&error));
    EXPECT_NE(different.state().block(0)->header.hash, chain.state().block(0)->header.hash);
}

TEST_F(ChainTest, CreateMintListBuyCycle)
{
    const Address alice = TxFactory::dev(0), bob = TxFactory::dev(1);
    EXPECT_TRUE(mine(f.createCollection(0, QStringLiteral("cycle"))).success);
    const dn::Receipt &minted = mine(f.mint(0, QStringLiteral("cycle"), 7, alice, smallGif(), {{QStringLiteral("Hat"), QStringLiteral("Red")}}));
    ASSERT_TRUE(minted.success) << minted.error.toStdString();
    ASSERT_EQ(minted.events.size(), 1u);
    EXPECT_EQ(minted.events[0].type, QStringLiteral("mint"));
    const std::uint64_t mintHeight = chain.state().head();
    EXPECT_EQ(*object(QStringLiteral("cycle#7")).owner.latest(), alice);

    const Amount price = oneGif() * 2;
    const dn::Receipt &listed = mine(f.objectTx(TxKind::List, 0, QStringLiteral("cycle"), 7, {}, price));
    ASSERT_TRUE(listed.success) << listed.error.toStdString();
    const Hash32 key = objectKey(QStringLiteral("cycle#7"));
    EXPECT_EQ(*object(QStringLiteral("cycle#7")).owner.latest(), escrowAddress(key));

    const Amount bobBefore = chain.state().latestAccount(bob).balance;
    const Amount aliceBefore = chain.state().latestAccount(alice).balance;
    const dn::Receipt &bought = mine(f.objectTx(TxKind::Buy, 1, QStringLiteral("cycle"), 7, {}, price));
    ASSERT_TRUE(bought.success) << bought.error.toStdString();
    EXPECT_EQ(*object(QStringLiteral("cycle#7")).owner.latest(), bob);
    EXPECT_EQ(chain.state().latestAccount(bob).balance, bobBefore - price - bought.fee);
    EXPECT_EQ(chain.state().latestAccount(alice).balance, aliceBefore + price);
    EXPECT_EQ(chain.state().latestAccount(bob).counters.bought, 1u);
    EXPECT_EQ(chain.state().latestAccount(alice).counters.sold, 1u);
    ASSERT_EQ(bought.events.size(), 2u);
    EXPECT_EQ(bought.events[0].type, QStringLiteral("sale"));
    EXPECT_EQ(bought.events[1].type, QStringLiteral("payment"));

    // History stays answerable: the owner at the mint height is still alice.
    EXPECT_EQ(*object(QStringLiteral("cycle#7")).owner.at(mintHeight), alice);
    EXPECT_NE(chain.state().treeAt(mintHeight)->root(), chain.state().treeAt(chain.state().head())->root());
    EXPECT_EQ(chain.state().block(mintHeight)->header.objectRoot, chain.state().treeAt(mintHeight)->root());
}

TEST_F(ChainTest, DelistReturnsTheObject)
{
    const Address alice = TxFactory::dev(0);
    mine(f.createCollection(0, QStringLiteral("back")));
    mine(f.mint(0, QStringLiteral("back"), 1, alice, smallGif()));
    mine(f.objectTx(TxKind::List, 0, QStringLiteral("back"), 1, {}, oneGif()));
    const dn::Receipt &delisted = mine(f.objectTx(TxKind::Delist, 0, QStringLiteral("back"), 1));
    ASSERT_TRUE(delisted.success) << delisted.error.toStdString();
    EXPECT_EQ(*object(QStringLiteral("back#1")).owner.latest(), alice);
    EXPECT_FALSE(*object(QStringLiteral("back#1")).listing.latest());
}

TEST_F(ChainTest, ExecutionFailuresAreMinedWithTheFeeCharged)
{
    const Address alice = TxFactory::dev(0);
    mine(f.createCollection(0, QStringLiteral("mine")));
    mine(f.mint(0, QStringLiteral("mine"), 1, alice, smallGif()));

    const Amount before = chain.state().latestAccount(TxFactory::dev(1)).balance;
    const dn::Receipt &notCreator = mine(f.mint(1, QStringLiteral("mine"), 2, alice, smallGif()));
    EXPECT_FALSE(notCreator.success);
    EXPECT_TRUE(notCreator.error.contains(QStringLiteral("creator"))) << notCreator.error.toStdString();
    EXPECT_EQ(chain.state().latestAccount(TxFactory::dev(1)).balance, before - notCreator.fee);
    EXPECT_GT(notCreator.fee, Amount(0));

    const dn::Receipt &exists = mine(f.mint(0, QStringLiteral("mine"), 1, alice, smallGif()));
    EXPECT_FALSE(exists.success);
    EXPECT_TRUE(exists.error.contains(QStringLiteral("exists"))) << exists.error.toStdString();

    const dn::Receipt &unlisted = mine(f.objectTx(TxKind::Buy, 1, QStringLiteral("mine"), 1, {}, oneGif()));
    EXPECT_FALSE(unlisted.success);
    EXPECT_TRUE(unlisted.error.contains(QStringLiteral("not listed"))) << unlisted.error.toStdString();

    const dn::Receipt &notOwner = mine(f.objectTx(TxKind::TransferObject, 2, QStringLiteral("mine"), 1, TxFactory::dev(2)));
    EXPECT_FALSE(notOwner.success);
    EXPECT_EQ(*object(QStringLiteral("mine#1")).owner.latest(), alice);

    const dn::Receipt &notGif = mine(f.mint(0, QStringLiteral("mine"), 3, alice, QByteArrayLiteral("PNG not a gif")));
    EXPECT_FALSE(notGif.success);
    EXPECT_TRUE(notGif.error.contains(QStringLiteral("GIF"))) << notGif.error.toStdString();

    ArtSpec huge;
    huge.width = 1100;
    huge.height = 8;
    huge.frames = 1;
    const dn::Receipt &tooWide = mine(f.mint(0, QStringLiteral("mine"), 4, alice, GifGenerator::render(huge)));
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
        QString error;
        ASSERT_TRUE(chain.open(&error)) << error.toStdString();
        for (int i = 0; i < 6; ++i)
            ASSERT_TRUE(chain.produceBlock());
        head = chain.state().head();
        headHash = chain.state().block(head)->header.hash;
        EXPECT_GT(chain.state().activity().size(), 12u); // traffic did something
    }
    Chain reopened(o);
    QString error;
    ASSERT_TRUE(reopened.open(&error)) << error.toStdString();
    EXPECT_EQ(reopened.state().head(), head);
    EXPECT_EQ(reopened.state().block(head)->header.hash, headHash);
    ASSERT_TRUE(reopened.produceBlock());
    EXPECT_EQ(reopened.state().block(head + 1)->header.parentHash, headHash);
}

TEST(ChainPersistence, ALogTornInsideItsFirstBytesStartsAfresh)
{
    QTemporaryDir dir;
    {
        QFile f(dir.filePath(QStringLiteral("blocks.log")));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("GIFSCAN-BL"); // the magic, cut short
    }
    ChainOptions o = quietOptions();
    o.ephemeral = false;
    o.dataDir = dir.path();
    {
        Chain chain(o);
        QString error;
        ASSERT_TRUE(chain.open(&error)) << error.toStdString();
        ASSERT_TRUE(chain.produceBlock());
    }
    Chain again(o);
    QString error;
    ASSERT_TRUE(again.open(&error)) << error.toStdString();
    EXPECT_EQ(again.state().head(), 1u);
}

TEST(ChainPersistence, TornTailIsCutAndDamageIsRefused)
{
    QTemporaryDir dir;
    ChainOptions o = quietOptions();
    o.ephemeral = false;
    o.dataDir = dir.path();
    {
        Chain chain(o);
        QString error;
        ASSERT_TRUE(chain.open(&error));
        ASSERT_TRUE(chain.produceBlock());
        ASSERT_TRUE(chain.produceBlock());
    }
    const QString path = dir.filePath(QStringLiteral("blocks.log"));
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::Append));
        f.write(QByteArray("\x00\x00\x10\x00half a record", 17)); // a write cut short
    }
    {
        Chain chain(o);
        QString error;
        ASSERT_TRUE(chain.open(&error)) << error.toStdString();
        EXPECT_EQ(chain.state().head(), 2u);
    }
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::ReadWrite));
        f.seek(200); // inside genesis: not a torn tail
        f.write("XXXX");
    }
    Chain chain(o);
    QString error;
    EXPECT_FALSE(chain.open(&error));
    EXPECT_TRUE(error.contains(QStringLiteral("damaged")) || error.contains(QStringLiteral("recomputes"))) << error.toStdString();
}

// PROTOCOL v2: every header is signed by the set it names, proposers take
// turns, and the holdings root commits exactly who holds what.
TEST_F(ChainTest, HeadersAreSignedByTheDevnetSetInTurn)
{
    for (int i = 0; i < 5; ++i)
        ASSERT_TRUE(chain.produceBlock());
    const ValidatorSet set = ValidatorSet::devnet();
    const HeaderVerifier verifier(TrustAnchor{kChainId, chain.state().block(0)->header.hash, set});
    for (std::uint64_t h = 0; h <= chain.state().head(); ++h) {
        const BlockHeader &header = chain.state().block(h)->header;
        EXPECT_EQ(header.validatorsHash, set.hash());
        EXPECT_EQ(header.proposer, set.members()[h % 4]);
        EXPECT_EQ(header.commit.size(), 4u);
        const HeaderVerdict v = verifier.verify(header, h > 0 ? &chain.state().block(h - 1)->header : nullptr);
        EXPECT_TRUE(v.verified()) << h << ": " << v.detail.toStdString();
    }
}

TEST_F(ChainTest, HoldingsRootCommitsEveryHolderExactly)
{
    mine(f.createCollection(2, QStringLiteral("held")));
    mine(f.mint(2, QStringLiteral("held"), 1, TxFactory::dev(2), smallGif()));
    mine(f.objectTx(TxKind::List, 2, QStringLiteral("held"), 1, {}, 5));
    const ChainState &s = chain.state();
    for (std::uint64_t h = 0; h <= s.head(); ++h) {
        // From nothing: group the owners of every object existing at h.
        std::map<Address, std::vector<Hash32>> holders;
        for (std::size_t i = 0; i < s.objectCount(); ++i) {
            const int o = static_cast<int>(i);
            if (s.objectExists(o, h))
                holders[*s.object(o).owner.at(h)].push_back(s.object(o).key);
        }
        std::vector<std::pair<Hash32, Hash32>> leaves;
        for (auto &[holder, keys] : holders) {
            leaves.emplace_back(holdingsKey(holder), holdingsValueHash(keys.size(), holdingsSubRoot(keys)));
            std::sort(keys.begin(), keys.end());
            EXPECT_EQ(s.holdingsOf(holder, h), keys);
        }
        EXPECT_EQ(s.block(h)->header.holdingsRoot, sparseMerkleRoot(leaves)) << h;
        EXPECT_EQ(s.holdingsAt(h)->root(), s.block(h)->header.holdingsRoot);
    }
    // A listed object is its escrow's, not its seller's.
    const Address escrow = escrowAddress(objectKey(QStringLiteral("held#1")));
    EXPECT_EQ(s.holdingsOf(escrow, s.head()), std::vector<Hash32>{objectKey(QStringLiteral("held#1"))});
}

TEST(ChainSigning, AForgingNodeSignsWithKeysOutsideTheSet)
{
    ChainOptions o = quietOptions();
    o.forgeHeaders = true;
    Chain chain(o);
    QString error;
    ASSERT_TRUE(chain.open(&error));
    const BlockHeader &genesis = chain.state().block(0)->header;
    EXPECT_TRUE(genesis.hashIsValid());
    EXPECT_EQ(genesis.validatorsHash, ValidatorSet::devnet().hash()); // it claims the devnet set
    EXPECT_EQ(HeaderVerifier(TrustAnchor::devnet()).verify(genesis).check, HeaderCheck::BadSignature);
}

TEST(ChainSigning, TheSetSizeIsAnOption)
{
    ChainOptions o = quietOptions();
    o.validators = 7;
    Chain chain(o);
    QString error;
    ASSERT_TRUE(chain.open(&error));
    const BlockHeader &genesis = chain.state().block(0)->header;
    EXPECT_EQ(genesis.commit.size(), 7u);
    EXPECT_TRUE(HeaderVerifier(TrustAnchor{kChainId, std::nullopt, ValidatorSet::devnet(7)}).verify(genesis).verified());
    EXPECT_EQ(HeaderVerifier(TrustAnchor::devnet()).verify(genesis).check, HeaderCheck::UntrustedSet);
}

TEST(ChainPersistence, AVersion1LogIsMovedAsideNotRewritten)
{
    QTemporaryDir dir;
    const QByteArray v1 = QByteArrayLiteral("GIFSCAN-BLOCKLOG-1\n") + QByteArray(40, '\x01');
    {
        QFile f(dir.filePath(QStringLiteral("blocks.log")));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(v1);
    }
    ChainOptions o = quietOptions();
    o.ephemeral = false;
    o.dataDir = dir.path();
    Chain chain(o);
    QString error;
    ASSERT_TRUE(chain.open(&error)) << error.toStdString();
    EXPECT_EQ(chain.state().head(), 0u);
    QFile aside(dir.filePath(QStringLiteral("blocks.v1.log")));
    ASSERT_TRUE(aside.open(QIODevice::ReadOnly));
    EXPECT_EQ(aside.readAll(), v1); // byte for byte
    QFile fresh(dir.filePath(QStringLiteral("blocks.log")));
    ASSERT_TRUE(fresh.open(QIODevice::ReadOnly));
    EXPECT_TRUE(fresh.readAll().startsWith("GIFSCAN-BLOCKLOG-2\n"));
}

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
    QString error;
    ASSERT_TRUE(chain.open(&error));
    TxFactory f;
    auto transfer = [&](std::uint32_t signer, std::uint64_t nonce, std::uint64_t gwei, std::uint64_t gasLimit = 21000) {
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
