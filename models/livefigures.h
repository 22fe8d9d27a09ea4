#pragma once

#include "core/client/requestscope.h"

#include <QObject>
#include <optional>

class BlockListModel;
namespace gifscan {
class NodeIndex;
}

// The Live page's figures: the average time between the newest blocks,
// transactions per second over them, and how many transactions wait in the
// node's mempool. Recomputed when the block list gains rows (at most every
// 250 ms); the mempool is asked once per change, never twice at once.
// Lives on the GUI thread.
class LiveFigures : public QObject
{
    Q_OBJECT
public:
    // Over at most this many of the newest blocks.
    static constexpr int kWindow = 100;

    LiveFigures(BlockListModel *blocks, gifscan::NodeIndex *nodeIndex, QObject *parent = nullptr);

    // Nothing until two blocks after genesis are known: a genesis made days
    // before block 1 says nothing about block times.
    std::optional<double> averageBlockSeconds() const { return m_average; }
    std::optional<double> transactionsPerSecond() const { return m_tps; }
    // Nothing until the node answers, or when it does not say.
    std::optional<std::uint64_t> pending() const { return m_pending; }
    int blocksMeasured() const { return m_blocks; }

    QString averageText() const;
    QString tpsText() const;
    QString pendingText() const;
    // What each figure is measured over, for tooltips.
    QString windowText() const;

Q_SIGNALS:
    void changed();

private:
    void recompute();
    void askMempool();

    BlockListModel *m_model;
    gifscan::NodeIndex *m_index;
    gifscan::RequestScope m_scope;
    bool m_asking = false;
    bool m_askAgain = false;
    std::optional<double> m_average;
    std::optional<double> m_tps;
    std::optional<std::uint64_t> m_pending;
    int m_blocks = 0;
};
