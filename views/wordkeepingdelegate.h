#pragma once

#include <QStyledItemDelegate>

class QTreeView;

// Draws a cell's text with every word whole. When the text is wider than
// its column, the hashes in it (0x and nine or more hex digits) give way
// first, in their middle, as a hash is recognised by its ends (the full
// value is in the tooltip and under Copy); what still does not fit wraps
// between words onto more lines, and the row grows to hold them. Never an
// ellipsis over a word ("owned by 0…db1c", "signed by 4 …s"). For a tree
// without uniform row heights. Lives on the GUI thread.
class WordKeepingDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit WordKeepingDelegate(QTreeView *view);

    // The lines `text` is drawn as in `width` pixels.
    static QStringList layout(const QString &text, const QFontMetrics &fm, int width);
    // The lines of `index`'s text in a cell at `cell` (a visual rect).
    QStringList linesIn(const QRect &cell, const QModelIndex &index) const;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int textMargin() const;
    // Where the cell of `index` is when the tree lays it out: the column's
    // width less, in the first column, the indentation of its depth.
    int cellWidth(const QModelIndex &index) const;

    QTreeView *m_view;
};
