// Protocol version 2 in the chain engine: headers signed by the set they
// name, proposers in turn, the holdings trie, and the version 1 log kept aside.
#include "core/protocol/commitments.h"
#include "core/verify/headerverifier.h"
#include "tests/chain/engine/chainfixture.h"
#include "tests/support/outcomeassert.h"

#include <QTemporaryDir>

using namespace gifscan;
using namespace gifscan::test; // the fixture and the chain's names it brings

#include <map>

// PROTOCOL v2: every header is signed by the set it names, proposers take
// turns, and the holdings root commits exactly who holds what.
TEST_F(ChainTest, HeadersAreSignedByTheDevnetSetInTurn)
{
    for (int i = 0; i < 5; ++i)
        ASSERT_TRUE(chain.produceBlock());
    const ValidatorSet set = ValidatorSet::devnet();
    const HeaderVerifier verifier(TrustAnchor{kChainId, chain.state().block(0)->header.hash, set});
    for (std::uint64_t h = 0; h <= chain.state().head(); ++h) {
        const BlockHeader header = chain.state().block(h)->header;
        EXPECT_EQ(header.validatorsHash, set.hash());
        EXPECT_EQ(header.proposer, set.members()[h % 4]);
        EXPECT_EQ(header.commit.size(), 4u);
        const HeaderVerdict v =
            verifier.verify(header, h > 0 ? &chain.state().block(h - 1)->header : nullptr);
        EXPECT_TRUE(v.verified()) << h << ": " << v.detail.toStdString();
    }
}

TEST_F(ChainTest, HoldingsRootCommitsEveryHolderExactly)
{
    mine(f.createCollection(2, QStringLiteral("held")));
    mine(f.mint(2, QStringLiteral("held"), 1, TxFactory::dev(2), smallGif()));
    mine(f.objectTx(TxKind::List, 2, QStringLiteral("held"), 1, {}, 5));
    const ChainView &s = chain.state();
    for (std::uint64_t h = 0; h <= s.head(); ++h) {
        // From nothing: group the owners of every object existing at h.
        std::map<Address, std::vector<Hash32>> holders;
        for (std::size_t i = 0; i < s.objectCount(); ++i) {
            const int o = static_cast<int>(i);
            if (s.objectExists(o, h))
                holders[s.version(o, h).owner].push_back(s.object(o).key);
        }
        std::vector<std::pair<Hash32, Hash32>> leaves;
        for (auto &[holder, keys] : holders) {
            leaves.emplace_back(holdingsKey(holder),
                                holdingsValueHash(keys.size(), holdingsSubRoot(keys)));
            std::sort(keys.begin(), keys.end());
            EXPECT_EQ(s.holdingsOf(holder, h), keys);
        }
        EXPECT_EQ(s.block(h)->header.holdingsRoot, sparseMerkleRoot(leaves)) << h;
        EXPECT_EQ(s.holdingsAt(h)->root(), s.block(h)->header.holdingsRoot);
    }
    // A listed object is its escrow's, not its seller's.
    const Address escrow = escrowAddress(objectKey(QStringLiteral("held#1")));
    EXPECT_EQ(s.holdingsOf(escrow, s.head()),
              std::vector<Hash32>{objectKey(QStringLiteral("held#1"))});
}

TEST(ChainSigning, AForgingNodeSignsWithKeysOutsideTheSet)
{
    ChainOptions o = quietOptions();
    o.forgeHeaders = true;
    Chain chain(o);
    ASSERT_TRUE(holds(chain.open()));
    const BlockHeader genesis = chain.state().block(0)->header;
    EXPECT_TRUE(genesis.hashIsValid());
    EXPECT_EQ(genesis.validatorsHash, ValidatorSet::devnet().hash()); // it claims the devnet set
    EXPECT_EQ(HeaderVerifier(TrustAnchor::devnet()).verify(genesis).check,
              HeaderCheck::BadSignature);
}

TEST(ChainSigning, TheSetSizeIsAnOption)
{
    ChainOptions o = quietOptions();
    o.validators = 7;
    Chain chain(o);
    ASSERT_TRUE(holds(chain.open()));
    const BlockHeader genesis = chain.state().block(0)->header;
    EXPECT_EQ(genesis.commit.size(), 7u);
    EXPECT_TRUE(HeaderVerifier(TrustAnchor{kChainId, std::nullopt, ValidatorSet::devnet(7)})
                    .verify(genesis)
                    .verified());
    EXPECT_EQ(HeaderVerifier(TrustAnchor::devnet()).verify(genesis).check,
              HeaderCheck::UntrustedSet);
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
    ASSERT_TRUE(holds(chain.open()));
    EXPECT_EQ(chain.state().head(), 0u);
    QFile aside(dir.filePath(QStringLiteral("blocks.v1.log")));
    ASSERT_TRUE(aside.open(QIODevice::ReadOnly));
    EXPECT_EQ(aside.readAll(), v1); // byte for byte
    EXPECT_FALSE(QFile::exists(dir.filePath(QStringLiteral("blocks.log"))));
    EXPECT_TRUE(QFile::exists(dir.filePath(QStringLiteral("chain.db")))); // the new chain
}
