#include "models/blocklistmodel.h"

#include "core/restclient.h"
#include "models/displayformat.h"

BlockListModel::BlockListModel(gifscan::RestClient *rest, QObject *parent) : QAbstractTableModel(parent), m_rest(rest)
{
    // One model update per 250 ms at most, however many heads arrive.
    m_flush.setInterval(250);
    m_flush.setSingleShot(true);
    connect(&m_flush, &QTimer::timeout, this, &BlockListModel::flush);
}

std::optional<std::uint64_t> BlockListModel::newestHeight() const
{
    if (!m_pending.empty())
        return m_pending.back().header.height;
    if (m_rows.empty())
        return std::nullopt;
    return m_rows.front().header.height;
}

void BlockListModel::addHead(const gifscan::BlockHeader &header, bool verified)
{
    const auto newest = newestHeight();
    if (newest && header.height <= *newest)
        return; // already here
    m_pending.push_back({header, verified});
    if (!m_flush.isActive())
        m_flush.start();
}

void BlockListModel::flush()
{
    if (m_pending.empty())
        return;
    if (!m_started) { // the first page decides the top; keep the heads until then
        m_flush.start();
        return;
    }
    const int count = static_cast<int>(m_pending.size());
    beginInsertRows({}, 0, count - 1);
    for (const Row &r : m_pending)
        m_rows.push_front(r);
    m_pending.clear();
    endInsertRows();
}

int BlockListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int BlockListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BlockListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows[static_cast<std::size_t>(index.row())];
    const gifscan::BlockHeader &h = r.header;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case HeightColumn: return QLocale().toString(static_cast<qulonglong>(h.height));
        case HashColumn: return DisplayFormat::shortHex(h.hash);
        case TimeColumn: return DisplayFormat::timestamp(h.timestamp);
        case TransactionsColumn: return QLocale().toString(static_cast<qulonglong>(h.txCount));
        case ProposerColumn: return DisplayFormat::shortHex(h.proposer);
        }
        break;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case HashColumn: return gifscan::toHexString(h.hash);
        case ProposerColumn: return gifscan::toHexString(h.proposer);
        case TimeColumn: return DisplayFormat::timestamp(h.timestamp, QLocale::LongFormat);
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == HeightColumn || index.column() == TransactionsColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case HeightRole: return QVariant::fromValue(static_cast<qulonglong>(h.height));
    case VerifiedRole: return r.verified;
    case HeaderRole: return QVariant::fromValue(h);
    }
    return {};
}

QVariant BlockListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case HeightColumn: return tr("Height");
    case HashColumn: return tr("Hash");
    case TimeColumn: return tr("Time");
    case TransactionsColumn: return tr("Transactions");
    case ProposerColumn: return tr("Proposer");
    }
    return {};
}

bool BlockListModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_atEnd;
}

void BlockListModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid() || m_fetching || m_atEnd)
        return;
    m_fetching = true;
    m_rest->blocks(m_cursor, m_pageSize, this, [this](const gifscan::Result<gifscan::Page<gifscan::BlockHeader>> &r) {
        m_fetching = false;
        if (!r.ok()) {
            Q_EMIT loadFailed(r.error.toString());
            return;
        }
        const auto &page = *r.value;
        // Older pages continue below the last row; skip what live heads already brought.
        std::vector<Row> rows;
        for (const auto &h : page.data) {
            if (!m_rows.empty() && h.height >= m_rows.back().header.height)
                continue;
            rows.push_back({h, h.hashIsValid()});
        }
        // Each row links to the one below it.
        for (std::size_t i = 0; i + 1 < rows.size(); ++i)
            rows[i].verified = rows[i].verified && rows[i].header.parentHash == rows[i + 1].header.hash;
        if (!rows.empty()) {
            const int first = static_cast<int>(m_rows.size());
            beginInsertRows({}, first, first + static_cast<int>(rows.size()) - 1);
            for (const Row &row : rows)
                m_rows.push_back(row);
            endInsertRows();
        }
        m_cursor = page.cursor;
        m_atEnd = page.cursor.isEmpty();
        if (!m_started) {
            m_started = true;
            // Heads that arrived before the first page: keep only the newer ones.
            const std::uint64_t top = m_rows.empty() ? 0 : m_rows.front().header.height;
            std::erase_if(m_pending, [top, this](const Row &p) { return !m_rows.empty() && p.header.height <= top; });
            Q_EMIT firstPageLoaded(top);
            flush();
        }
    });
}
