#pragma once

#include "models/viewpreferences.h"

#include <QHash>
#include <QImage>
#include <QListView>

class AnimationClock;
struct PageContext;
class ObjectThumbnailDelegate;

// A grid of animated thumbnails: one QListView in IconMode with uniform
// cells and a delegate (never a widget per item). On each tick of the shared
// clock only cells on screen whose frame has changed are repainted; cells
// off screen are forgotten, so they cost nothing. Lives on the GUI thread.
class ObjectGridView : public QListView
{
    Q_OBJECT
public:
    // Follows the context's clock, and its preferences' motion while it lives.
    ObjectGridView(const PageContext &context, int thumbnailSize, QWidget *parent = nullptr);

    using Motion = ViewPreferences::Motion;
    Motion motion() const { return m_motion; }
    int animatedCellsOnScreen() const { return static_cast<int>(m_shown.size()); }

    void setModel(QAbstractItemModel *model) override;
    // Cells on one line at the current width.
    int columns() const;
    // Where a cell's picture is drawn (and its audit mark, at its corner).
    QRect thumbnailRect(const QRect &cell) const;

Q_SIGNALS:
    void columnsChanged(int columns);

protected:
    void setMotion(Motion motion);
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    // A tile opens on one click, as a link does (the style's double click
    // only selected it first); with a modifier it selects, as in a list.
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    QPersistentModelIndex m_pressed; // the tile a plain left press went down on
    void fitCells();
    void showMenu(const QPoint &pos);
    void advance(qint64 nowMs);

    AnimationClock *m_clock;
    ObjectThumbnailDelegate *m_delegate;
    QHash<int, int> m_shown; // row -> frame painted, for animated cells on screen
    // Frame changes due this tick: painted straight onto the viewport, without
    // the item view's per-item machinery, when nothing else needs painting.
    struct FrameChange
    {
        int row;
        QRect square;
        QImage image;
        int frame;
    };
    QList<FrameChange> m_frameChanges;
    QRegion m_frameRegion;
    QImage m_backdrop;
    QImage m_selectedBackdrop;
    bool m_watching = false;
    Motion m_motion = Motion::Always;
    int m_hovered = -1;
    int m_columns = 0;
    void hover(int row);
};
