#include "models/activitylistmodel.h"

#include "core/restclient.h"
#include "models/displayformat.h"

ActivityListModel::ActivityListModel(gifscan::RestClient *rest, QObject *parent) : QAbstractTableModel(parent), m_rest(rest)
{
    m_flush.setInterval(250);
    m_flush.setSingleShot(true);
    connect(&m_flush, &QTimer::timeout, this, &ActivityListModel::flush);
}

void ActivityListModel::setFilter(const QStringList &types, const QString &collection)
{
    if (types == m_types && collection == m_collection && m_started)
        return;
    // Another question: start over.
    beginResetModel();
    ++m_generation;
    m_types = types;
    m_collection = collection;
    m_rows.clear();
    m_pending.clear();
    m_ids.clear();
    m_cursor.clear();
    m_fetching = false;
    m_started = false;
    m_atEnd = false;
    endResetModel();
}

bool ActivityListModel::accepts(const gifscan::ActivityEntry &e) const
{
    return (m_types.isEmpty() || m_types.contains(e.type)) && (m_collection.isEmpty() || m_collection == e.slug);
}

void ActivityListModel::addEvent(const gifscan::ActivityEntry &entry)
{
    if (!accepts(entry) || m_ids.contains(entry.id))
        return;
    m_ids.insert(entry.id);
    m_pending.push_back(entry);
    if (!m_flush.isActive())
        m_flush.start();
}

void ActivityListModel::flush()
{
    if (m_pending.empty())
        return;
    if (!m_started) {
        m_flush.start();
        return;
    }
    beginInsertRows({}, 0, static_cast<int>(m_pending.size()) - 1);
    for (const auto &e : m_pending)
        m_rows.push_front(e);
    m_pending.clear();
    endInsertRows();
}

int ActivityListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ActivityListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ActivityListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const gifscan::ActivityEntry &e = m_rows[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case TypeColumn: return e.type;
        case ObjectColumn: return e.key;
        case FromColumn: return e.from ? DisplayFormat::shortHex(*e.from) : QString();
        case ToColumn: return e.to ? DisplayFormat::shortHex(*e.to) : QString();
        case PriceColumn: return e.price ? DisplayFormat::amount(*e.price) : QString();
        case HeightColumn: return QLocale().toString(static_cast<qulonglong>(e.height));
        }
    } else if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case FromColumn: return e.from ? gifscan::toHexString(*e.from) : QVariant();
        case ToColumn: return e.to ? gifscan::toHexString(*e.to) : QVariant();
        case HeightColumn: return DisplayFormat::timestamp(e.timestamp, QLocale::LongFormat);
        }
    } else if (role == EntryRole) {
        return QVariant::fromValue(e);
    } else if (role == KeyRole) {
        return e.key;
    } else if (role == TxHashRole) {
        return gifscan::toHexString(e.txHash);
    }
    return {};
}

QVariant ActivityListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TypeColumn: return tr("Type");
    case ObjectColumn: return tr("Object");
    case FromColumn: return tr("From");
    case ToColumn: return tr("To");
    case PriceColumn: return tr("Price");
    case HeightColumn: return tr("Block");
    }
    return {};
}

bool ActivityListModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_atEnd;
}

void ActivityListModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid() || m_fetching || m_atEnd)
        return;
    m_fetching = true;
    gifscan::RestClient::ActivityQuery q;
    q.types = m_types;
    q.collection = m_collection;
    const int generation = m_generation;
    m_rest->activity(q, m_cursor, 50, this, [this, generation](const gifscan::Result<gifscan::Page<gifscan::ActivityEntry>> &r) {
        if (generation != m_generation)
            return;
        m_fetching = false;
        if (!r.ok()) {
            Q_EMIT loadFailed(r.error.toString());
            return;
        }
        std::vector<gifscan::ActivityEntry> rows;
        for (const auto &e : r.value->data) {
            if (!m_ids.contains(e.id)) {
                m_ids.insert(e.id);
                rows.push_back(e);
            }
        }
        if (!rows.empty()) {
            const int first = static_cast<int>(m_rows.size());
            beginInsertRows({}, first, first + static_cast<int>(rows.size()) - 1);
            m_rows.insert(m_rows.end(), rows.begin(), rows.end());
            endInsertRows();
        }
        m_cursor = r.value->cursor;
        m_atEnd = m_cursor.isEmpty();
        if (!m_started) {
            m_started = true;
            // Live events older than the first page's top are in it already.
            const std::uint64_t top = r.value->height;
            std::erase_if(m_pending, [top](const gifscan::ActivityEntry &e) { return e.height <= top; });
            flush();
        }
    });
}
