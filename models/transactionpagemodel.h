#pragma once

#include "core/client/requestscope.h"
#include "core/protocol/records.h"
#include "models/livefeed.h"

#include <QObject>

namespace gifscan {
class NodeIndex;
}

// One transaction with its receipt (or pending). A hash that names no
// transaction may name a block: then `blockFound` says so and the page hands
// over. Lives on the GUI thread.
class TransactionPageModel : public QObject
{
    Q_OBJECT
public:
    explicit TransactionPageModel(gifscan::NodeIndex *nodeIndex, QObject *parent = nullptr);

    void load(const gifscan::Hash32 &hash);
    const std::optional<gifscan::TransactionWithReceipt> &transaction() const { return m_tx; }
    // Confirmations are counted from this head as it advances. The feed is
    // read later, so it must outlive the model.
    void follow(const LiveFeed &feed);
    // Blocks from the transaction's to the head, both counted; 0 while it
    // is pending or before the first head.
    std::uint64_t confirmations() const;
    // When its block was made (Unix seconds), once that block is read.
    std::optional<std::uint64_t> blockTime() const { return m_blockTime; }
    // Its block's time and confirmations in words; empty until the time is known.
    QString whenText() const;

Q_SIGNALS:
    void loaded();
    // The block's time is known, or the head moved: the "when" line changed.
    void whenChanged();
    void blockFound(quint64 height);
    void loadFailed(const QString &message);

private:
    gifscan::NodeIndex *m_index;
    std::optional<gifscan::TransactionWithReceipt> m_tx;
    std::optional<std::uint64_t> m_blockTime;
    const LiveFeed *m_feed = nullptr;
    gifscan::RequestScope m_scope; // one transaction at a time
};
