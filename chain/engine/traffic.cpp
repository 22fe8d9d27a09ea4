#include "chain/engine/traffic.h"

#include "chain/content/gifgenerator.h"
#include "chain/engine/genesis.h"

#include <set>

namespace gifscan::chain {

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

namespace {

// One block's traffic: the actions drawn from one seeded generator, in
// draw order, so a seed gives the same chain every time. Lives for one
// call of transactionsFor, on the chain's thread.
class BlockTraffic
{
public:
    BlockTraffic(std::uint64_t seed, std::uint64_t height, const ChainView &state,
                 const Mempool &mempool)
        : m_rng(seed * 1000003 + height), m_height(height), m_keys(Genesis::trafficKeys()),
          m_state(state), m_mempool(mempool)
    {
        for (std::size_t i = 0; i < m_keys.size(); ++i)
            m_keyIndex.emplace(m_keys[i].address(), static_cast<int>(i));
    }

    std::vector<Bytes> draw()
    {
        const int actions = 2 + static_cast<int>(m_rng() % 6);
        for (int i = 0; i < actions; ++i) {
            const int roll = static_cast<int>(m_rng() % 100);
            if (roll < 28)
                mint();
            else if (roll < 43)
                transferObject();
            else if (roll < 65)
                list();
            else if (roll < 85)
                buyOrDelist(roll < 80); // buy (80 %), or delist
            else if (roll < 97)
                pay();
            else
                createCollection();
        }
        return std::move(m_out);
    }

private:
    std::uint64_t nextNonce(int account)
    {
        auto it = m_nonces.find(account);
        if (it == m_nonces.end()) {
            const Address &a = m_keys[static_cast<std::size_t>(account)].address();
            it = m_nonces.emplace(account, m_mempool.nextNonce(a, m_state.latestAccount(a).nonce))
                     .first;
        }
        return it->second++;
    }

    void sign(Transaction tx, int account)
    {
        tx.nonce = nextNonce(account);
        tx.gasPrice = Amount(1000000000) * (1 + m_rng() % 3);
        tx.gasLimit = tx.intrinsicGas();
        tx.signature = m_keys[static_cast<std::size_t>(account)].sign(tx.signingHash());
        m_out.push_back(tx.encode());
    }

    // An object not acted on yet in this block that `accept`s, or -1: one
    // action per object and block keeps every action valid.
    template <typename Accept> int randomObject(Accept &&accept)
    {
        if (m_state.objectCount() == 0)
            return -1;
        for (int tries = 0; tries < 24; ++tries) {
            const int o = static_cast<int>(m_rng() % m_state.objectCount());
            if (!m_touched.count(o) && accept(o)) {
                m_touched.insert(o);
                return o;
            }
        }
        return -1;
    }

    // The traffic account that owns object `o`, or -1.
    int trafficOwner(int o) const
    {
        auto it = m_keyIndex.find(m_state.latestVersion(o).owner);
        return it == m_keyIndex.end() ? -1 : it->second;
    }

    int otherAccount(int not_)
    {
        int a = static_cast<int>(m_rng() % m_keys.size());
        return a == not_ ? (a + 1) % static_cast<int>(m_keys.size()) : a;
    }

    Transaction about(TxKind kind, int object) const
    {
        Transaction tx;
        tx.kind = kind;
        tx.slug = m_state.object(object).slug;
        tx.tokenId = m_state.object(object).tokenId;
        return tx;
    }

