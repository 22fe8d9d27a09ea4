#include "devnet/chain/traffic.h"

#include "devnet/chain/genesis.h"
#include "devnet/content/gifgenerator.h"

#include <set>

namespace gifscan::devnet {

namespace {
const QStringList kAdjectives = {QStringLiteral("velvet"), QStringLiteral("amber"),
                                 QStringLiteral("lunar"),  QStringLiteral("quiet"),
                                 QStringLiteral("wild"),   QStringLiteral("paper")};
const QStringList kNouns = {QStringLiteral("foxes"),  QStringLiteral("tides"),
                            QStringLiteral("robots"), QStringLiteral("moths"),
                            QStringLiteral("clouds"), QStringLiteral("pixels")};
const QStringList kCategories = {QStringLiteral("art"), QStringLiteral("pfp"),
                                 QStringLiteral("gaming"), QStringLiteral("music"),
                                 QStringLiteral("memes")};
} // namespace

std::vector<Bytes> Traffic::transactionsFor(std::uint64_t height, const ChainState &state,
                                            const Mempool &mempool)
{
    std::mt19937_64 rng(m_seed * 1000003 + height);
    const auto &keys = Genesis::trafficKeys();
    std::unordered_map<Address, int, ArrayHash> keyIndex;
    for (std::size_t i = 0; i < keys.size(); ++i)
        keyIndex.emplace(keys[i].address(), static_cast<int>(i));
    std::unordered_map<int, std::uint64_t> nonces;
    auto nextNonce = [&](int account) {
        auto it = nonces.find(account);
        if (it == nonces.end()) {
            const Address &a = keys[static_cast<std::size_t>(account)].address();
            it = nonces.emplace(account, mempool.nextNonce(a, state.latestAccount(a).nonce)).first;
        }
        return it->second++;
    };
    std::vector<Bytes> out;
    std::set<int> touched; // one action per object and block keeps every action valid
    auto sign = [&](Transaction tx, int account) {
        tx.nonce = nextNonce(account);
        tx.gasPrice = Amount(1000000000) * (1 + rng() % 3);
        tx.gasLimit = tx.intrinsicGas();
        tx.signature = keys[static_cast<std::size_t>(account)].sign(tx.signingHash());
        out.push_back(tx.encode());
    };
    auto randomObject = [&](auto &&accept) -> int {
        if (state.objectCount() == 0)
            return -1;
        for (int tries = 0; tries < 24; ++tries) {
            const int o = static_cast<int>(rng() % state.objectCount());
            if (!touched.count(o) && accept(o)) {
                touched.insert(o);
                return o;
            }
        }
        return -1;
    };
    auto trafficOwner = [&](int o) -> int {
        auto it = keyIndex.find(state.latestVersion(o).owner);
        return it == keyIndex.end() ? -1 : it->second;
    };
    auto otherAccount = [&](int not_) {
        int a = static_cast<int>(rng() % keys.size());
        return a == not_ ? (a + 1) % static_cast<int>(keys.size()) : a;
    };

    const int actions = 2 + static_cast<int>(rng() % 6);
    std::unordered_map<int, std::uint64_t> nextTokenId;
    for (int i = 0; i < actions; ++i) {
        const int roll = static_cast<int>(rng() % 100);
        Transaction tx;
        if (roll < 28) { // mint in a collection a traffic account created
            const int c =
                static_cast<int>(rng() % std::max<std::size_t>(1, state.collectionCount()));
            if (state.collectionCount() == 0)
                continue;
            auto creator = keyIndex.find(state.collection(c).creator);
            if (creator == keyIndex.end())
                continue;
            auto &next = nextTokenId[c];
            if (next == 0)
                next = state.nextTokenId(c);
            tx.kind = TxKind::Mint;
            tx.slug = state.collection(c).slug;
            tx.tokenId = next++;
            tx.to = rng() % 10 == 0
                        ? PrivateKey::devAccount(static_cast<std::uint32_t>(rng() % 10)).address()
                        : keys[rng() % keys.size()].address();
            tx.traits = GifGenerator::randomTraits(rng);
            tx.content = GifGenerator::render(GifGenerator::specFor(tx.traits, c, rng));
            sign(tx, creator->second);
        } else if (roll < 43) { // transfer an object between traffic accounts
            const int o = randomObject([&](int r) { return trafficOwner(r) >= 0; });
            if (o < 0)
                continue;
            const int from = trafficOwner(o);
            tx.kind = TxKind::TransferObject;
            tx.slug = state.object(o).slug;
            tx.tokenId = state.object(o).tokenId;
            tx.to = keys[static_cast<std::size_t>(otherAccount(from))].address();
            sign(tx, from);
        } else if (roll < 65) { // list at a price between 0.05 and ~50 GIF
            const int o = randomObject([&](int r) { return trafficOwner(r) >= 0; });
            if (o < 0)
                continue;
            tx.kind = TxKind::List;
            tx.slug = state.object(o).slug;
            tx.tokenId = state.object(o).tokenId;
            tx.price = oneGif() / 20 * (1 + rng() % 1000);
            sign(tx, trafficOwner(o));
        } else if (roll < 85) { // buy (80 %), or delist, a listed object
            const bool buy = roll < 80;
            const int o = randomObject([&](int r) {
                const auto l = state.latestVersion(r).listing;
                return l && keyIndex.count(l->seller);
            });
            if (o < 0)
                continue;
            const Listing l = *state.latestVersion(o).listing;
            const int seller = keyIndex.at(l.seller);
            tx.kind = buy ? TxKind::Buy : TxKind::Delist;
            tx.slug = state.object(o).slug;
            tx.tokenId = state.object(o).tokenId;
            tx.maxPrice = l.price;
            sign(tx, buy ? otherAccount(seller) : seller);
        } else if (roll < 97) { // a payment
            const int from = static_cast<int>(rng() % keys.size());
            tx.kind = TxKind::Transfer;
            tx.to = rng() % 4 == 0
                        ? PrivateKey::devAccount(static_cast<std::uint32_t>(rng() % 10)).address()
                        : keys[static_cast<std::size_t>(otherAccount(from))].address();
            tx.amount = oneGif() / 100 * (1 + rng() % 500);
            sign(tx, from);
        } else { // now and then a new collection
            tx.kind = TxKind::CreateCollection;
            const QString adjective =
                kAdjectives[static_cast<qsizetype>(rng() % kAdjectives.size())];
            const QString noun = kNouns[static_cast<qsizetype>(rng() % kNouns.size())];
            tx.slug = adjective + u'-' + noun + u'-' + QString::number(height);
            tx.name = adjective.left(1).toUpper() + adjective.mid(1) + u' ' +
                      noun.left(1).toUpper() + noun.mid(1);
            tx.category = kCategories[static_cast<qsizetype>(rng() % kCategories.size())];
            sign(tx, static_cast<int>(rng() % keys.size()));
        }
    }
    return out;
}

} // namespace gifscan::devnet
