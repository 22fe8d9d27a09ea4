#include "models/transactionpagemodel.h"

#include "core/client/nodeindex.h"
#include "core/support/clock.h"
#include "models/chainwords.h"
#include "models/displayformat.h"

TransactionPageModel::TransactionPageModel(gifscan::NodeIndex *nodeIndex, QObject *parent)
    : QObject(parent), m_index(nodeIndex)
{
}

void TransactionPageModel::follow(const LiveFeed &feed)
{
    m_feed = &feed;
    connect(&feed, &LiveFeed::advanced, this, [this] {
        if (m_tx && m_tx->receipt)
            Q_EMIT whenChanged();
    });
}

std::uint64_t TransactionPageModel::confirmations() const
{
    return m_feed && m_tx && m_tx->receipt ? m_feed->confirmations(m_tx->receipt->blockHeight) : 0;
}

QString TransactionPageModel::whenText() const
{
    return m_blockTime
               ? DisplayFormat::when(*m_blockTime, gifscan::Clock::wall().nowMs(), confirmations())
               : QString();
}

void TransactionPageModel::load(const gifscan::Hash32 &hash)
{
    m_tx.reset();
    m_blockTime.reset();
    m_index->transaction(
        hash, m_scope.renew(),
        [this, hash](const gifscan::Result<gifscan::TransactionWithReceipt> &r) {
            if (r.ok()) {
                m_tx = *r.value;
                const auto ticket = m_scope.ticket();
                Q_EMIT loaded();
                if (!m_scope.isCurrent(ticket))
                    return;        // a slot of loaded() asked for another transaction
                if (m_tx->receipt) // a receipt names its block, not its time
                    m_index->block(m_tx->receipt->blockHeight, m_scope.context(),
                                   [this](const gifscan::Result<gifscan::Block> &b) {
                                       if (!b.ok())
                                           return; // the page goes on without a time
                                       m_blockTime = b.value->header.timestamp;
                                       Q_EMIT whenChanged();
                                   });
                return;
            }
            if (!r.error.isNotFound()) {
                Q_EMIT loadFailed(ChainWords::clientError(r.error));
                return;
            }
            // Not a transaction: perhaps a block.
            m_index->blockByHash(
                hash, m_scope.context(), [this, hash](const gifscan::Result<gifscan::Block> &b) {
                    if (b.ok())
                        Q_EMIT blockFound(b.value->header.height);
                    else
                        Q_EMIT loadFailed(b.error.isNotFound()
                                              ? tr("No transaction or block has the hash %1.")
                                                    .arg(gifscan::toHexString(hash))
                                              : ChainWords::clientError(b.error));
                });
        });
}
