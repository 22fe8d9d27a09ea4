#include "models/blocklistmodel.h"

#include "core/client/nodeindex.h"
#include "models/displayformat.h"
#include "models/livefeed.h"
#include "models/location.h"
#include "models/tablecolumns.h"

namespace {
// The headings, in the order of BlockListModel::Column.
constexpr TableColumns<BlockListModel::ColumnCount> kBlockColumns{
    "BlockListModel",
    {QT_TRANSLATE_NOOP("BlockListModel", "Height"), QT_TRANSLATE_NOOP("BlockListModel", "Hash"),
     QT_TRANSLATE_NOOP("BlockListModel", "Time"),
     QT_TRANSLATE_NOOP("BlockListModel", "Transactions"),
     QT_TRANSLATE_NOOP("BlockListModel", "Proposer")}};
static_assert(kBlockColumns.complete(), "a heading for every column");
} // namespace

using BlockListRows::Row;

BlockListModel::BlockListModel(gifscan::NodeIndex *nodeIndex, QObject *parent)
    : LiveRows(parent), m_index(nodeIndex)
{
    showAgesIn(TimeColumn);
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
    queue({header, verified});
}

int BlockListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : kBlockColumns.count();
}

QVariant BlockListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = row(index.row());
    const gifscan::BlockHeader &h = r.header;
    switch (role) {
    case Location::ItemRole:
        // The proposer's cell leads to the proposer, as an address does in
        // every other list; the rest of the row to the block.
        return QVariant::fromValue(index.column() == ProposerColumn
                                       ? Location::address(gifscan::toHexString(h.proposer))
                                       : Location::block(h.height));
    case IntervalRole: {
        if (index.row() + 1 >= rowCount())
            return {};
        const std::uint64_t older = row(index.row() + 1).header.timestamp;
        // A clock that went back is drawn as no time, not as an underflow.
        return static_cast<qreal>(h.timestamp >= older ? h.timestamp - older : 0);
    }
    case Qt::DisplayRole:
        switch (index.column()) {
        case HeightColumn:
            return DisplayFormat::height(h.height);
        case HashColumn:
            return DisplayFormat::shortHex(h.hash);
        case TimeColumn:
            return DisplayFormat::age(h.timestamp, wallNowMs());
        case TransactionsColumn:
            return QLocale().toString(static_cast<qulonglong>(h.txCount));
        case ProposerColumn:
            return DisplayFormat::shortHex(h.proposer);
        }
        break;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case HashColumn:
            return gifscan::toHexString(h.hash);
        case ProposerColumn:
            return gifscan::toHexString(h.proposer);
        case TimeColumn:
            return DisplayFormat::exactTime(h.timestamp);
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == HeightColumn || index.column() == TransactionsColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case DisplayFormat::ExportRole:
        switch (index.column()) {
        case HeightColumn:
            return QString::number(h.height);
        case HashColumn:
            return gifscan::toHexString(h.hash);
        case TimeColumn:
            return DisplayFormat::isoTime(h.timestamp);
        case TransactionsColumn:
            return QString::number(h.txCount);
        case ProposerColumn:
            return gifscan::toHexString(h.proposer);
        }
        break;
    case HeightRole:
        return QVariant::fromValue(static_cast<qulonglong>(h.height));
    case VerifiedRole:
        return r.verified;
    case HeaderRole:
        return QVariant::fromValue(h);
    }
    return {};
}

QVariant BlockListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    return kBlockColumns.headerData(*this, section, orientation, role);
}

void BlockListModel::requestPage(const QString &cursor, int limit, QObject *context)
{
    using Blocks = gifscan::Page<gifscan::BlockHeader>;
    m_index->blocks(cursor, limit, context, [this](const gifscan::Result<Blocks> &r) {
        pageArrived<Blocks>(r.error, r.ok() ? &*r.value : nullptr,
                            [this](const Blocks &page) { return newRows(page); });
    });
}

void BlockListModel::seed(const gifscan::Page<gifscan::BlockHeader> &page)
{
    using Blocks = gifscan::Page<gifscan::BlockHeader>;
    if (hasFirstPage())
        return; // a sync started again: the list already goes on from its first page
    pageArrived<Blocks>({}, &page, [this](const Blocks &p) { return newRows(p); });
}

std::vector<BlockListRows::Row>
BlockListModel::newRows(const gifscan::Page<gifscan::BlockHeader> &page) const
{
    // Older pages continue below the last row; skip what live heads already brought.
    std::vector<Row> rows;
    for (const auto &h : page.data) {
        if (!m_rows.empty() && h.height >= m_rows.back().header.height)
            continue;
        rows.push_back({h, false});
    }
    // Signed by the trusted set, and linked to the row below it.
    for (std::size_t i = 0; i < rows.size(); ++i)
        rows[i].verified =
            m_headers.verify(rows[i].header, i + 1 < rows.size() ? &rows[i + 1].header : nullptr)
                .verified();
    return rows;
}

void BlockListModel::rowsAppendedBelow(int firstNew)
{
    // The row above the new ones now has a block below it: its interval.
    if (firstNew > 0)
        Q_EMIT dataChanged(index(firstNew - 1, 0), index(firstNew - 1, kBlockColumns.count() - 1),
                           {IntervalRole});
}

void BlockListModel::follow(const LiveFeed &feed)
{
    // Asking a first page of its own (a view's fetchMore) before the feed's
    // could end below the height its heads continue from: a gap. After it,
    // a page of its own is at the node's head or above the feed's, and the
    // heads it repeats are dropped.
    if (!feed.hasFirstPage())
        awaitFirstPage();
    connect(&feed, &LiveFeed::firstPageArrived, this, &BlockListModel::seed);
    connect(&feed, &LiveFeed::firstPageFailed, this, &BlockListModel::seedFailed);
    connect(&feed, &LiveFeed::headArrived, this, &BlockListModel::addHead);
}
