// Chain, continued: taking up blocks another node made, as the indexer's
// follower does, and reading what a follower stored, as its read servers
// do. Same object and thread as chain/engine/chain.cpp.
#include "chain/engine/chain.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/sqlstatement.h"

#include <QLoggingCategory>

namespace gifscan::chain {

Q_DECLARE_LOGGING_CATEGORY(lcChain)

Outcome<> Chain::follow(const BlockHeader &header, std::vector<Bytes> transactions)
{
    const std::uint64_t next = m_state.hasBlocks() ? m_state.head() + 1 : 0;
    if (header.height != next)
        return Failure::invalid(QStringLiteral("block %1 cannot follow: the next block here is %2")
                                    .arg(header.height)
                                    .arg(next));
    return seal(header.height, header.timestamp, std::move(transactions), &header,
                Source::Followed);
}

Outcome<> Chain::matchesFollowed(const BlockHeader &computed, const BlockHeader &signed_) const
{
    QStringList differ;
    auto compare = [&](const QString &what, const Hash32 &mine, const Hash32 &theirs) {
        if (mine != theirs)
            differ << QStringLiteral("the %1 executes to %2, the signed header says %3")
                          .arg(what, toHexString(mine), toHexString(theirs));
    };
    compare(QStringLiteral("object root"), computed.objectRoot, signed_.objectRoot);
    compare(QStringLiteral("holdings root"), computed.holdingsRoot, signed_.holdingsRoot);
    compare(QStringLiteral("transaction root"), computed.txRoot, signed_.txRoot);
    compare(QStringLiteral("parent hash"), computed.parentHash, signed_.parentHash);
    // What the roots do not cover (the count, the time) is in the hash.
    if (differ.isEmpty())
        compare(QStringLiteral("header hash"), computed.hash, signed_.hash);
    if (differ.isEmpty())
        return success();
    return Failure::invalid(QStringLiteral("block %1 does not match its signed header: %2")
                                .arg(computed.height)
                                .arg(differ.join(QStringLiteral("; "))));
}

Outcome<> Chain::beginRead()
{
    return beginReading(false);
}

Outcome<> Chain::beginReading(bool takeUp)
{
    if (!m_options.readsOnly || m_readDepth++ > 0)
        return success();
    SqlDatabase &db = m_store.database();
    if (!takeUp && m_headCurrent && m_state.hasBlocks() && db.hasSession() && db.stillConnected())
        return success();
    // A connection lost (the server restarted, the network blinked) is made
    // again once, here, before the request is refused.
    Outcome<> began = success();
    for (int attempt = 0; attempt < 2; ++attempt) {
        try {
            // REPEATABLE READ: every statement sees the database as its
            // first did, the head read below included. Taking up is never
            // cut at a request's bound (keepStatementTimeout): lifted at
            // once, on its own, as a string of both was cut whole.
            m_readTransaction = true;
            db.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
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

void Chain::endRead()
{
    if (!m_options.readsOnly || --m_readDepth > 0 || !m_readTransaction)
        return;
    endTransaction();
}

void Chain::endTransaction()
{
    m_readTransaction = false;
    try {
        m_store.database().exec("COMMIT");
    } catch (const std::exception &) {
        // A connection gone ends its transaction; the next read says so.
    }
}

Outcome<> Chain::takeUpStored()
{
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

bool Chain::mirrorPending(std::span<const std::uint8_t> raw)
{
    if (raw.size() > kMaxTransactionBytes)
        return false;
    QString why;
    auto tx = decodeTransaction(raw, &why);
    Address from{};
    if (!tx || refusedAsSigned(*tx, &from))
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

Failure Chain::noBlockYet() const
{
    return Failure::notYet(
        QStringLiteral("%1 holds no block yet: its follower has not stored genesis")
            .arg(m_store.path()));
}

void Chain::announceStored()
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
