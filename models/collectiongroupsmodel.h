#pragma once

#include <QAbstractListModel>
#include <QHash>
#include <vector>

// A flat list of objects ordered by collection, shown as a grid grouped by
// collection: a heading cell opens each run of rows of one collection, and
// blank cells end the run's last line, so every collection starts a line of
// its own. The source only grows at its end while paged in; that becomes
// inserts at the end here too, so a view keeps its place. Other changes to
// the source start over. Lives on the GUI thread.
class CollectionGroupsModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum class Cell { Object, Heading, Blank };
    enum Role {
        CellRole = Qt::UserRole + 60, // Cell
        GroupCountRole,               // a heading's object count, when known
    };

    // `slugRole` names the collection of a source row.
    CollectionGroupsModel(QAbstractItemModel *source, int slugRole, QObject *parent = nullptr);

    // Cells per line of the view; 1 puts no blanks at all.
    void setColumns(int columns);
    int columns() const { return m_columns; }
    // Whole-collection counts for the headings (the rows may still be paging in).
    void setCounts(const QHash<QString, quint64> &counts);

    QModelIndex mapToSource(const QModelIndex &index) const;
    QModelIndex mapFromSource(const QModelIndex &source) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

private:
    struct Entry
    {
        Cell cell;
        int source; // the source row of an object, else -1
        QString slug;
    };
    // The cells for source rows [first, last], after what is laid out already.
    std::vector<Entry> layOut(int first, int last) const;
    void rebuild();
    void appendSource(int first, int last);
    QString slugOf(int sourceRow) const;

    QAbstractItemModel *m_source;
    int m_slugRole;
    int m_columns = 1;
    QHash<QString, quint64> m_counts;
    std::vector<Entry> m_rows;
    std::vector<int> m_rowOfSource;
};
