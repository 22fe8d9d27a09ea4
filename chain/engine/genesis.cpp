#include "chain/engine/genesis.h"

#include "chain/content/gifgenerator.h"
#include "core/crypto/sha256.h"

#include <atomic>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

namespace gifscan::chain {

namespace {
struct CollectionSeed
{
    const char *slug;
    const char *name;
    const char *category;
};

constexpr CollectionSeed kCollections[] = {
    {"pixel-cats", "Pixel Cats", "pfp"},       {"neon-waves", "Neon Waves", "art"},
    {"glitch-garden", "Glitch Garden", "art"}, {"retro-racers", "Retro Racers", "gaming"},
    {"cosmic-blobs", "Cosmic Blobs", "art"},   {"lofi-loops", "Lo-fi Loops", "music"},
    {"tiny-ghosts", "Tiny Ghosts", "pfp"},     {"block-heads", "Block Heads", "memes"},
};

// A mint as the seeded draws made it, before its GIF is rendered.
struct Mint
{
    Transaction tx;
    ArtSpec spec;
    int collection = 0;
};

Bytes signedTx(Transaction tx, const PrivateKey &key)
{
    tx.signature = key.sign(tx.signingHash());
    return tx.encode();
}
// The GIFs rendered and the mints signed on `threads` threads (0: every
// core), appended to `out` in the mints' order; progress from this thread.
void signAll(std::vector<Mint> &mints, std::vector<Bytes> &out, std::size_t total,
             const std::function<void(std::size_t done, std::size_t total)> &made, unsigned threads)
{
    const std::size_t made0 = out.size();
    out.resize(made0 + mints.size());
    std::atomic<std::size_t> next{0}, finished{0};
    std::size_t reported = 0; // by this thread only
    std::mutex failedLock;
    std::exception_ptr failed; // the first, rethrown once every thread is joined
    auto renderMints = [&](bool reports) {
        for (std::size_t i = next++; i < mints.size(); i = next++) {
            Mint &m = mints[i];
            m.tx.content = GifGenerator::render(m.spec);
            m.tx.gasLimit = m.tx.intrinsicGas();
            out[made0 + i] =
                signedTx(m.tx, Genesis::trafficKeys()[static_cast<std::size_t>(m.collection)]);
            m.tx.content.clear(); // kept once, in the signed bytes
            const std::size_t done = ++finished;
            if (reports && made)
                made(reported = made0 + done, total);
        }
    };
    auto work = [&](bool reports) {
        try {
            renderMints(reports);
        } catch (...) {
            const std::lock_guard lock(failedLock);
            if (!failed)
                failed = std::current_exception();
            next = mints.size(); // the others stop too
        }
    };
    std::vector<std::thread> helpers;
    const unsigned workers = threads ? threads : std::max(1U, std::thread::hardware_concurrency());
    for (unsigned t = 1; t < workers; ++t)
        helpers.emplace_back([&work] {
            work(false);
            releaseThreadCryptoState(); // its hashing state goes with the thread
        });
    work(true); // this thread renders too, and says how far all have come
    for (std::thread &t : helpers)
        t.join();
    if (failed)
        std::rethrow_exception(failed);
    if (made && reported != total) // the last one rendered was another thread's
        made(total, total);
}

} // namespace

const std::vector<PrivateKey> &Genesis::trafficKeys()
{
    static const std::vector<PrivateKey> keys = [] {
        std::vector<PrivateKey> out;
        for (int i = 0; i < kTrafficAccounts; ++i)
            out.push_back(PrivateKey::derived(QByteArrayLiteral("gif-devnet-traffic"),
                                              static_cast<std::uint32_t>(i)));
        return out;
    }();
    return keys;
}

void Genesis::allocate(ChainState &state)
{
    const Amount funds = oneGif() * 1000000;
    for (int i = 0; i < kFundedDevAccounts; ++i)
        state.setAccount(PrivateKey::devAccount(static_cast<std::uint32_t>(i)).address(), 0,
                         {funds, 0, {}});
    for (const auto &key : trafficKeys())
        state.setAccount(key.address(), 0, {funds, 0, {}});
}

namespace {

std::vector<Bytes> make(std::uint64_t seed, int objects,
                        const std::function<void(std::size_t done, std::size_t total)> &made,
                        unsigned threads)
{
    const auto &keys = Genesis::trafficKeys();
    std::mt19937_64 rng(seed);
    std::vector<Bytes> out;
    std::vector<std::uint64_t> nonces(keys.size(), 0);
    auto base = [&](int account, TxKind kind) {
        Transaction tx;
        tx.kind = kind;
        tx.nonce = nonces[static_cast<std::size_t>(account)]++;
        tx.gasPrice = 1000000000;
        return tx;
    };
    const int collections = static_cast<int>(std::size(kCollections));
    for (int c = 0; c < collections; ++c) {
        Transaction tx = base(c, TxKind::CreateCollection);
        tx.slug = QLatin1String(kCollections[c].slug);
        tx.name = QLatin1String(kCollections[c].name);
        tx.category = QLatin1String(kCollections[c].category);
        tx.gasLimit = tx.intrinsicGas();
        out.push_back(signedTx(tx, keys[static_cast<std::size_t>(c)]));
    }
    const std::size_t total = out.size() + static_cast<std::size_t>(std::max(objects, 0));
    std::vector<std::uint64_t> nextId(static_cast<std::size_t>(collections), 1);
    // Every draw of the seeded generator first, in order, so the content is
    // the same however many threads render it; then the GIFs are rendered
    // and signed on all cores, the slow part of a first start.
    std::vector<Mint> mints;
    mints.reserve(static_cast<std::size_t>(std::max(objects, 0)));
    for (int i = 0; i < objects; ++i) {
        // Uneven sizes, as real collections are: the first ones are the big ones.
        const int c = static_cast<int>(std::min<std::uint64_t>(rng() % 64, rng() % 64) %
                                       static_cast<std::uint64_t>(collections));
        Transaction tx = base(c, TxKind::Mint);
        tx.slug = QLatin1String(kCollections[c].slug);
        tx.tokenId = nextId[static_cast<std::size_t>(c)]++;
        // Most objects go to the node's traffic accounts; some to the dev
        // accounts, so people and tools start with holdings to look at.
        if (rng() % 100 < 15)
            tx.to = PrivateKey::devAccount(static_cast<std::uint32_t>(rng() % kFundedDevAccounts))
                        .address();
        else
            tx.to = keys[rng() % keys.size()].address();
        tx.traits = GifGenerator::randomTraits(rng);
        const ArtSpec spec = GifGenerator::specFor(tx.traits, c, rng);
        mints.push_back({std::move(tx), spec, c});
    }
    signAll(mints, out, total, made, threads);
    return out;
}

// The genesis blocks this process made, newest last, up to kKeptBytes: a
// process that opens many chains of a few seeds and sizes (each test of the
// suites opens its own; its drawing was the largest item of our own code
// in the ASan suite's processor time) makes each once.
constexpr std::size_t kKeptBytes = 48u << 20;

struct Made
{
    std::uint64_t seed;
    int objects;
    std::vector<Bytes> transactions;
    std::size_t bytes;
};

std::mutex g_madeMutex;
std::deque<Made> g_made; // guarded by g_madeMutex

std::optional<std::vector<Bytes>> madeBefore(std::uint64_t seed, int objects)
{
    const std::lock_guard lock(g_madeMutex);
    for (const Made &m : g_made)
        if (m.seed == seed && m.objects == objects)
            return m.transactions;
    return std::nullopt;
}

void keep(std::uint64_t seed, int objects, const std::vector<Bytes> &transactions)
{
    std::size_t bytes = 0;
    for (const Bytes &tx : transactions)
        bytes += tx.size();
    if (bytes > kKeptBytes)
        return;
    const std::lock_guard lock(g_madeMutex);
    std::size_t held = bytes;
    for (const Made &m : g_made)
        held += m.bytes;
    while (held > kKeptBytes && !g_made.empty()) {
        held -= g_made.front().bytes;
        g_made.pop_front();
    }
    g_made.push_back({seed, objects, transactions, bytes});
}

} // namespace

std::vector<Bytes>
Genesis::transactions(std::uint64_t seed, int objects,
                      const std::function<void(std::size_t done, std::size_t total)> &made,
                      unsigned threads)
{
    if (auto before = madeBefore(seed, objects)) {
        if (made)
            made(before->size(), before->size());
        return std::move(*before);
    }
    std::vector<Bytes> out = make(seed, objects, made, threads);
    keep(seed, objects, out);
    return out;
}

} // namespace gifscan::chain
