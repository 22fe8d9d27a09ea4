#pragma once

#include <QStyledItemDelegate>

#include <functional>

class AnimationClock;

// Paints one grid cell: the thumbnail's frame for the clock's time (or a
// placeholder until it is decoded), the object's key and rarity. Tells its
// view which frame it painted, so the view repaints a cell only when its
// frame changes. Lives on the GUI thread.
class ObjectThumbnailDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using Painted = std::function<void(int row, int frame)>;
    ObjectThumbnailDelegate(AnimationClock *clock, int thumbnailSize, Painted painted, QObject *parent = nullptr);

    QSize cellSize() const;
    void setAnimate(bool animate) { m_animate = animate; }

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    AnimationClock *m_clock;
    int m_size;
    Painted m_painted;
    bool m_animate = true;
};
