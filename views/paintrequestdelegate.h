#pragma once

#include <QStyledItemDelegate>

// Paints a cell as the style does, first asking the model for `role`: the
// model's cue that the cell is on screen now (a picture to fetch, say).
// Measuring cells for their size asks nothing. Lives on the GUI thread.
class PaintRequestDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    PaintRequestDelegate(int role, QObject *parent = nullptr)
        : QStyledItemDelegate(parent), m_role(role)
    {
    }
    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override
    {
        index.data(m_role);
        QStyledItemDelegate::paint(painter, option, index);
    }

private:
    int m_role;
};
