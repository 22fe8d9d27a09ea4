#include "models/collectiongroupsmodel.h"

#include "models/location.h"

CollectionGroupsModel::CollectionGroupsModel(QAbstractItemModel *source, int slugRole,
                                             QObject *parent)
    : QAbstractListModel(parent), m_source(source), m_slugRole(slugRole)
{
    connect(source, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &under, int first, int last) {
                if (!under.isValid() && first == static_cast<int>(m_rowOfSource.size()))
                    appendSource(first, last);
                else
                    rebuild();
            });
    connect(source, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &from, const QModelIndex &to, const QList<int> &roles) {
                // A collection never changes under a row; thumbnails arrive here.
                for (int r = from.row(); r <= to.row(); ++r) {
                    const QModelIndex i = mapFromSource(m_source->index(r, 0));
                    if (i.isValid())
                        Q_EMIT dataChanged(i, i, roles);
                }
            });
    connect(source, &QAbstractItemModel::modelReset, this, &CollectionGroupsModel::rebuild);
    connect(source, &QAbstractItemModel::layoutChanged, this, &CollectionGroupsModel::rebuild);
    connect(source, &QAbstractItemModel::rowsRemoved, this, &CollectionGroupsModel::rebuild);
    connect(source, &QAbstractItemModel::rowsMoved, this, &CollectionGroupsModel::rebuild);
    rebuild();
}

QString CollectionGroupsModel::slugOf(int sourceRow) const
{
    return m_source->index(sourceRow, 0).data(m_slugRole).toString();
}

std::vector<CollectionGroupsModel::Entry> CollectionGroupsModel::layOut(int first, int last) const
{
    std::vector<Entry> out;
    QString slug = m_rows.empty() ? QString() : m_rows.back().slug;
    // Where the last line stands: cells already on it.
    int onLine = static_cast<int>(m_rows.size()) % m_columns;
    for (int r = first; r <= last; ++r) {
        const QString s = slugOf(r);
        if (s != slug || (m_rows.empty() && out.empty())) {
            // The run before ends its line; the next one opens with its heading.
            while (onLine != 0 && m_columns > 1) {
                out.push_back({Cell::Blank, -1, slug});
                onLine = (onLine + 1) % m_columns;
            }
            out.push_back({Cell::Heading, -1, s});
            onLine = (onLine + 1) % m_columns;
            slug = s;
        }
        out.push_back({Cell::Object, r, s});
        onLine = (onLine + 1) % m_columns;
    }
    return out;
}

void CollectionGroupsModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    m_rowOfSource.clear();
    const int n = m_source->rowCount();
    if (n > 0) {
        m_rows = layOut(0, n - 1);
        m_rowOfSource.assign(static_cast<std::size_t>(n), -1);
        for (std::size_t i = 0; i < m_rows.size(); ++i) {
            if (m_rows[i].source >= 0)
                m_rowOfSource[static_cast<std::size_t>(m_rows[i].source)] = static_cast<int>(i);
        }
    }
    endResetModel();
}

void CollectionGroupsModel::appendSource(int first, int last)
{
    std::vector<Entry> more = layOut(first, last);
    const int at = static_cast<int>(m_rows.size());
    beginInsertRows({}, at, at + static_cast<int>(more.size()) - 1);
    m_rowOfSource.resize(static_cast<std::size_t>(last + 1), -1);
    for (std::size_t i = 0; i < more.size(); ++i) {
        if (more[i].source >= 0)
            m_rowOfSource[static_cast<std::size_t>(more[i].source)] = at + static_cast<int>(i);
        m_rows.push_back(std::move(more[i]));
    }
    endInsertRows();
}

void CollectionGroupsModel::setColumns(int columns)
{
    columns = std::max(1, columns);
    if (columns == m_columns)
        return;
    m_columns = columns;
    rebuild();
}

void CollectionGroupsModel::setCounts(const QHash<QString, quint64> &counts)
{
    m_counts = counts;
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].cell == Cell::Heading)
            Q_EMIT dataChanged(index(static_cast<int>(i)), index(static_cast<int>(i)),
                               {GroupCountRole, Qt::DisplayRole});
    }
}

QModelIndex CollectionGroupsModel::mapToSource(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return {};
    const int source = m_rows[static_cast<std::size_t>(index.row())].source;
    return source >= 0 ? m_source->index(source, 0) : QModelIndex();
}

QModelIndex CollectionGroupsModel::mapFromSource(const QModelIndex &source) const
{
    if (!source.isValid() || source.row() >= static_cast<int>(m_rowOfSource.size()))
        return {};
    const int row = m_rowOfSource[static_cast<std::size_t>(source.row())];
    return row >= 0 ? index(row) : QModelIndex();
}

int CollectionGroupsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant CollectionGroupsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &e = m_rows[static_cast<std::size_t>(index.row())];
    if (role == CellRole)
        return QVariant::fromValue(static_cast<int>(e.cell));
    switch (e.cell) {
    case Cell::Object:
        return m_source->index(e.source, 0).data(role);
    case Cell::Heading:
        if (role == Qt::DisplayRole || role == m_slugRole)
            return e.slug;
        if (role == Location::ItemRole)
            return QVariant::fromValue(Location::collection(e.slug));
        if (role == GroupCountRole && m_counts.contains(e.slug))
            return QVariant::fromValue(static_cast<qulonglong>(m_counts.value(e.slug)));
        return {};
    case Cell::Blank:
        return {};
    }
    return {};
}

Qt::ItemFlags CollectionGroupsModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    switch (m_rows[static_cast<std::size_t>(index.row())].cell) {
    case Cell::Object:
        return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    case Cell::Heading:
        return Qt::ItemIsEnabled | Qt::ItemNeverHasChildren; // opens its collection
    case Cell::Blank:
        return Qt::ItemNeverHasChildren;
    }
    return Qt::NoItemFlags;
}

bool CollectionGroupsModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_source->canFetchMore({});
}

void CollectionGroupsModel::fetchMore(const QModelIndex &parent)
{
    if (!parent.isValid())
        m_source->fetchMore({});
}
