#include "models/blockpagemodel.h"

#include "core/client/nodeindex.h"
#include "core/client/nodeprover.h"
#include "core/support/clock.h"
#include "models/chainwords.h"
#include "models/displayformat.h"

BlockPageModel::BlockPageModel(gifscan::NodeIndex *nodeIndex, gifscan::NodeProver *prover,
                               QObject *parent)
    : QObject(parent), m_index(nodeIndex), m_prover(prover)
{
}

void BlockPageModel::follow(const LiveFeed &feed)
{
    m_feed = &feed;
    connect(&feed, &LiveFeed::advanced, this, [this] {
        if (m_block)
            Q_EMIT whenChanged();
    });
}

std::uint64_t BlockPageModel::confirmations() const
{
    return m_feed && m_block ? m_feed->confirmations(m_block->header.height) : 0;
}

QString BlockPageModel::whenText() const
{
    return m_block ? DisplayFormat::when(m_block->header.timestamp, gifscan::Clock::wall().nowMs(),
                                         confirmations())
                   : QString();
}

void BlockPageModel::load(std::uint64_t height)
{
    m_block.reset();
    m_index->block(
        height, m_scope.renew(), [this, height](const gifscan::Result<gifscan::Block> &r) {
            if (r.error.isNotFound()) {
                // Said with the head, so the reader knows how far there is to go.
                const std::uint64_t head =
                    std::max<std::uint64_t>(m_feed ? m_feed->height().value_or(0) : 0, r.height);
                return Q_EMIT loadFailed(
                    head > 0 && height > head
                        ? tr("There is no block %L1 yet: the head is %L2.")
                              .arg(DisplayFormat::height(height), DisplayFormat::height(head))
                        : tr("There is no block %L1.").arg(DisplayFormat::height(height)));
            }
            received(r);
        });
}

void BlockPageModel::loadByHash(const gifscan::Hash32 &hash)
{
    m_block.reset();
    m_index->blockByHash(
        hash, m_scope.renew(), [this, hash](const gifscan::Result<gifscan::Block> &r) {
            if (r.error.isNotFound())
                return Q_EMIT loadFailed(
                    tr("No block has the hash %1.").arg(gifscan::toHexString(hash)));
            received(r);
        });
}

void BlockPageModel::received(const gifscan::Result<gifscan::Block> &r)
{
    if (!r.ok()) {
        Q_EMIT loadFailed(ChainWords::clientError(r.error));
        return;
    }
    m_block = *r.value;
    const gifscan::BlockHeader h = m_block->header; // a copy: a slot may load another block
    std::vector<gifscan::Hash32> hashes;
    for (const auto &tx : m_block->transactions)
        hashes.push_back(tx.hash);
    for (const auto &hash : m_block->transactionHashes)
        hashes.push_back(hash);
    m_check = {};
    m_check.signatures = m_headers.verify(h);
    m_check.txRootOk = gifscan::transactionRoot(hashes) == h.txRoot;
    m_check.txCountOk = hashes.size() == h.txCount;
    const auto ticket = m_scope.ticket();
    QObject *context = m_scope.context();
    Q_EMIT loaded();
    if (!m_scope.isCurrent(ticket))
        return; // a slot of loaded() asked for another block
    if (h.height == 0) {
        m_check.parentOk = h.parentHash == gifscan::Hash32{} && m_check.signatures.verified();
        Q_EMIT checked();
        return;
    }
    m_prover->block(
        h.height - 1, false, context, [this](const gifscan::Result<gifscan::Block> &parent) {
            // The parent counts when it, too, is signed by the trusted set.
            m_check.parentOk = parent.ok() &&
                               parent.value->header.hash == m_block->header.parentHash &&
                               m_headers.verify(parent.value->header).verified();
            if (parent.ok())
                m_check.signatures = m_headers.verify(m_block->header, &parent.value->header);
            Q_EMIT checked();
        });
}
