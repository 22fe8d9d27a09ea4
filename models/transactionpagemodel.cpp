#include "models/transactionpagemodel.h"

#include "core/nodeindex.h"
#include "models/chainwords.h"

TransactionPageModel::TransactionPageModel(gifscan::NodeIndex *rest, QObject *parent)
    : QObject(parent), m_rest(rest)
{
}

void TransactionPageModel::load(const gifscan::Hash32 &hash)
{
    m_tx.reset();
    m_rest->transaction(
        hash, m_scope.renew(),
        [this, hash](const gifscan::Result<gifscan::TransactionWithReceipt> &r) {
            if (r.ok()) {
                m_tx = *r.value;
                Q_EMIT loaded();
                return;
            }
            if (!r.error.isNotFound()) {
                Q_EMIT loadFailed(ChainWords::clientError(r.error));
                return;
            }
            // Not a transaction: perhaps a block.
            m_rest->blockByHash(
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
