#include "chain/engine/querystore.h"

#include "chain/engine/chain.h"
#include "chain/store/sqldatabase.h"
#include "core/base/bytes.h"
#include "core/crypto/sha256.h"
#include "core/verify/headerverifier.h"

#include <QLoggingCategory>
#include <QMutex>
#include <unordered_set>

namespace gifscan::chain {

Q_DECLARE_LOGGING_CATEGORY(lcChain)

namespace {
// The commits found signed by the validators trusted, shared by every
// query store of this process. Each of a read server's readers has a store
// of its own, and each checked every height once, recovering every
// validator's key: 16 % of the processor time of a server answering proofs
// at random past heights went to libsecp256k1, the same work once a
// reader. Keyed by all the check reads (the validators trusted, the
// header's hash, its commit), so a commit changed in the database, or
// another trust, is checked anew. Any thread: a mutex, held for a lookup.
class CheckedCommits
{
public:
    static CheckedCommits &shared()
    {
        // Never destroyed: a reader thread may still check a commit while
        // the process's statics are torn down.
        static auto *const commits = new CheckedCommits;
        return *commits;
    }
    static Hash32 keyOf(const Hash32 &validators, const BlockHeader &header)
    {
        // The commit as the store keeps it (a fixed width an entry).
        Bytes bytes;
        appendBytes(bytes, validators);
        appendBytes(bytes, header.hash);
        for (const CommitSignature &c : header.commit) {
            appendU32(bytes, c.index);
            appendBytes(bytes, c.signature);
        }
        return sha256(bytes);
    }
    bool contains(const Hash32 &key) const
    {
        const QMutexLocker lock(&m_mutex);
        return m_keys.contains(key);
    }
    void add(const Hash32 &key)
    {
        const QMutexLocker lock(&m_mutex);
        // A bound, not a cache's order: past it every height is checked
        // once more, as each store did before.
        if (m_keys.size() >= kMost)
            m_keys.clear();
        m_keys.insert(key);
    }

private:
    static constexpr std::size_t kMost = std::size_t{1} << 18; // some 16 MB
    mutable QMutex m_mutex;
    std::unordered_set<Hash32, ArrayHash> m_keys;
};

// The servers tell a read server by its options (an answer cache, a height
// past the head looked for): a query store is one, whatever it was given.
ChainOptions readOnly(ChainOptions options)
{
    options.readsOnly = true;
    return options;
}
} // namespace

QueryStore::QueryStore(ChainOptions options, QObject *parent)
    : ServedChain(parent), m_options(readOnly(std::move(options))),
      m_validators(m_options.trusted ? *m_options.trusted : Chain::validatorsOf(m_options)),
      m_mempool(m_options.mempool)
{
    if (m_options.trieCacheNodes > 0)
        m_state.setTrieCacheNodes(m_options.trieCacheNodes);
    // Each stored header is read back only as signed by the validators
    // trusted: a database written by anyone else is not this chain.
    m_store.setCommitCheck(
        [verifier = HeaderVerifier(TrustAnchor{kChainId, std::nullopt, m_validators}),
         validators = m_validators.hash()](const BlockHeader &stored) {
            // The key names the header by its hash: sound only for a header
            // whose fields hash to it (readHeader checks it first; so does
            // this, for any other caller).
            if (!stored.hashIsValid())
                return false;
            const Hash32 key = CheckedCommits::keyOf(validators, stored);
            if (CheckedCommits::shared().contains(key))
                return true;
            if (!verifier.verify(stored).verified())
                return false;
            CheckedCommits::shared().add(key);
            return true;
        });
}

QueryStore::~QueryStore() = default;

Outcome<> QueryStore::open()
{
    if (m_options.database.isEmpty())
        return Failure::invalid(QStringLiteral("a query store reads a PostgreSQL database or a "
                                               "node's chain.db: none was named"));
    if (auto opened = ChainStore::namesServer(m_options.database)
                          ? m_store.openServer(m_options.database, false)
                          : m_store.openReading(m_options.database);
        !opened)
        return opened;
    m_state.setStore(&m_store);
    m_state.setSoleWriter(false);
    if (m_store.blockCount() > 0) {
        if (auto resumed = m_state.resume(); !resumed)
            return resumed;
        m_headCurrent = true;
    }
    // After the reads of opening, which no request's bound may cut.
    if (m_options.statementTimeoutMs > 0) {
        try {
            m_store.database().keepStatementTimeout(m_options.statementTimeoutMs);
        } catch (const std::exception &e) {
            return failureOf(e, QString::fromUtf8(e.what()));
        }
    }
    // Nothing to answer from before block 0: not open until then, as
    // before the tables.
    if (!m_state.hasBlocks())
        return noBlockYet();
    m_announced = m_state.head(); // what was stored before is history, not news
    return success();
}

Submission QueryStore::submit(std::span<const std::uint8_t>)
{
    // A read server's transactions go to the node it indexes (its JSON-RPC
    // forwards them, TransactionForwarder), whose answer it gives.
    Submission s;
    s.reason = QStringLiteral("unavailable");
    s.message = QStringLiteral("this server takes no transactions");
    return s;
}

Outcome<> QueryStore::beginRead()
{
    return beginReading(false);
}

Outcome<> QueryStore::beginReading(bool takeUp)
{
    if (m_readDepth++ > 0)
        return success();
    SqlDatabase &db = m_store.database();
    // A file's deadline is its own (SQLite's progress handler), as a
    // session's is: no snapshot needed either.
    const bool ownDeadline = db.hasSession() || db.engine() == SqlDatabase::Engine::Sqlite;
    if (!takeUp && m_headCurrent && m_state.hasBlocks() && ownDeadline && db.stillConnected()) {
        // A file is checked each request too (a stat and a PRAGMA): its node
        // may have begun a rebuild since the last poll.
        Outcome<> readable = m_store.stillReadable();
        if (!readable) {
            m_headCurrent = false;
            endRead();
        }
        return readable;
    }
    // A connection lost (the server restarted, the network blinked) is made
    // again once, here, before the request is refused.
    Outcome<> began = success();
    for (int attempt = 0; attempt < 2; ++attempt) {
        try {
            // REPEATABLE READ: every statement sees the database as its
            // first did, the head read below included. Taking up is never
            // cut at a request's bound (keepStatementTimeout): lifted at
            // once, on its own, as a string of both was cut whole.
            // On a node's chain.db (SQLite, in WAL mode) the same: the
            // snapshot is taken at the transaction's first read.
            m_readTransaction = true;
            db.exec(db.engine() == SqlDatabase::Engine::Postgres
                        ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
                        : "BEGIN");
            if (db.hasSession())
                db.exec("SET LOCAL statement_timeout = 0");
            began = takeUpStored();
            m_headCurrent = began.has_value();
            if (began)
                return began;
            break;
        } catch (const SqlError &e) {
            began = failureOf(e, QString::fromUtf8(e.what()));
            m_headCurrent = false;
            if (attempt > 0)
                break;
            // The BEGIN cut at a tiny request bound before the bound was
            // lifted: its transaction ended, and it is asked once more.
            if (e.kind() == SqlError::Kind::Interrupted) {
                endTransaction();
                continue;
            }
            if (e.kind() != SqlError::Kind::ConnectionLost || !db.reconnect())
                break;
        } catch (const std::exception &e) {
            began = failureOf(e, QString::fromUtf8(e.what()));
            m_headCurrent = false;
            break;
        }
    }
    endRead();
    return began;
}

void QueryStore::endRead()
{
    if (--m_readDepth > 0 || !m_readTransaction)
        return;
    endTransaction();
}

void QueryStore::endTransaction()
{
    m_readTransaction = false;
    try {
        m_store.database().exec("COMMIT");
    } catch (const std::exception &) {
        // A connection gone ends its transaction; the next read says so.
    }
}

Outcome<> QueryStore::takeUpStored()
{
    if (Outcome<> readable = m_store.stillReadable(); !readable)
        return readable;
    const std::uint64_t count = m_store.refresh();
    if (count == 0)
        return noBlockYet();
    if (m_state.hasBlocks() && count - 1 == m_state.head())
        return success();
    if (m_state.hasBlocks() && count - 1 < m_state.head()) {
        // A replica restored from an older backup: answering from it would
        // take back what was answered. Refused until it has caught up.
        return Failure::unavailable(QStringLiteral("%1 went back from block %2 to %3")
                                        .arg(m_store.path())
                                        .arg(m_state.head())
                                        .arg(count - 1));
    }
    const Outcome<> resumed = m_state.resume();
    // So that on this server a transaction is never both pending and mined,
    // nor neither. A sender's nonce is a read of the database: past a few
    // hundred senders the copy waits for the node's word instead
    // (MempoolMirror lets them go once this server has the block).
    if (resumed && !m_mempool.empty() && m_mempool.senders() <= kPrunedSenders)
        m_mempool.prune([this](const Address &a) { return m_state.latestAccount(a).nonce; });
    return resumed;
}

bool QueryStore::mirrorPending(std::span<const std::uint8_t> raw)
{
    if (raw.size() > kMaxTransactionBytes)
        return false;
    QString why;
    auto tx = decodeTransaction(raw, &why);
    Address from{};
    if (!tx || Chain::refusedAsSigned(*tx, &from))
        return false;
    // One the blocks taken up while it was asked for mined already is not
    // pending again.
    if (beginRead()) {
        bool mined = false;
        try {
            mined = m_state.latestAccount(from).nonce > tx->nonce;
        } catch (const std::exception &) {
            // The database away: taken, and let go with the node's word.
        }
        endRead();
        if (mined)
            return false;
    }
    const Hash32 hash = tx->hash();
    m_mempool.mirror({std::move(*tx), from, hash, 0});
    return true;
}

void QueryStore::lendPending(const std::vector<PendingTx> &txs)
{
    for (const PendingTx &tx : txs) {
        m_mempool.mirror(tx);
        m_lent.push_back(tx.hash);
    }
}

void QueryStore::takeBackLent()
{
    for (const Hash32 &hash : m_lent)
        m_mempool.remove(hash);
    m_lent.clear();
    m_mempool.takeAsked();
}

Failure QueryStore::noBlockYet() const
{
    return Failure::notYet(
        QStringLiteral("%1 holds no block yet: its follower has not stored genesis")
            .arg(m_store.path()));
}

void QueryStore::announceStored()
{
    if (const Outcome<> began = beginReading(true); !began) {
        qCWarning(lcChain).noquote() << began.error().message;
        return;
    }
    // Subscribers read the chain as each height is announced: a read that
    // fails costs them that announcement, said in the log, never the server.
    try {
        const std::uint64_t head = m_state.head();
        for (std::uint64_t h = m_announced ? *m_announced + 1 : head; h <= head; ++h) {
            m_announced = h;
            Q_EMIT blockAnnounced(h);
        }
    } catch (const std::exception &e) {
        qCWarning(lcChain).noquote() << "announcing a block:" << e.what();
    }
    endRead();
}

} // namespace gifscan::chain