    // In a collection a traffic account created.
    void mint()
    {
        const int c =
            static_cast<int>(m_rng() % std::max<std::size_t>(1, m_state.collectionCount()));
        if (m_state.collectionCount() == 0)
            return;
        auto creator = m_keyIndex.find(m_state.collection(c).creator);
        if (creator == m_keyIndex.end())
            return;
        auto &next = m_nextTokenId[c];
        if (next == 0)
            next = m_state.nextTokenId(c);
        Transaction tx;
        tx.kind = TxKind::Mint;
        tx.slug = m_state.collection(c).slug;
        tx.tokenId = next++;
        tx.to = m_rng() % 10 == 0
                    ? PrivateKey::devAccount(static_cast<std::uint32_t>(m_rng() % 10)).address()
                    : m_keys[m_rng() % m_keys.size()].address();
        tx.traits = GifGenerator::randomTraits(m_rng);
        tx.content = GifGenerator::render(GifGenerator::specFor(tx.traits, c, m_rng));
        sign(tx, creator->second);
    }

    // Between traffic accounts.
    void transferObject()
    {
        const int o = randomObject([&](int r) { return trafficOwner(r) >= 0; });
        if (o < 0)
            return;
        const int from = trafficOwner(o);
        Transaction tx = about(TxKind::TransferObject, o);
        tx.to = m_keys[static_cast<std::size_t>(otherAccount(from))].address();
        sign(tx, from);
    }

    // At a price between 0.05 and ~50 GIF.
    void list()
    {
        const int o = randomObject([&](int r) { return trafficOwner(r) >= 0; });
        if (o < 0)
            return;
        Transaction tx = about(TxKind::List, o);
        tx.price = oneGif() / 20 * (1 + m_rng() % 1000);
        sign(tx, trafficOwner(o));
    }

    void buyOrDelist(bool buy)
    {
        const int o = randomObject([&](int r) {
            const auto l = m_state.latestVersion(r).listing;
            return l && m_keyIndex.count(l->seller);
        });
        if (o < 0)
            return;
        const Listing l = *m_state.latestVersion(o).listing;
        const int seller = m_keyIndex.at(l.seller);
        Transaction tx = about(buy ? TxKind::Buy : TxKind::Delist, o);
        tx.maxPrice = l.price;
        sign(tx, buy ? otherAccount(seller) : seller);
    }

    void pay()
    {
        const int from = static_cast<int>(m_rng() % m_keys.size());
        Transaction tx;
        tx.kind = TxKind::Transfer;
        tx.to = m_rng() % 4 == 0
                    ? PrivateKey::devAccount(static_cast<std::uint32_t>(m_rng() % 10)).address()
                    : m_keys[static_cast<std::size_t>(otherAccount(from))].address();
        tx.amount = oneGif() / 100 * (1 + m_rng() % 500);
        sign(tx, from);
    }

    // Now and then, named from two word lists and the height.
    void createCollection()
    {
        Transaction tx;
        tx.kind = TxKind::CreateCollection;
        const QString adjective = kAdjectives[static_cast<qsizetype>(m_rng() % kAdjectives.size())];
        const QString noun = kNouns[static_cast<qsizetype>(m_rng() % kNouns.size())];
        tx.slug = adjective + u'-' + noun + u'-' + QString::number(m_height);
        tx.name = adjective.left(1).toUpper() + adjective.mid(1) + u' ' + noun.left(1).toUpper() +
                  noun.mid(1);
        tx.category = kCategories[static_cast<qsizetype>(m_rng() % kCategories.size())];
        sign(tx, static_cast<int>(m_rng() % m_keys.size()));
    }

    std::mt19937_64 m_rng;
    const std::uint64_t m_height;
    const std::vector<PrivateKey> &m_keys;
    const ChainView &m_state;
    const Mempool &m_mempool;
    std::unordered_map<Address, int, ArrayHash> m_keyIndex;
    std::unordered_map<int, std::uint64_t> m_nonces;
    std::unordered_map<int, std::uint64_t> m_nextTokenId;
    std::set<int> m_touched;
    std::vector<Bytes> m_out;
};

} // namespace

std::vector<Bytes> Traffic::transactionsFor(std::uint64_t height, const ChainView &state,
                                            const Mempool &mempool)
{
    return BlockTraffic(m_seed, height, state, mempool).draw();
}

} // namespace gifscan::chain
