#pragma once

#include <QTableView>
#include <QWidget>

class QAbstractItemModel;
class QVBoxLayout;

// A titled page around one table of a list model: uniform rows, fetchMore
// as the reader scrolls, copy of full values with Ctrl+C. Lives on the GUI thread.
class TablePage : public QWidget
{
    Q_OBJECT
public:
    TablePage(const QString &title, QAbstractItemModel *model, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }
    QVBoxLayout *pageLayout() const { return m_layout; }
    void fitColumnsOnce(QAbstractItemModel *model);

Q_SIGNALS:
    void activated(const QModelIndex &index);

private:
    QTableView *m_table;
    QVBoxLayout *m_layout;
};
