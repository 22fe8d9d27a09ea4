#include "models/livefigures.h"

#include "core/client/nodeindex.h"
#include "models/blocklistmodel.h"

#include <QLocale>

LiveFigures::LiveFigures(BlockListModel *blocks, gifscan::NodeIndex *nodeIndex, QObject *parent)
    : QObject(parent), m_model(blocks), m_index(nodeIndex)
{
    connect(blocks, &QAbstractItemModel::rowsInserted, this, &LiveFigures::recompute);
    connect(blocks, &QAbstractItemModel::modelReset, this, &LiveFigures::recompute);
    recompute();
}

void LiveFigures::recompute()
{
    // The newest blocks, newest first; genesis is left out (its time is
    // when the chain was set up, not when it was made).
    const int rows = std::min(m_model->rowCount(), kWindow);
    int used = 0;
    std::uint64_t newest = 0, oldest = 0, transactions = 0;
    for (int r = 0; r < rows; ++r) {
        const gifscan::BlockHeader &h = m_model->header(r);
        if (h.height == 0)
            break;
        if (used == 0)
            newest = h.timestamp;
        else
            transactions += m_model->header(r - 1).txCount; // made within the span
        oldest = h.timestamp;
        ++used;
    }
    m_blocks = used;
    m_average.reset();
    m_tps.reset();
    if (used >= 2 && newest >= oldest) {
        const double span = static_cast<double>(newest - oldest);
        m_average = span / (used - 1);
        if (span > 0)
            m_tps = static_cast<double>(transactions) / span;
    }
    Q_EMIT changed();
    if (rows > 0)
        askMempool();
}

void LiveFigures::askMempool()
{
    if (m_asking) {
        m_askAgain = true;
        return;
    }
    m_asking = true;
    m_index->mempool(m_scope.context(), [this](const gifscan::Result<gifscan::MempoolStatus> &r) {
        m_asking = false;
        m_pending = r.ok() ? std::optional<std::uint64_t>(r.value->pending) : std::nullopt;
        Q_EMIT changed();
        if (m_askAgain) {
            m_askAgain = false;
            askMempool();
        }
    });
}

QString LiveFigures::averageText() const
{
    return m_average ? tr("%1 s").arg(QLocale().toString(*m_average, 'f', 1))
                     : tr("—", "no figure yet");
}

QString LiveFigures::tpsText() const
{
    return m_tps ? QLocale().toString(*m_tps, 'f', *m_tps < 10 ? 2 : 1) : tr("—", "no figure yet");
}

QString LiveFigures::pendingText() const
{
    return m_pending ? QLocale().toString(static_cast<qulonglong>(*m_pending))
                     : tr("—", "no figure yet");
}

QString LiveFigures::windowText() const
{
    return tr("Over the newest %Ln block(s)", nullptr, m_blocks);
}
