#pragma once

#include <QStyledItemDelegate>
#include <functional>

class AnimationClock;

// Paints one grid cell: the thumbnail's frame for the clock's time (or a
// placeholder until it is decoded), the object's key, rarity and price; in a grid
// grouped by collection, also a collection's heading or a blank. Tells its
// view which frame it painted, so the view repaints a cell only when its
// frame changes. Lives on the GUI thread.
class ObjectThumbnailDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using Painted = std::function<void(int row, int frame)>;
    ObjectThumbnailDelegate(AnimationClock *clock, int thumbnailSize, Painted painted,
                            QObject *parent = nullptr);

    // The least cell: the thumbnail, its padding and three lines of text.
    QSize cellSize() const;
    // The cells as wide as the view lays them out (at least cellSize()).
    void setCellWidth(int width) { m_cellWidth = width; }
    // Where a cell's picture goes: all a frame change needs repainted.
    QRect thumbnailRect(const QRect &cell) const;
    // Draws an image unscaled, in bands of fewer than 96 lines: the raster
    // engine hands taller blits to the GUI thread pool, and for a thumbnail
    // the threads' wake-ups cost several times the copy (tests/bench).
    static void drawBanded(QPainter *painter, QPoint at, const QImage &image);
    void setAnimate(bool animate) { m_animate = animate; }
    // -2: every row animates; -1: none; n: only row n (animation on hover).
    void setOnlyRow(int row) { m_onlyRow = row; }
    bool animates(int row) const { return m_animate && (m_onlyRow == -2 || m_onlyRow == row); }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    // What an audit found, drawn over the thumbnail's corner: also after a
    // frame alone was repainted, which covers the square.
    void paintAuditMark(QPainter *painter, const QRect &square, const QModelIndex &index) const;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    // `font`, smaller as far as half its size, so that `text` fits in
    // `width`: a price is never cut.
    static QFont fontToFit(const QFont &font, const QString &text, int width);

private:
    void paintHeading(QPainter *painter, const QStyleOptionViewItem &option,
                      const QModelIndex &index) const;

    AnimationClock *m_clock;
    int m_size;
    Painted m_painted;
    bool m_animate = true;
    int m_onlyRow = -2;
    int m_cellWidth = 0;
};
