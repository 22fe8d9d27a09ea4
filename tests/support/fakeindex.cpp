#include "tests/support/fakeindex.h"

#include "core/client/restpageloads.h"
#include "core/protocol/transaction.h"
#include "core/protocol/validatorset.h"

#include <algorithm>

namespace gifscan::test {

namespace {

BlockHeader signedHeader(std::uint64_t height, const Hash32 &parent)
{
    const ValidatorSet set = ValidatorSet::devnet();
    BlockHeader b;
    b.height = height;
    b.timestamp = 1700000000 + 5 * height;
    b.parentHash = parent;
    b.validatorsHash = set.hash();
    b.proposer = set.members()[set.proposerIndex(height)];
    b.hash = b.computeHash();
    const Hash32 message = commitMessage(kChainId, b.hash);
    for (std::uint32_t i = 0; i < set.size(); ++i)
        b.commit.push_back({i, PrivateKey::devValidator(i).sign(message)});
    return b;
}

} // namespace

std::vector<BlockHeader> FakeIndex::chain(std::uint64_t count)
{
    std::vector<BlockHeader> out;
    for (std::uint64_t h = 0; h < count; ++h)
        out.push_back(h == 0 ? signedHeader(0, Hash32{}) : next(out.back()));
    return out;
}

BlockHeader FakeIndex::next(const BlockHeader &parent)
{
    return signedHeader(parent.height + 1, parent.hash);
}

int FakeIndex::deliver()
{
    std::deque<Waiting> now;
    now.swap(m_waiting);
    int ran = 0;
    for (Waiting &w : now) {
        if (w.live()) { // as the real client: nothing for a context that has gone
            w.run();
            ++ran;
        }
    }
    return ran;
}

bool FakeIndex::deliverNewest()
{
    if (m_waiting.empty())
        return false;
    Waiting w = std::move(m_waiting.back());
    m_waiting.pop_back();
    if (w.live())
        w.run();
    return true;
}

template <typename T>
void FakeIndex::answer(const QString &endpoint, QObject *context, Done<T> done, Result<T> result)
{
    ++m_asked[endpoint];
    if (!m_reachable) {
        result = {};
        result.error = {ClientError::Kind::Network,           0, {}, 0, {},
                        QStringLiteral("connection refused"), 0, {}};
    } else if (const auto failure = m_failures.find(endpoint); failure != m_failures.end()) {
        result = {};
        result.error = *failure;
        m_failures.erase(failure);
    }
    m_waiting.push_back({context != nullptr, context,
                         [done = std::move(done), result = std::move(result)] { done(result); }});
}

template <typename T>
void FakeIndex::unknown(const QString &endpoint, QObject *context, Done<T> done)
{
    Result<T> r;
    r.error.kind = ClientError::Kind::Decode;
    r.error.message = QStringLiteral("%1 is not in this fake").arg(endpoint);
    answer(endpoint, context, std::move(done), std::move(r));
}

void FakeIndex::blocks(const QString &cursor, int limit, QObject *context,
                       Done<Page<BlockHeader>> done)
{
    // Newest first from the cursor (the height to start at), as the node pages.
    Result<Page<BlockHeader>> r;
    r.value.emplace();
    const std::uint64_t top = m_headers.empty() ? 0 : m_headers.size() - 1;
    r.value->height = top;
    r.height = top;
    std::int64_t from = cursor.isEmpty() ? static_cast<std::int64_t>(top) : cursor.toLongLong();
    for (int i = 0; i < limit && from >= 0 && !m_headers.empty(); ++i, --from)
        r.value->data.append(m_headers[static_cast<std::size_t>(from)]);
    if (from >= 0 && !m_headers.empty())
        r.value->cursor = QString::number(from);
    answer(QStringLiteral("blocks"), context, std::move(done), std::move(r));
}

void FakeIndex::activity(const ActivityQuery &query, const QString &cursor, int limit,
                         QObject *context, Done<Page<ActivityEntry>> done)
{
    Result<Page<ActivityEntry>> r;
    r.value.emplace();
    r.value->height = m_headers.empty() ? 0 : m_headers.size() - 1;
    std::size_t at = cursor.isEmpty() ? 0 : cursor.toULongLong();
    for (; at < m_feed.size() && r.value->data.size() < limit; ++at) {
        const ActivityEntry &e = m_feed[at];
        if ((!query.types.isEmpty() && !query.types.contains(e.type)) ||
            (query.since && e.height < *query.since))
            continue;
        r.value->data.append(e);
    }
    if (at < m_feed.size())
        r.value->cursor = QString::number(at);
    answer(QStringLiteral("activity"), context, std::move(done), std::move(r));
}

void FakeIndex::block(std::uint64_t height, QObject *context, Done<Block> done)
{
    Result<Block> r;
    if (height < m_headers.size()) {
        r.value.emplace();
        r.value->header = m_headers[height];
    } else {
        r.error = {ClientError::Kind::Http,
                   404,
                   QStringLiteral("not_found"),
                   0,
                   {},
                   QStringLiteral("no block %1").arg(height),
                   0,
                   {}};
    }
    answer(QStringLiteral("block"), context, std::move(done), std::move(r));
}

void FakeIndex::blockByHash(const Hash32 &, QObject *context, Done<Block> done)
{
    unknown(QStringLiteral("blockByHash"), context, std::move(done));
}

void FakeIndex::transaction(const Hash32 &, QObject *context, Done<TransactionWithReceipt> done)
{
    unknown(QStringLiteral("transaction"), context, std::move(done));
}

void FakeIndex::objects(const ObjectQuery &, const QString &, int, QObject *context,
                        Done<Page<ObjectRecord>> done)
{
    unknown(QStringLiteral("objects"), context, std::move(done));
}

void FakeIndex::object(const QString &, std::uint64_t, std::optional<std::uint64_t>,
                       QObject *context, Done<ObjectRecord> done)
{
    unknown(QStringLiteral("object"), context, std::move(done));
}

void FakeIndex::frames(const QString &, std::uint64_t, std::optional<int>, QObject *context,
                       Done<QByteArray> done)
{
    unknown(QStringLiteral("frames"), context, std::move(done));
}

void FakeIndex::collections(const QString &, const QString &, const QString &, int,
                            QObject *context, Done<Page<Collection>> done)
{
    unknown(QStringLiteral("collections"), context, std::move(done));
}

void FakeIndex::traitCounts(const QString &, std::optional<std::uint64_t>, QObject *context,
                            Done<TraitCounts> done)
{
    unknown(QStringLiteral("traitCounts"), context, std::move(done));
}

void FakeIndex::mempool(QObject *context, Done<MempoolStatus> done)
{
    unknown(QStringLiteral("mempool"), context, std::move(done));
}

void FakeIndex::wallet(const Address &, QObject *context, Done<Wallet> done)
{
    unknown(QStringLiteral("wallet"), context, std::move(done));
}

// What REST would ask for each page, from the fake's own answers.
void FakeIndex::objectPage(const QString &slug, std::uint64_t tokenId,
                           std::optional<std::uint64_t> height, QObject *context,
                           Done<ObjectPageRecords> done)
{
    RestPageLoads::objectPage(*this, slug, tokenId, height, context, std::move(done));
}

void FakeIndex::collectionPage(const QString &slug, std::optional<std::uint64_t> height,
                               QObject *context, Done<CollectionPageRecords> done)
{
    RestPageLoads::collectionPage(*this, slug, height, context, std::move(done));
}

void FakeIndex::addressPage(const Address &address, int pageSize, QObject *context,
                            Done<AddressPageRecords> done)
{
    RestPageLoads::addressPage(*this, address, pageSize, context, std::move(done));
}

} // namespace gifscan::test
