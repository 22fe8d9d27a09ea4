#include "views/objectgridview.h"

#include "models/objectlistmodel.h"
#include "views/animationclock.h"
#include "views/linkactions.h"
#include "views/objectthumbnaildelegate.h"
#include "views/pageregistry.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPaintEvent>
#include <QPainter>
#include <QResizeEvent>

ObjectGridView::ObjectGridView(const PageContext &context, int thumbnailSize, QWidget *parent)
    : QListView(parent), m_clock(context.clock),
      m_delegate(new ObjectThumbnailDelegate(
          context.clock, thumbnailSize, [this](int row, int frame) { m_shown.insert(row, frame); },
          this))
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
    // QListView lays a left-to-right flow out as if an as-needed scroll bar
    // were always there, while the viewport is wider until it shows: a
    // count of columns from the viewport was then one too many, and a
    // grouped grid wrapped an object under its collection's heading. With
    // the bar always there, both measure the same width.
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setMotion(context.preferences->motion());
    connect(context.preferences, &ViewPreferences::motionChanged, this, &ObjectGridView::setMotion);
    connect(m_clock, &AnimationClock::ticked, this, &ObjectGridView::advance);
    // Copy the key from the menu or with Ctrl+C; the menu also offers what
    // any link does (LinkActions) and the owner's full address.
    auto *copyKey = new QAction(tr("Copy key"), this);
    copyKey->setShortcut(QKeySequence::Copy);
    copyKey->setShortcutContext(Qt::WidgetShortcut);
    addAction(copyKey);
    connect(copyKey, &QAction::triggered, this, [this] {
        if (currentIndex().isValid())
            QGuiApplication::clipboard()->setText(
                currentIndex().data(ObjectListModel::KeyRole).toString());
    });
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, &ObjectGridView::showMenu);
}

void ObjectGridView::showMenu(const QPoint &pos)
{
    const QModelIndex index = indexAt(pos);
    const auto to = index.isValid()
                        ? Location::ofObjectKey(index.data(ObjectListModel::KeyRole).toString())
                        : std::nullopt;
    if (!to)
        return;
    setCurrentIndex(index);
    const QString owner = index.data(ObjectListModel::OwnerRole).toString();
    LinkActions *links = LinkActions::of(this);
    QMenu *menu = links ? links->menu(*to, to->key, this,
                                      [this, tile = QPersistentModelIndex(index)] {
                                          if (tile.isValid())
                                              Q_EMIT activated(tile);
                                      })
                        : new QMenu(this);
    if (!links) {
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->addActions(actions());
    }
    menu->addSeparator();
    menu->addAction(tr("Copy owner"), this, [this, owner] { LinkActions::copyFrom(this, owner); });
    menu->popup(viewport()->mapToGlobal(pos));
}

void ObjectGridView::setModel(QAbstractItemModel *model)
{
    QListView::setModel(model);
    if (model) {
        connect(model, &QAbstractItemModel::modelReset, this, [this] { m_shown.clear(); });
        connect(model, &QAbstractItemModel::rowsRemoved, this, [this] { m_shown.clear(); });
    }
}

QRect ObjectGridView::thumbnailRect(const QRect &cell) const
{
    return m_delegate->thumbnailRect(cell);
}

int ObjectGridView::columns() const
{
    // As QListView's icon flow counts them: a cell goes on a line while it
    // ends before the last pixel, so a width of exactly n cells holds n - 1.
    return std::max(1, (viewport()->width() - 1) / std::max(1, gridSize().width()));
}

void ObjectGridView::resizeEvent(QResizeEvent *event)
{
    fitCells();
    QListView::resizeEvent(event);
    if (columns() != m_columns) {
        m_columns = columns();
        Q_EMIT columnsChanged(m_columns);
    }
}

// The cells widened to share the width, so that the grid fills it (no
// blank column at its right) and a caption has the room.
void ObjectGridView::fitCells()
{
    const QSize least = m_delegate->cellSize();
    const int width = viewport()->width() - 1;
    const int n = std::max(1, width / std::max(1, least.width()));
    const QSize cell(std::max(least.width(), width / n), least.height());
    if (cell == gridSize())
        return;
    m_delegate->setCellWidth(cell.width());
    setGridSize(cell);
}

void ObjectGridView::setMotion(Motion motion)
{
    m_motion = motion;
    m_delegate->setAnimate(motion != Motion::Off);
    m_delegate->setOnlyRow(motion == Motion::OnHover ? m_hovered : -2);
    setMouseTracking(motion == Motion::OnHover);
    m_shown.clear();
    viewport()->update();
}

