#include "chain/store/sparsemerkletree.h"

#include "core/protocol/commitments.h"
#include "core/verify/objectproof.h"
#include "tests/support/randomhash.h"
#include "tests/support/testpaths.h"

#include <QJsonArray>
#include <QJsonObject>
#include <gtest/gtest.h>
#include <map>
#include <random>

using namespace gifscan;
using gifscan::chain::SparseMerkleTree;

using gifscan::test::randomHash;

namespace {

QJsonObject vectors()
{
    return test::readJson(test::sharedPath(QStringLiteral("vectors/commitments.json"))).object();
}

Hash32 hashOf(const QJsonValue &v)
{
    return parseHash(v.toString()).value();
}

// Keys that share long prefixes, to exercise deep chains of inner nodes.
Hash32 clusteredKey(std::mt19937_64 &rng)
{
    Hash32 h = randomHash(rng);
    const int shared = static_cast<int>(rng() % 3);
    for (int i = 0; i < shared; ++i)
        h[static_cast<std::size_t>(i)] = 0xab;
    return h;
}

struct LeafData
{
    Address owner{};
    Hash32 content{};
    Hash32 traits{};
    Hash32 value() const { return valueHash(owner, content, traits); }
};

ObjectProof proofFor(const SparseMerkleTree &tree, const Hash32 &key,
                     const std::map<Hash32, LeafData> &leaves)
{
    ObjectProof p;
    p.key = key;
    const auto path = tree.path(key);
    p.siblings = path.siblings;
    if (path.found) {
        const LeafData &d = leaves.at(key);
        p.leaf = ProofLeaf{d.owner, d.content, d.traits};
    } else if (path.otherLeaf) {
        p.otherLeaf = ProofOtherLeaf{path.otherLeaf->first, path.otherLeaf->second};
    }
    return p;
}

} // namespace

TEST(SparseMerkleTree, ReproducesTheVectorRootAndProofs)
{
    const QJsonObject v = vectors();
    SparseMerkleTree tree;
    for (const auto &o : v[QStringLiteral("objects")].toArray())
        tree =
            tree.inserted(hashOf(o[QStringLiteral("key")]), hashOf(o[QStringLiteral("valueHash")]));
    EXPECT_EQ(tree.size(), static_cast<std::size_t>(v[QStringLiteral("objects")].toArray().size()));
    EXPECT_EQ(tree.root(), hashOf(v[QStringLiteral("objectRoot")]));

    for (const auto &kind :
         {QStringLiteral("membershipProofs"), QStringLiteral("nonMembershipProofs")}) {
        for (const auto &pv : v[kind].toArray()) {
            const QJsonObject p = pv.toObject();
            const auto path = tree.path(hashOf(p[QStringLiteral("key")]));
            std::vector<Hash32> expected;
            for (const auto &s : p[QStringLiteral("siblings")].toArray())
                expected.push_back(hashOf(s));
            EXPECT_EQ(path.siblings, expected)
                << p[QStringLiteral("displayKey")].toString().toStdString();
            EXPECT_EQ(path.found, p[QStringLiteral("leaf")].isObject());
            EXPECT_EQ(path.otherLeaf.has_value(), p[QStringLiteral("otherLeaf")].isObject());
            if (path.otherLeaf) {
                EXPECT_EQ(path.otherLeaf->first,
                          hashOf(p[QStringLiteral("otherLeaf")].toObject()[QStringLiteral("key")]));
            }
        }
    }
}

TEST(SparseMerkleTree, EmptyAndSingleLeaf)
{
    SparseMerkleTree tree;
    EXPECT_EQ(tree.root(), kZeroHash);
    const Hash32 key = objectKey(QStringLiteral("neon-waves#2"));
    Hash32 value = key;
    value[0] ^= 0xff;
    tree = tree.inserted(key, value);
    EXPECT_EQ(tree.root(), leafHash(key, value));
    EXPECT_TRUE(tree.path(key).siblings.empty());
    tree = tree.removed(key);
    EXPECT_EQ(tree.root(), kZeroHash);
    EXPECT_EQ(tree.size(), 0u);
}

