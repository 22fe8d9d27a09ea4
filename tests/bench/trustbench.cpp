// What trust costs (PROTOCOL v2): header verification against the secp256k1
// recovery limit, a holdings proof of 10,000 objects against 10,000 object
// proofs, and a wallet audit end to end, before and after holdings.
#include "chain/engine/chainstate.h"
#include "chain/store/sparsemerkletree.h"
#include "core/client/awaitresult.h"
#include "core/client/restclient.h"
#include "core/client/rpcclient.h"
#include "core/protocol/commitments.h"
#include "core/protocol/recordcodec.h"
#include "core/verify/headerverifier.h"
#include "core/verify/holdingsproof.h"
#include "core/verify/ownershipcertificate.h"
#include "core/verify/walletaudit.h"
#include "tests/support/devnetharness.h"
#include "tests/support/txfactory.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTest>
#include <benchmark/benchmark.h>
#include <unordered_map>

using namespace gifscan;

namespace {

BlockHeader signedHeader()
{
    BlockHeader h;
    h.height = 42;
    h.timestamp = 1795000000;
    h.validatorsHash = ValidatorSet::devnet().hash();
    h.proposer = ValidatorSet::devnet().members()[2];
    h.hash = h.computeHash();
    for (std::uint32_t i = 0; i < 4; ++i)
        h.commit.push_back({i, PrivateKey::devValidator(i).sign(commitMessage(kChainId, h.hash))});
    return h;
}

} // namespace

