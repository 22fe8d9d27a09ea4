#include "indexer/follower/follower.h"

#include "chain/engine/chain.h"
#include "chain/store/postgresdatabase.h"
#include "chain/store/postgresmigrations.h"
#include "chain/store/postgresvacuum.h"
#include "core/base/outcome.h"
#include "core/client/httpclient.h"
#include "core/client/rpcclient.h"
#include "core/client/websocketstream.h"
#include "core/protocol/commitments.h"
#include "core/protocol/recordcodec.h"
#include "core/support/clock.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcFollower, "gifscan.indexer.follower")

namespace gifscan::indexer {

namespace {
// pg_advisory_lock's key for "the follower of this database": "GIFSFOLW".
constexpr qint64 kFollowerLock = 0x474946534f4c57;
// A transient failure (the node away, a page refused) is asked again after this.
constexpr int kRetryMs = 1000;
// What a signed header may declare before its transactions are fetched: far
// above any block made (the genesis holds some 2,000), far below what would
// hold the follower's memory (a header of 10^12 took it to 1.9 GB).
constexpr std::uint64_t kMostTransactions = 1'000'000;
} // namespace

// A block being fetched: its header and transactions as the node gave them.
struct Follower::Pending
{
    std::uint64_t height = 0;
    QJsonValue header;    // as the node gave it
    BlockHeader verified; // it decoded and signed by the trusted set (checkFirstPage)
    std::vector<Bytes> transactions;
    std::optional<std::uint64_t> next; // the first transaction of the page still to fetch
};

Follower::Follower(FollowerOptions options, QObject *parent)
    : QObject(parent), m_options(std::move(options)),
      m_verifier(TrustAnchor{kChainId, std::nullopt,
                             m_options.trusted ? *m_options.trusted : ValidatorSet::devnet()})
{
    m_lockTimer.setInterval(2000);
    connect(&m_lockTimer, &QTimer::timeout, this, &Follower::tryLock);
    m_pollTimer.setInterval(m_options.pollMs);
    connect(&m_pollTimer, &QTimer::timeout, this, &Follower::poll);
}

Follower::~Follower() = default;

std::optional<std::uint64_t> Follower::storedHead() const
{
    if (!m_chain || !m_chain->state().hasBlocks())
        return std::nullopt;
    return m_chain->state().head();
}

void Follower::start()
{
    tryLock();
}

void Follower::tryLock()
{
    try {
        if (!m_lock)
            m_lock = std::make_unique<chain::PostgresDatabase>(m_options.database);
        if (m_lock->queryInt("SELECT pg_try_advisory_lock(" + std::to_string(kFollowerLock) +
                             ")::int") != 1) {
            if (!m_lockTimer.isActive()) {
                Q_EMIT waitingForLock(m_lock->name());
                m_lockTimer.start();
            }
            return;
        }
    } catch (const std::exception &e) {
        lose(QStringLiteral("cannot reach the database: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    m_lockTimer.stop();
    open();
}

void Follower::lose(const QString &why)
{
    ++m_session;
    m_busy = false;
    m_pollTimer.stop();
    m_lockTimer.stop();
    m_chain.reset();
    m_lock.reset();
    m_unannounced.reset();
    m_ahead.reset();
    if (!std::exchange(m_waitingSaid, true))
        Q_EMIT waitingForDatabase(why);
    m_reconnectMs = m_reconnectMs == 0 ? 1000 : std::min(2 * m_reconnectMs, 30000);
    QTimer::singleShot(m_reconnectMs, this, [this] {
        if (!m_failed)
            tryLock();
    });
}

void Follower::open()
{
    chain::ChainOptions o;
    o.database = m_options.database;
    o.follows = true;
    o.traffic = false;
    o.trieCacheNodes = m_options.trieCacheNodes;
    // Headers read back are the validators' own: checked as any client checks them.
    o.trusted = m_verifier.anchor().validators;
    m_chain = std::make_unique<chain::Chain>(o);
    std::optional<int> before;
    try {
        before = chain::PostgresMigrations::versionOf(*m_lock);
    } catch (const std::exception &e) {
        lose(QStringLiteral("cannot reach the database: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    if (const Outcome<> opened = m_chain->open(); !opened) {
        if (opened.error().kind == Failure::Kind::Unavailable)
            lose(opened.error().message);
        else
            fail(opened.error().message);
        return;
    }
    m_reconnectMs = 0;
    m_waitingSaid = false;
    if (before && *before < chain::PostgresMigrations::latest())
        Q_EMIT migrated(*before, chain::PostgresMigrations::latest());
    // Blocks stored by a session the database's loss ended were not all
    // told of: the head is, once.
    m_unannounced = storedHead();
    if (!announce())
        return;
    Q_EMIT started(storedHead() ? std::optional<quint64>(*storedHead()) : std::nullopt);
    // Connected again after the database went away: the node's side is as
    // it was.
    if (m_rpc) {
        m_pollTimer.start();
        poll();
        return;
    }
    HttpClient::Options http;
    http.rate = m_options.rpcRate;
    http.burst = m_options.rpcBurst;
    m_http = new HttpClient(http, this);
    m_rpc = new RpcClient(m_options.rpc, m_http, this);
    m_stream = new WebSocketStream(m_options.ws, this);
    connect(m_stream, &NodeStream::headArrived, this, [this](const BlockHeader &h) {
        // A wake-up only: the block itself is fetched, and checked, by height.
        nodeNamed(h.height);
        pump();
    });
    connect(m_stream, &NodeStream::closed, this, [this](const QString &why) {
        qCInfo(lcFollower).noquote()
            << QStringLiteral("the node's websocket closed (%1); asking its head every block time")
                   .arg(why);
        QTimer::singleShot(m_options.pollMs, this, [this] {
            if (!m_failed && !m_stream->isOpen())
                m_stream->open();
        });
    });
    m_stream->open();
    m_pollTimer.start();
    poll();
}

void Follower::poll()
{
    m_rpc->blockNumber(this, [this](const Result<std::uint64_t> &r) {
        if (!r.ok()) {
            qCWarning(lcFollower).noquote() << "the node's head:" << r.error.toString();
            return;
        }
        nodeNamed(*r.value);
        pump();
    });
}

void Follower::pump()
{
    if (m_busy || m_failed || !m_chain)
        return;
    const std::uint64_t from = storedHead() ? *storedHead() + 1 : 0;
    if (from > m_target)
        return;
    const std::uint64_t to =
        std::min(m_target, from + static_cast<std::uint64_t>(std::max(1, m_options.batch)) - 1);
    m_busy = true;
    if (m_ahead && m_ahead->from == from) {
        if (!m_ahead->results) {
            m_ahead->awaited = true; // fetched() when they come
            return;
        }
        const QList<Result<QJsonValue>> results = std::move(*m_ahead->results);
        m_ahead.reset();
        fetched(from, results);
        return;
    }
    m_ahead.reset(); // asked for heights that are not next (a batch cut short)
    fetch(from, to);
}

void Follower::fetch(std::uint64_t from, std::uint64_t to, bool ahead)
{
    QList<NodeProver::Call> calls;
    for (std::uint64_t h = from; h <= to; ++h)
        calls.append({QStringLiteral("gif_getRawBlock"), QJsonArray{static_cast<qint64>(h)}});
    m_rpc->batch(
        calls, this,
        [this, from, ahead, session = m_session](const QList<Result<QJsonValue>> &results) {
            if (session != m_session || m_failed)
                return; // fetched for a session the database's loss ended
            if (!ahead)
                return fetched(from, results);
            if (!m_ahead || m_ahead->from != from)
                return; // no longer the next batch
            if (!m_ahead->awaited) {
                m_ahead->results = results; // taken when the batch before is stored
                return;
            }
            m_ahead.reset();
            fetched(from, results);
        });
}

void Follower::fetched(std::uint64_t from, const QList<Result<QJsonValue>> &results)
{
    auto blocks = std::make_shared<Batch>();
    for (qsizetype i = 0; i < results.size(); ++i) {
        const Result<QJsonValue> &r = results[i];
        if (!r.ok()) {
            qCWarning(lcFollower).noquote()
                << QStringLiteral("block %1: %2").arg(from + i).arg(r.error.toString());
            break; // the blocks before it are applied; it is asked again
        }
        auto p = std::make_shared<Pending>();
        p->height = from + static_cast<std::uint64_t>(i);
        p->header = r.value->toObject().value(QStringLiteral("header"));
        if (const QString wrong = addPage(*p, *r.value); !wrong.isEmpty()) {
            fail(wrong);
            return;
        }
        blocks->push_back(std::move(p));
    }
    // The node reads the next batch and sends it while this one executes:
    // catching up, each waited for the other.
    const std::uint64_t next = from + static_cast<std::uint64_t>(blocks->size());
    if (!blocks->empty() && blocks->size() == static_cast<std::size_t>(results.size()) &&
        next <= m_target) {
        m_ahead = Ahead{next, std::nullopt, false};
        fetch(
            next,
            std::min(m_target, next + static_cast<std::uint64_t>(std::max(1, m_options.batch)) - 1),
            true);
    }
    apply(blocks, 0);
}

QString Follower::checkFirstPage(Pending &block) const
{
    BlockHeader &header = block.verified;
    DecodeError why;
    if (!RecordCodec::decode(block.header, QStringLiteral("header"), &header, &why) ||
        header.height != block.height)
        return QStringLiteral("block %1: the node's header does not decode (%2)")
            .arg(block.height)
            .arg(why.toString());
    std::optional<BlockHeader> parent;
    if (block.height > 0 && m_chain->state().hasBlocks() &&
        m_chain->state().head() >= block.height - 1)
        parent = *m_chain->state().header(block.height - 1);
    const HeaderVerdict verdict = m_verifier.verify(header, parent ? &*parent : nullptr);
    if (!verdict.verified())
        return QStringLiteral("block %1: its header is not proven (%2: %3); nothing of it was "
                              "fetched past its first page")
            .arg(block.height)
            .arg(headerCheckName(verdict.check), verdict.detail);
    if (header.txCount > kMostTransactions)
        return QStringLiteral("block %1: its header declares %2 transactions, more than the %3 a "
                              "follower takes")
            .arg(block.height)
            .arg(header.txCount)
            .arg(kMostTransactions);
    return {};
}

QString Follower::addPage(Pending &block, const QJsonValue &page) const
{
    // Nothing is kept of a block whose header does not hold.
    if (block.transactions.empty() && !block.next)
        if (const QString wrong = checkFirstPage(block); !wrong.isEmpty())
            return wrong;
    // The node's paging is checked before anything is kept of it: a page
    // must start where asked, move on, and not exceed the header's count,
    // so that a node that loops or floods stops the follower, said, rather
    // than filling its memory.
    const QJsonObject o = page.toObject();
    const std::uint64_t asked = block.transactions.size();
    const auto declared = static_cast<std::uint64_t>(
        block.header.toObject().value(QStringLiteral("txCount")).toInteger(-1));
    const QJsonArray txs = o.value(QStringLiteral("transactions")).toArray();
    const QJsonValue next = o.value(QStringLiteral("next"));
    const std::uint64_t after = asked + static_cast<std::uint64_t>(txs.size());
    if (static_cast<std::uint64_t>(o.value(QStringLiteral("from")).toInteger(-1)) != asked ||
        after > declared ||
        (next.isDouble() &&
         (txs.isEmpty() || static_cast<std::uint64_t>(next.toInteger()) != after)) ||
        (!next.isDouble() && after != declared))
        return QStringLiteral("block %1: the node's pages of transactions do not add up (from %2, "
                              "%3 given, %4 declared)")
            .arg(block.height)
            .arg(asked)
            .arg(txs.size())
            .arg(declared);
    for (const QJsonValue &tx : txs)
        block.transactions.push_back(parseHex(tx.toString()).value_or(Bytes{}));
    block.next = next.isDouble() ? std::optional(after) : std::nullopt;
    return {};
}

void Follower::apply(const std::shared_ptr<Batch> &blocks, std::size_t index)
{
    if (index < blocks->size()) {
        Pending &block = *(*blocks)[index];
        if (block.next) {
            // A block of more than a page: the rest of it, then on from it,
            // the blocks before it announced while its pages come.
            if (!announce())
                return;
            const QJsonArray params{static_cast<qint64>(block.height),
                                    static_cast<qint64>(*block.next)};
            m_rpc->call(QStringLiteral("gif_getRawBlock"), params, this,
                        [this, blocks, index, session = m_session](const Result<QJsonValue> &r) {
                            if (session != m_session || m_failed)
                                return;
                            if (!r.ok()) {
                                retryLater(r.error.toString());
                                return;
                            }
                            if (const QString wrong = addPage(*(*blocks)[index], *r.value);
                                !wrong.isEmpty()) {
                                fail(wrong);
                                return;
                            }
                            apply(blocks, index);
                        });
            return;
        }
        if (!store(block))
            return;
        // One block a turn of the event loop: Qt starts a request, and
        // reads its answer, from this thread's loop, so with the whole
        // batch stored in one go the next batch (asked in fetched()) went
        // out only once this one was stored, and each waited for the other.
        if (index + 1 < blocks->size()) {
            QMetaObject::invokeMethod(
                this,
                [this, blocks, index, session = m_session] {
                    if (session == m_session && !m_failed)
                        apply(blocks, index + 1);
                },
                Qt::QueuedConnection);
            return;
        }
    }
    if (!announce())
        return;
    if (blocks->empty()) {
        retryLater({});
        return;
    }
    vacuumAfterCatchUp();
    m_busy = false;
    pump();
}

void Follower::retryLater(const QString &why)
{
    if (!why.isEmpty())
        qCWarning(lcFollower).noquote() << why;
    m_busy = false;
    QTimer::singleShot(kRetryMs, this, &Follower::pump);
}

bool Follower::store(Pending &block)
{
    // Decoded and its signatures checked on its first page (checkFirstPage):
    // what could not be checked then, the block below not stored yet, is
    // its link to that block.
    const BlockHeader &header = block.verified;
    if (block.height > 0) {
        const BlockHeader parent = *m_chain->state().header(block.height - 1);
        if (header.parentHash != parent.hash) {
            fail(QStringLiteral("block %1: its header is not proven (%2: parentHash does not link "
                                "to the header at height %3); nothing of it was stored")
                     .arg(block.height)
                     .arg(headerCheckName(HeaderCheck::ParentMismatch))
                     .arg(parent.height));
            return false;
        }
    }
    if (const Outcome<> stored = m_chain->follow(header, std::move(block.transactions)); !stored) {
        // A database gone is weather: nothing of the block was stored, and
        // it is fetched again once the database is back.
        if (stored.error().kind == Failure::Kind::Unavailable)
            lose(QStringLiteral("block %1 was not stored: %2")
                     .arg(block.height)
                     .arg(stored.error().message));
        else
            fail(stored.error().message + QStringLiteral("; nothing of it was stored"));
        return false;
    }
    m_unannounced = block.height;
    ++m_storedSinceVacuum;
    if (block.height >= m_target)
        m_behindSinceMs = -1;
    Q_EMIT blockStored(block.height);
    return true;
}

bool Follower::announce()
{
    if (!m_unannounced)
        return true;
    const std::uint64_t height = *std::exchange(m_unannounced, std::nullopt);
    try {
        notifyStored(height);
    } catch (const std::exception &e) {
        // Its lock went with it: another follower may take over meanwhile;
        // this one waits for the lock again once connected.
        lose(QStringLiteral("lost the session holding the follower's lock (%1); block %2 is "
                            "stored")
                 .arg(QString::fromUtf8(e.what()))
                 .arg(height));
        return false;
    }
    return true;
}

void Follower::notifyStored(std::uint64_t height)
{
    // Once a batch, not once a block: catching up, a round trip a block on
    // this session was a share of the follower's time, and a server takes
    // up the latest head whichever height it is told. On the lock's own
    // session, which proves the lock still held: a session lost has let
    // another follower in.
    m_lock->exec("SELECT pg_notify('gifscan_blocks', '" + std::to_string(height) + "')");
}

qint64 Follower::behindMs() const
{
    const auto head = storedHead();
    if ((head && *head >= m_target) || m_behindSinceMs < 0)
        return 0;
    return Clock::steady().nowMs() - m_behindSinceMs;
}

// The node named `height`: from the first head the stored one is below,
// the lag counts (not from the last time it was caught up, which after a
// quiet minute read as a minute behind at once).
void Follower::nodeNamed(std::uint64_t height)
{
    m_target = std::max(m_target, height);
    m_targetKnown = true;
    const auto head = storedHead();
    if ((!head || *head < m_target) && m_behindSinceMs < 0)
        m_behindSinceMs = Clock::steady().nowMs();
}

void Follower::fail(const QString &error)
{
    // The blocks of this batch stored before the one that failed are told
    // of still, if the lock's session allows: they are the head now.
    if (m_unannounced && m_lock) {
        try {
            notifyStored(*std::exchange(m_unannounced, std::nullopt));
        } catch (const std::exception &) {
        }
    }
    m_failed = true;
    m_busy = false;
    m_pollTimer.stop();
    m_lockTimer.stop();
    if (m_stream)
        m_stream->close();
    Q_EMIT failed(error);
}

} // namespace gifscan::indexer
