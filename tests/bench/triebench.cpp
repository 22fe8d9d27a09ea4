// The persistent trie against the alternative it beats: recomputing the
// root from all leaves after each transaction.
#include "chain/store/sparsemerkletree.h"
#include "core/crypto/sha256.h"
#include "tests/support/randomhash.h"

#include <QCryptographicHash>
#include <benchmark/benchmark.h>
#include <random>

using namespace gifscan;
using gifscan::chain::SparseMerkleTree;

using gifscan::test::randomHash;

namespace {
std::vector<std::pair<Hash32, Hash32>> leaves(std::size_t n)
{
    std::mt19937_64 rng(n);
    std::vector<std::pair<Hash32, Hash32>> out(n);
    for (auto &l : out)
        l = {randomHash(rng), randomHash(rng)};
    return out;
}
} // namespace

static void TrieUpdatePersistent(benchmark::State &state)
{
    auto all = leaves(static_cast<std::size_t>(state.range(0)));
    SparseMerkleTree tree;
    for (const auto &[k, v] : all)
        tree = tree.inserted(k, v);
    std::mt19937_64 rng(7);
    for (auto _ : state) {
        auto &leaf = all[rng() % all.size()];
        leaf.second[0] ^= 1; // a new owner
        tree = tree.inserted(leaf.first, leaf.second);
        benchmark::DoNotOptimize(tree.root());
    }
}
BENCHMARK(TrieUpdatePersistent)->Arg(10000)->Arg(100000);

static void TrieUpdateFullRecompute(benchmark::State &state)
{
    auto all = leaves(static_cast<std::size_t>(state.range(0)));
    std::mt19937_64 rng(7);
    for (auto _ : state) {
        all[rng() % all.size()].second[0] ^= 1;
        benchmark::DoNotOptimize(SparseMerkleTree::computeRoot(all));
    }
}
BENCHMARK(TrieUpdateFullRecompute)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

static void TrieProofPath(benchmark::State &state)
{
    const auto all = leaves(static_cast<std::size_t>(state.range(0)));
    SparseMerkleTree tree;
    for (const auto &[k, v] : all)
        tree = tree.inserted(k, v);
    std::size_t i = 0;
    for (auto _ : state)
        benchmark::DoNotOptimize(tree.path(all[i++ % all.size()].first));
}
BENCHMARK(TrieProofPath)->Arg(10000);

// Why core hashes with OpenSSL: 65-byte inner-node hashes, both ways.
static void Sha256InnerNodeOpenSsl(benchmark::State &state)
{
    std::array<std::uint8_t, 65> buf{};
    for (auto _ : state) {
        const Hash32 h = sha256(buf);
        buf[1] = h[0];
        benchmark::DoNotOptimize(h);
    }
}
BENCHMARK(Sha256InnerNodeOpenSsl);

static void Sha256InnerNodeQt(benchmark::State &state)
{
    QByteArray buf(65, '\0');
    for (auto _ : state) {
        const QByteArray h = QCryptographicHash::hash(buf, QCryptographicHash::Sha256);
        buf[1] = h[0];
        benchmark::DoNotOptimize(h);
    }
}
BENCHMARK(Sha256InnerNodeQt);