// The limit: one public-key recovery, of which a header needs four.
static void Secp256k1Recovery(benchmark::State &state)
{
    const BlockHeader h = signedHeader();
    const Hash32 message = commitMessage(kChainId, h.hash);
    Address signer{};
    for (auto _ : state)
        benchmark::DoNotOptimize(recoverSigner(message, h.commit[0].signature, &signer));
    state.counters["recoveries/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(Secp256k1Recovery);

static void HeaderVerification(benchmark::State &state)
{
    const BlockHeader h = signedHeader();
    const HeaderVerifier verifier(TrustAnchor::devnet());
    for (auto _ : state)
        benchmark::DoNotOptimize(verifier.verify(h).verified());
    state.counters["headers/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(HeaderVerification);

namespace {
// One holder of 10,000 objects among 1,000 holders, and the object trie of
// the same 10,000 objects among 100,000.
struct Wallet10k
{
    static constexpr int kHeld = 10000;
    Address owner{};
    chain::SparseMerkleTree held;     // the holder's sub-trie
    chain::SparseMerkleTree holdings; // every holder
    chain::SparseMerkleTree objects;  // the object trie
    std::unordered_map<Hash32, QString, chain::ArrayHash> names;
    std::vector<ObjectProof> objectProofs;
    Wallet10k()
    {
        owner[0] = 0xaa;
        const ProofLeaf leaf{owner, {}, {}};
        for (int i = 0; i < kHeld; ++i) {
            const QString key = QStringLiteral("held#%1").arg(i);
            const Hash32 k = objectKey(key);
            names.emplace(k, key);
            held = held.inserted(k, kZeroHash);
            objects = objects.inserted(k, valueHash(owner, leaf.contentHash, leaf.traitsHash));
        }
        for (int i = 0; i < 90000; ++i) {
            Address other{};
            other[0] = static_cast<std::uint8_t>(i % 999 + 1);
            other[1] = static_cast<std::uint8_t>((i % 999) >> 8);
            objects = objects.inserted(objectKey(QStringLiteral("other#%1").arg(i)),
                                       valueHash(other, {}, {}));
        }
        for (int i = 1; i < 1000; ++i) {
            Address other{};
            other[0] = static_cast<std::uint8_t>(i);
            other[1] = static_cast<std::uint8_t>(i >> 8);
            holdings = holdings.inserted(
                holdingsKey(other), holdingsValueHash(90, Hash32{static_cast<std::uint8_t>(i)}));
        }
        holdings =
            holdings.inserted(holdingsKey(owner), holdingsValueHash(held.size(), held.root()));
        for (int i = 0; i < kHeld; ++i) {
            ObjectProof p;
            p.displayKey = QStringLiteral("held#%1").arg(i);
            p.key = objectKey(p.displayKey);
            p.leaf = leaf;
            p.siblings = objects.path(p.key).siblings;
            objectProofs.push_back(std::move(p));
        }
    }
    // What the node does for gif_holdingsProof.
    HoldingsProof serve() const
    {
        HoldingsProof p;
        p.owner = owner;
        const auto path = holdings.path(holdingsKey(owner));
        for (const Hash32 &k : held.keys())
            p.objects.append(names.at(k));
        p.siblings = path.siblings;
        p.holdingsRoot = holdings.root();
        return p;
    }
};
const Wallet10k &wallet()
{
    static const Wallet10k w;
    return w;
}
} // namespace

static void HoldingsProofServe10k(benchmark::State &state)
{
    const Wallet10k &w = wallet();
    std::size_t bytes = 0;
    for (auto _ : state)
        bytes = QJsonDocument(holdingsToJson(w.serve())).toJson(QJsonDocument::Compact).size();
    state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(HoldingsProofServe10k)->Unit(benchmark::kMillisecond);

static void HoldingsProofVerify10k(benchmark::State &state)
{
    const Wallet10k &w = wallet();
    const HoldingsProof p = w.serve();
    for (auto _ : state)
        if (!verifyHoldings(p, w.holdings.root()).holds())
            state.SkipWithError("the holdings proof does not verify");
}
BENCHMARK(HoldingsProofVerify10k)->Unit(benchmark::kMillisecond);

// The alternative: one object proof per object, which proves ownership of
// each but never that there is nothing else.
static void ObjectProofsOneByOne10k(benchmark::State &state)
{
    const Wallet10k &w = wallet();
    const Hash32 root = w.objects.root();
    std::size_t bytes = 0;
    for (const ObjectProof &p : w.objectProofs)
        bytes += QJsonDocument(proofToJson(p)).toJson(QJsonDocument::Compact).size();
    for (auto _ : state) {
        for (const ObjectProof &p : w.objectProofs)
            if (!verifyProof(p, p.displayKey, root).holds())
                state.SkipWithError("an object proof does not verify");
    }
    state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(ObjectProofsOneByOne10k)->Unit(benchmark::kMillisecond);

namespace {
// A devnet where dev account 3 holds 2,000 objects of its own collection.
test::DevnetHarness &richNode()
{
    static test::DevnetHarness *d = [] {
        auto *node = new test::DevnetHarness(test::DevnetHarness::fastConfig(50, 0.2, false));
        test::TxFactory f;
        node->sendAndWait(f.createCollection(3, QStringLiteral("rich")));
        const QByteArray gif = test::TxFactory::smallGif(1);
        for (int i = 1; i <= 2000; ++i)
            node->rpc(QStringLiteral("gif_sendRawTransaction"),
                      {toHexString(f.mint(3, QStringLiteral("rich"), static_cast<std::uint64_t>(i),
                                          test::TxFactory::dev(3), gif))});
        const std::uint64_t start = node->head();
        node->waitForHeight(start + 8, 60000);
        return node;
    }();
    return *d;
}
} // namespace

// Before: the node's own list (gif_getOwnership) and one proof per object,
// against a header checked by its hash alone; complete only if the node
// says so. After: the signed header, one holdings proof for the complete
// set, and each object's proof and content.
static void WalletAudit2000(benchmark::State &state)
{
    test::DevnetHarness &d = richNode();
    HttpClient http;
    RestClient rest(QUrl(d.endpoints().baseUrl), &http);
    RpcClient rpc(QUrl(d.endpoints().rpcUrl), &http);
    const Address owner = test::TxFactory::dev(3);
    int objects = 0;
    for (auto _ : state) {
        if (state.range(0) == 1) {
            WalletAudit audit(&rest, &rpc, HeaderVerifier(TrustAnchor::devnet()));
            QSignalSpy finished(&audit, &WalletAudit::finished);
            audit.run(owner, std::nullopt);
            finished.wait(120000);
            const auto report = finished.first().first().value<AuditReport>();
            if (!report.proven())
                state.SkipWithError("the audit did not prove the holdings");
            objects = static_cast<int>(report.holdings.objects.size());
        } else {
            const auto owned = awaitResult<Result<QList<OwnedLeaf>>>(
                [&](QObject *c, auto done) { rpc.ownership(owner, std::nullopt, c, done); });
            const auto block = awaitResult<Result<Block>>(
                [&](QObject *c, auto done) { rpc.block(owned.height, false, c, done); });
            const Hash32 root = block.value->header.objectRoot;
            objects = static_cast<int>(owned.value->size());
            for (qsizetype begin = 0; begin < owned.value->size(); begin += 50) {
                QList<RpcClient::Call> calls;
                for (qsizetype i = begin; i < std::min<qsizetype>(begin + 50, owned.value->size());
                     ++i)
                    calls.append(
                        {QStringLiteral("gif_proof"),
                         {(*owned.value)[i].slug, static_cast<qint64>((*owned.value)[i].tokenId),
                          static_cast<qint64>(owned.height)}});
                const auto answers = awaitResult<QList<Result<QJsonValue>>>(
                    [&](QObject *c, auto done) { rpc.batch(calls, c, done); });
                for (qsizetype i = 0; i < answers.size(); ++i) {
                    ObjectProof p;
                    DecodeError e;
                    RecordCodec::decode(*answers[i].value, QStringLiteral("result"), &p, &e);
                    benchmark::DoNotOptimize(verifyProof(p, p.displayKey, root));
                }
            }
        }
    }
    state.counters["objects"] = objects;
}
BENCHMARK(WalletAudit2000)
    ->Arg(0)
    ->Arg(1)
    ->ArgName("holdings")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);

Q_DECLARE_METATYPE(gifscan::AuditReport)
