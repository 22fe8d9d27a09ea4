#include "views/objectgridview.h"

#include "models/objectlistmodel.h"
#include "views/animationclock.h"
#include "views/objectthumbnaildelegate.h"

ObjectGridView::ObjectGridView(AnimationClock *clock, int thumbnailSize, QWidget *parent)
    : QListView(parent), m_clock(clock),
      m_delegate(new ObjectThumbnailDelegate(clock, thumbnailSize, [this](int row, int frame) { m_shown.insert(row, frame); }, this))
{
    setViewMode(QListView::IconMode);
    setMovement(QListView::Static);
    setResizeMode(QListView::Adjust);
    setUniformItemSizes(true); // the view never measures rows at scale
    setWrapping(true);
    setSpacing(0);
    setGridSize(m_delegate->cellSize());
    setItemDelegate(m_delegate);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    setMouseTracking(false);
    connect(clock, &AnimationClock::ticked, this, &ObjectGridView::advance);
}

void ObjectGridView::setModel(QAbstractItemModel *model)
{
    QListView::setModel(model);
    if (model) {
        connect(model, &QAbstractItemModel::modelReset, this, [this] { m_shown.clear(); });
        connect(model, &QAbstractItemModel::rowsRemoved, this, [this] { m_shown.clear(); });
    }
}

void ObjectGridView::setAnimate(bool animate)
{
    m_animate = animate;
    m_delegate->setAnimate(animate);
    m_shown.clear();
    viewport()->update();
}

void ObjectGridView::showEvent(QShowEvent *event)
{
    QListView::showEvent(event);
    if (!m_watching) {
        m_watching = true;
        m_clock->watch();
    }
}

void ObjectGridView::hideEvent(QHideEvent *event)
{
    QListView::hideEvent(event);
    if (m_watching) {
        m_watching = false;
        m_clock->unwatch();
    }
    m_shown.clear();
}

void ObjectGridView::advance(qint64 nowMs)
{
    if (!m_animate || !model())
        return;
    const QRect visible = viewport()->rect();
    for (auto it = m_shown.begin(); it != m_shown.end();) {
        const QModelIndex index = model()->index(it.key(), 0);
        const QRect rect = visualRect(index);
        if (!index.isValid() || !rect.intersects(visible)) {
            it = m_shown.erase(it); // scrolled away: forget it until painted again
            continue;
        }
        const auto thumbnail = index.data(ObjectListModel::FramesRole).value<std::shared_ptr<const Thumbnail>>();
        if (!thumbnail) {
            it = m_shown.erase(it);
            continue;
        }
        if (thumbnail->frameIndexAt(nowMs) != it.value())
            viewport()->update(rect);
        ++it;
    }
}