void ObjectGridView::hover(int row)
{
    if (row == m_hovered)
        return;
    const int before = m_hovered;
    m_hovered = row;
    if (m_motion != Motion::OnHover || !model())
        return;
    m_delegate->setOnlyRow(row);
    m_shown.clear();
    for (int r : {before, row}) {
        if (r >= 0 && r < model()->rowCount())
            viewport()->update(visualRect(model()->index(r, 0)));
    }
}

void ObjectGridView::mouseMoveEvent(QMouseEvent *event)
{
    QListView::mouseMoveEvent(event);
    hover(indexAt(event->position().toPoint()).row());
}

void ObjectGridView::mousePressEvent(QMouseEvent *event)
{
    QListView::mousePressEvent(event);
    const bool plain = event->button() == Qt::LeftButton && event->modifiers() == Qt::NoModifier;
    m_pressed = plain ? QPersistentModelIndex(indexAt(event->position().toPoint()))
                      : QPersistentModelIndex();
}

void ObjectGridView::mouseReleaseEvent(QMouseEvent *event)
{
    QListView::mouseReleaseEvent(event);
    const QModelIndex at = indexAt(event->position().toPoint());
    const bool same = m_pressed.isValid() && at == m_pressed;
    m_pressed = QPersistentModelIndex();
    // A style that opens on one click (KDE's) has opened it already.
    const bool styleOpens =
        style()->styleHint(QStyle::SH_ItemView_ActivateItemOnSingleClick, nullptr, this) != 0;
    if (same && event->button() == Qt::LeftButton && !styleOpens)
        Q_EMIT activated(at);
}

void ObjectGridView::mouseDoubleClickEvent(QMouseEvent *event)
{
    // The first click opened the tile already: a second is not another.
    event->accept();
}

void ObjectGridView::leaveEvent(QEvent *event)
{
    QListView::leaveEvent(event);
    hover(-1);
}

void ObjectGridView::paintEvent(QPaintEvent *event)
{
    const bool framesOnly =
        !m_frameChanges.isEmpty() && (event->region() - m_frameRegion).isEmpty();
    if (framesOnly) {
        QPainter painter(viewport());
        for (const FrameChange &c : std::as_const(m_frameChanges)) {
            const bool selected =
                selectionModel() && selectionModel()->isSelected(model()->index(c.row, 0));
            // An opaque frame covering the square needs nothing under it.
            // Otherwise the backdrop is copied from an opaque image, not
            // filled: small solid fills go through the GUI thread pool, whose
            // wake-ups cost more than the fill.
            if (c.image.hasAlphaChannel() || c.image.size() != c.square.size()) {
                QImage &backdrop = selected ? m_selectedBackdrop : m_backdrop;
                const QColor colour =
                    selected ? palette().highlight().color() : palette().base().color();
                if (backdrop.size() != c.square.size() || backdrop.pixelColor(0, 0) != colour) {
                    backdrop = QImage(c.square.size(), QImage::Format_RGB32);
                    backdrop.fill(colour);
                }
                ObjectThumbnailDelegate::drawBanded(&painter, c.square.topLeft(), backdrop);
            }
            const QPoint at(c.square.left() + (c.square.width() - c.image.width()) / 2,
                            c.square.top() + (c.square.height() - c.image.height()) / 2);
            ObjectThumbnailDelegate::drawBanded(&painter, at, c.image);
            m_delegate->paintAuditMark(&painter, c.square, model()->index(c.row, 0));
            m_shown.insert(c.row, c.frame);
        }
    }
    m_frameChanges.clear();
    m_frameRegion = QRegion();
    if (!framesOnly)
        QListView::paintEvent(event);
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
    if (m_motion == Motion::Off || !model())
        return;
    const QRect visible = viewport()->rect();
    for (auto it = m_shown.begin(); it != m_shown.end();) {
        const QModelIndex index = model()->index(it.key(), 0);
        const QRect rect = visualRect(index);
        if (!index.isValid() || !rect.intersects(visible)) {
            it = m_shown.erase(it); // scrolled away: forget it until painted again
            continue;
        }
        const auto thumbnail =
            index.data(ObjectListModel::FramesRole).value<std::shared_ptr<const Thumbnail>>();
        if (!thumbnail) {
            it = m_shown.erase(it);
            continue;
        }
        const int frame = thumbnail->frameIndexAt(nowMs);
        if (frame != it.value()) {
            const QRect square = m_delegate->thumbnailRect(rect);
            m_frameChanges.append({it.key(), square, thumbnail->frames[frame], frame});
            m_frameRegion += square;
            viewport()->update(square);
        }
        ++it;
    }
}
