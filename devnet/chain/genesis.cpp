#include "devnet/chain/genesis.h"

#include "devnet/content/gifgenerator.h"

namespace gifscan::devnet {

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

Bytes signedTx(Transaction tx, const PrivateKey &key)
{
    tx.signature = key.sign(tx.signingHash());
    return tx.encode();
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

std::vector<Bytes>
Genesis::transactions(std::uint64_t seed, int objects,
                      const std::function<void(std::size_t done, std::size_t total)> &made)
{
    std::mt19937_64 rng(seed);
    std::vector<Bytes> out;
    std::vector<std::uint64_t> nonces(trafficKeys().size(), 0);
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
        out.push_back(signedTx(tx, trafficKeys()[static_cast<std::size_t>(c)]));
    }
    const std::size_t total = out.size() + static_cast<std::size_t>(std::max(objects, 0));
    std::vector<std::uint64_t> nextId(static_cast<std::size_t>(collections), 1);
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
            tx.to = trafficKeys()[rng() % trafficKeys().size()].address();
        tx.traits = GifGenerator::randomTraits(rng);
        tx.content = GifGenerator::render(GifGenerator::specFor(tx.traits, c, rng));
        tx.gasLimit = tx.intrinsicGas();
        out.push_back(signedTx(tx, trafficKeys()[static_cast<std::size_t>(c)]));
        if (made)
            made(out.size(), total);
    }
    return out;
}

} // namespace gifscan::devnet
