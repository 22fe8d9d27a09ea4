#include "views/objectthumbnaildelegate.h"

#include "models/collectiongroupsmodel.h"
#include "models/objectlistmodel.h"
#include "views/animationclock.h"
#include "views/theme.h"

#include <QApplication>
#include <QPainter>

namespace {
constexpr int kPad = 6;
}

ObjectThumbnailDelegate::ObjectThumbnailDelegate(AnimationClock *clock, int thumbnailSize,
                                                 Painted painted, QObject *parent)
    : QStyledItemDelegate(parent), m_clock(clock), m_size(thumbnailSize),
      m_painted(std::move(painted))
{
}

void ObjectThumbnailDelegate::drawBanded(QPainter *painter, QPoint at, const QImage &image)
{
    constexpr int kBand = 64;
    for (int y = 0; y < image.height(); y += kBand)
        painter->drawImage(at + QPoint(0, y), image,
                           QRect(0, y, image.width(), std::min(kBand, image.height() - y)));
}

QRect ObjectThumbnailDelegate::thumbnailRect(const QRect &cell) const
{
    return {cell.left() + (cell.width() - m_size) / 2, cell.top() + kPad, m_size, m_size};
}

QSize ObjectThumbnailDelegate::cellSize() const
{
    const int text = QFontMetrics(QApplication::font()).height();
    // The key, the rarity and the price, a line each.
    return {m_size + 2 * kPad + 24, m_size + 2 * kPad + 3 * text + 2};
}

QSize ObjectThumbnailDelegate::sizeHint(const QStyleOptionViewItem &, const QModelIndex &) const
{
    const QSize least = cellSize();
    return {std::max(least.width(), m_cellWidth), least.height()};
}

void ObjectThumbnailDelegate::paintHeading(QPainter *painter, const QStyleOptionViewItem &option,
                                           const QModelIndex &index) const
{
    const QPalette &pal = option.palette;
    const QRect tile = option.rect.adjusted(kPad, kPad, -kPad, -kPad);
    painter->setPen(QPen(pal.highlight().color(), 2));
    painter->setBrush(pal.alternateBase());
    painter->drawRoundedRect(tile, 8, 8);
    QFont bold = option.font;
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.1);
    painter->setFont(bold);
    painter->setPen(pal.text().color());
    const QRect text = tile.adjusted(8, 8, -8, -8);
    // Names break between words (and after a slug's hyphens), never inside one;
    // what still does not fit is elided.
    const QString name = index.data().toString();
    const QFontMetrics fm(bold);
    QString shown = name;
    const QRect needed = fm.boundingRect(text, Qt::AlignHCenter | Qt::TextWordWrap, shown);
    if (needed.width() > text.width() || needed.height() > text.height() - fm.height())
        shown = fm.elidedText(name, Qt::ElideMiddle, text.width());
    painter->drawText(text, Qt::AlignHCenter | Qt::AlignVCenter | Qt::TextWordWrap, shown);
    const QVariant count = index.data(CollectionGroupsModel::GroupCountRole);
    if (count.isValid()) {
        painter->setFont(option.font);
        QColor dim = pal.text().color();
        dim.setAlphaF(0.7F);
        painter->setPen(dim);
        painter->drawText(text, Qt::AlignHCenter | Qt::AlignBottom,
                          tr("%Ln object(s)", nullptr, static_cast<int>(count.toULongLong())));
    }
}

void ObjectThumbnailDelegate::paintAuditMark(QPainter *painter, const QRect &square,
                                             const QModelIndex &index) const
{
    using Mark = ObjectListModel::AuditMark;
    const int state = index.data(ObjectListModel::AuditMarkRole).toInt();
    if (state == Mark::None)
        return;
    // A disc in the corner, shaped as well as coloured (✓, ✗, or ? for what
    // the node did not answer for) for readers who do not tell green from red.
    const bool ok = state == Mark::Verified;
    const bool unchecked = state == Mark::Unchecked;
    const QRect disc(square.right() - 21, square.top() + 3, 18, 18);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(Qt::white, 1.5));
    painter->setBrush(unchecked ? QColor(Theme::colour(Theme::Tone::Waiting))
                                : QColor(Theme::colour(ok ? Theme::Tone::Good : Theme::Tone::Bad)));
    painter->drawEllipse(disc);
    QFont bold = painter->font();
    bold.setBold(true);
    painter->setFont(bold);
    painter->drawText(disc, Qt::AlignCenter,
                      unchecked ? QStringLiteral("?")
                      : ok      ? QStringLiteral("✓")
                                : QStringLiteral("✗"));
    painter->restore();
}

void ObjectThumbnailDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                    const QModelIndex &index) const
{
    // In a grid grouped by collection: a collection's heading, or a blank
    // that ends its last line.
    using Cell = CollectionGroupsModel::Cell;
    const auto cellKind = static_cast<Cell>(index.data(CollectionGroupsModel::CellRole).toInt());
    if (cellKind == Cell::Blank)
        return;
    if (cellKind == Cell::Heading) {
        painter->save();
        paintHeading(painter, option, index);
        painter->restore();
        return;
    }
    const QRect cell = option.rect;
    const QPalette &pal = option.palette;
    if (option.state & QStyle::State_Selected)
        painter->fillRect(cell.adjusted(1, 1, -1, -1), pal.highlight());
    const QRect square = thumbnailRect(cell);

    const auto thumbnail =
        index.data(ObjectListModel::FramesRole).value<std::shared_ptr<const Thumbnail>>();
    if (thumbnail) {
        const bool animate = animates(index.row());
        const int frame = animate ? thumbnail->frameIndexAt(m_clock->nowMs()) : 0;
        const QImage &image = thumbnail->frames[frame];
        drawBanded(painter,
                   QPoint(square.left() + (m_size - image.width()) / 2,
                          square.top() + (m_size - image.height()) / 2),
                   image);
        if (animate && thumbnail->animated() && m_painted)
            m_painted(index.row(), frame);
    } else {
        painter->setPen(Qt::NoPen);
        painter->setBrush(pal.alternateBase());
        painter->drawRoundedRect(square, 6, 6);
    }

    paintAuditMark(painter, square, index);

    const QFontMetrics fm = option.fontMetrics;
    const QColor text = (option.state & QStyle::State_Selected) ? pal.highlightedText().color()
                                                                : pal.text().color();
    painter->setPen(text);
    const QRect keyRect(cell.left() + 2, square.bottom() + 3, cell.width() - 4, fm.height());
    painter->drawText(keyRect, Qt::AlignHCenter | Qt::AlignVCenter,
                      fm.elidedText(index.data(ObjectListModel::KeyRole).toString(),
                                    Qt::ElideMiddle, keyRect.width()));
    QColor dim = text;
    dim.setAlphaF(0.75F);
    painter->setPen(dim);
    const QRect rarityRect = keyRect.translated(0, fm.height());
    painter->drawText(rarityRect, Qt::AlignHCenter | Qt::AlignVCenter,
                      fm.elidedText(index.data(ObjectListModel::RarityLineRole).toString(),
                                    Qt::ElideRight, rarityRect.width()));
    // For sale: the price in bold, as markets mark what can be bought; a
    // last sale dimmed. Not in the link colour: it is no link (the tile is).
    // Whole: a long one in a smaller type.
    const QString price = index.data(ObjectListModel::PriceLineRole).toString();
    if (price.isEmpty())
        return;
    const bool listed = index.data(ObjectListModel::ListedRole).toBool();
    painter->setPen(listed ? text : dim);
    const QRect priceRect(cell.left(), rarityRect.bottom() + 1, cell.width(), fm.height());
    QFont priceFont = option.font;
    priceFont.setBold(listed);
    const QFont fitted = fontToFit(priceFont, price, priceRect.width());
    painter->setFont(fitted);
    // Past half the type (a price of dozens of digits) its middle gives way,
    // its ends kept, rather than the cell's edge cutting it.
    painter->drawText(priceRect, Qt::AlignHCenter | Qt::AlignVCenter,
                      QFontMetrics(fitted).elidedText(price, Qt::ElideMiddle, priceRect.width()));
    painter->setFont(option.font);
}

QFont ObjectThumbnailDelegate::fontToFit(const QFont &font, const QString &text, int width)
{
    QFont smaller = font;
    for (int percent = 100; percent >= 50; percent -= 5) {
        if (font.pixelSize() > 0)
            smaller.setPixelSize(std::max(1, font.pixelSize() * percent / 100));
        else
            smaller.setPointSizeF(font.pointSizeF() * percent / 100);
        if (QFontMetrics(smaller).horizontalAdvance(text) <= width)
            break;
    }
    return smaller;
}
