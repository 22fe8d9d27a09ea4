#pragma once

#include <QTableView>
#include <QTimer>
#include <QWidget>

class LiveListModel;
class QAbstractItemModel;
class QHBoxLayout;
class QVBoxLayout;

// A titled page around one table of a list model: uniform rows, fetchMore
// as the reader scrolls, copy of full values with Ctrl+C, and a linked
// cell's menu (copy, copy as link, open, watch). Lives on the GUI thread.
class TablePage : public QWidget
{
    Q_OBJECT
public:
    TablePage(const QString &title, QAbstractItemModel *model, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }
    QVBoxLayout *pageLayout() const { return m_layout; }
    // Columns fit what their first rows hold, as rows arrive and change,
    // until the reader resizes one: from then on the reader's widths stay.
    void fitColumns(QAbstractItemModel *model);
    // The column kept whole first when the table is too narrow for all of
    // them (what its rows are about: an object's name), the others giving
    // way down to their headers.
    void keepWhole(int column) { m_keepWhole = column; }
    // For a live list: while the reader is scrolled down, new rows wait behind
    // an "N new — show" link instead of shifting the list.
    void holdWhileScrolled(LiveListModel *model);
    // A list that fails to load says why above its rows, which stay; the
    // message goes when rows arrive again.
    template <typename Model> void showErrorsOf(Model *model)
    {
        connect(model, &Model::loadFailed, this, &TablePage::showError);
        connect(model, &QAbstractItemModel::rowsInserted, this, [this] { showError({}); });
    }
    QString errorText() const;
    // The width the table needs for every column whole, frame and bars
    // included: the most its rows have needed so far (0 before rows).
    int naturalWidth() const { return m_natural; }
    // The widths the reader set (QHeaderView::saveState), empty while the
    // columns still fit themselves; restored, fitting stops as if the reader
    // had set them again.
    QByteArray readerColumns() const;
    void restoreReaderColumns(const QByteArray &state);
    // An "Export CSV…" button over the rows as shown (`shown` may be a proxy of `paging`).
    class ExportButton *enableExport(QAbstractItemModel *shown, QAbstractItemModel *paging,
                                     const QString &suggestedName);

Q_SIGNALS:
    void activated(const QModelIndex &index);
    // Rows came that need more width than any before (the first rows too):
    // naturalWidth() is larger. It only grows, so this comes a few times.
    void naturalWidthGrew();

protected:
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override; // presses on the header

private:
    void fitNow();
    QList<int> withinWidth(QList<int> widths, int last, int room) const;
    int floorOf(int column) const; // a column is never narrower than its header
    void showMenu(const QPoint &pos);
    // What Copy takes of a cell: the full value (the tooltip), not the shortened text.
    static QString fullValue(const QModelIndex &index);

    QTableView *m_table;
    QVBoxLayout *m_layout;
    QHBoxLayout *m_top; // the heading, and the export button when there is one
    void showError(const QString &message);

    QTimer m_fit;           // coalesces a burst of changes into one fit
    bool m_fitting = false; // the resizes under way are ours
    bool m_fitted = false;  // fitted to rows once: from then on only wider
    int m_natural = 0;
    int m_keepWhole = -1;
    bool m_headerPressed = false; // a mouse button is down on the header
    bool m_readerSized = false;   // the reader has set a width: fitting stops
    bool m_followsLabels = false; // repaints when the window's name tags change
    class QLabel *m_newRows = nullptr;
    class QLabel *m_error = nullptr;
};