TEST(SparseMerkleTree, RandomHistoryMatchesRecomputationAndEveryProofVerifies)
{
    std::mt19937_64 rng(6464);
    SparseMerkleTree tree;
    std::map<Hash32, LeafData> leaves;
    std::vector<std::pair<SparseMerkleTree, Hash32>> history; // tree, the root it had

    for (int step = 0; step < 600; ++step) {
        const int op = static_cast<int>(rng() % 10);
        if (op < 6 || leaves.empty()) { // insert
            const Hash32 key = clusteredKey(rng);
            LeafData d{{}, randomHash(rng), randomHash(rng)};
            d.owner[0] = static_cast<std::uint8_t>(rng());
            leaves[key] = d;
            tree = tree.inserted(key, d.value());
        } else {
            auto it = std::next(leaves.begin(), static_cast<long>(rng() % leaves.size()));
            if (op < 8) { // update: a new owner
                it->second.owner[5] ^= 0x33;
                tree = tree.inserted(it->first, it->second.value());
            } else { // delete
                tree = tree.removed(it->first);
                leaves.erase(it);
            }
        }
        ASSERT_EQ(tree.size(), leaves.size());
        if (step % 25 == 0) {
            std::vector<std::pair<Hash32, Hash32>> all;
            for (const auto &[k, d] : leaves)
                all.emplace_back(k, d.value());
            ASSERT_EQ(tree.root(), SparseMerkleTree::computeRoot(all)) << "step " << step;
            history.emplace_back(tree, tree.root());
        }
    }

    // Historical trees keep the roots they had.
    for (const auto &[old, root] : history)
        EXPECT_EQ(old.root(), root);

    // Membership: every leaf proves its owner; a mutated proof never does.
    for (const auto &[key, d] : leaves) {
        ObjectProof p = proofFor(tree, key, leaves);
        ASSERT_TRUE(p.leaf.has_value());
        const auto root = computeProofRoot(p);
        ASSERT_TRUE(root);
        EXPECT_EQ(*root, tree.root());
        if (!p.siblings.empty()) {
            ObjectProof bad = p;
            bad.siblings[rng() % bad.siblings.size()][rng() % 32] ^=
                static_cast<std::uint8_t>(1u << (rng() % 8));
            EXPECT_NE(*computeProofRoot(bad), tree.root());
            bad = p;
            bad.siblings.pop_back();
            EXPECT_NE(*computeProofRoot(bad), tree.root());
        }
        ObjectProof otherOwner = p;
        otherOwner.leaf->owner[19] ^= 1;
        EXPECT_NE(*computeProofRoot(otherOwner), tree.root());
    }
    // Non-membership: random absent keys prove absence against the root.
    for (int i = 0; i < 200; ++i) {
        const Hash32 key = clusteredKey(rng);
        if (leaves.count(key))
            continue;
        ObjectProof p = proofFor(tree, key, leaves);
        ASSERT_FALSE(p.leaf.has_value());
        EXPECT_EQ(*computeProofRoot(p), tree.root());
        if (p.otherLeaf) {
            for (std::size_t b = 0; b < p.siblings.size(); ++b)
                EXPECT_EQ(keyBit(p.otherLeaf->key, static_cast<int>(b)),
                          keyBit(key, static_cast<int>(b)));
        }
    }
}

TEST(SparseMerkleTree, UpdatesShareStructure)
{
    // A thousand updates of one leaf in a 1000-leaf tree must not copy the
    // tree: each version adds only its path. Measured through use_count-free
    // means: all versions stay valid and distinct.
    std::mt19937_64 rng(1);
    SparseMerkleTree tree;
    std::vector<Hash32> keys;
    for (int i = 0; i < 1000; ++i) {
        keys.push_back(randomHash(rng));
        tree = tree.inserted(keys.back(), randomHash(rng));
    }
    std::vector<SparseMerkleTree> versions;
    for (int i = 0; i < 1000; ++i) {
        tree = tree.inserted(keys[static_cast<std::size_t>(i % 10)], randomHash(rng));
        versions.push_back(tree);
    }
    for (std::size_t i = 1; i < versions.size(); ++i)
        EXPECT_NE(versions[i].root(), versions[i - 1].root());
    EXPECT_EQ(versions.back().size(), 1000u);
}
