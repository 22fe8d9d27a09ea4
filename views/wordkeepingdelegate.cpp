#include "views/wordkeepingdelegate.h"

#include <QApplication>
#include <QPainter>
#include <QRegularExpression>
#include <QTreeView>
#include <optional>

namespace {

// A hash worth shortening: one that is still a hash with its middle gone.
const QRegularExpression &hexRun()
{
    static const QRegularExpression re(QStringLiteral("0x[0-9a-fA-F]{9,}"));
    return re;
}

// `text` with every hash cut to `keep` digits at each end.
QString shortened(const QString &text, int keep)
{
    QString out;
    qsizetype from = 0;
    for (auto it = hexRun().globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out += text.mid(from, m.capturedStart() - from);
        const QString run = m.captured();
        out += run.size() - 2 > 2 * keep + 1 ? run.left(2 + keep) + QChar(0x2026) + run.right(keep)
                                             : run;
        from = m.capturedEnd();
    }
    return out + text.mid(from);
}

// Greedy wrapping between words; a word wider than the line has one to itself.
QStringList wrapped(const QString &text, const QFontMetrics &fm, int width)
{
    QStringList lines;
    QString line;
    for (const QString &word : text.split(u' ', Qt::SkipEmptyParts)) {
        const QString longer = line.isEmpty() ? word : line + u' ' + word;
        if (!line.isEmpty() && fm.horizontalAdvance(longer) > width) {
            lines << line;
            line = word;
        } else {
            line = longer;
        }
    }
    if (!line.isEmpty() || lines.isEmpty())
        lines << line;
    return lines;
}

} // namespace

WordKeepingDelegate::WordKeepingDelegate(QTreeView *view) : QStyledItemDelegate(view), m_view(view)
{
}

QStringList WordKeepingDelegate::layout(const QString &text, const QFontMetrics &fm, int width)
{
    // The longest ends that fit; at three digits a side a hash says nothing
    // more by getting shorter, and the words wrap instead.
    constexpr int kLeast = 3;
    const auto fitted = [&](const QString &line) -> std::optional<QString> {
        if (fm.horizontalAdvance(line) <= width)
            return line;
        for (int keep = 32; keep >= kLeast; --keep) {
            const QString candidate = shortened(line, keep);
            if (fm.horizontalAdvance(candidate) <= width)
                return candidate;
        }
        return std::nullopt;
    };
    if (const auto one = fitted(text))
        return {*one};
    // Wrapped as if every hash were at its shortest, then each line's
    // hashes as long again as that line has room for.
    QStringList lines = wrapped(shortened(text, kLeast), fm, width);
    const QStringList words = text.split(u' ', Qt::SkipEmptyParts);
    qsizetype next = 0;
    for (QString &line : lines) {
        const qsizetype count = line.split(u' ', Qt::SkipEmptyParts).size();
        const QString whole = words.mid(next, count).join(u' ');
        next += count;
        line = fitted(whole).value_or(line);
    }
    return lines;
}

int WordKeepingDelegate::textMargin() const
{
    const QStyle *style = m_view->style();
    return style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 1;
}

QStringList WordKeepingDelegate::linesIn(const QRect &cell, const QModelIndex &index) const
{
    const QFontMetrics fm(m_view->font());
    return layout(index.data().toString(), fm, cell.width() - 2 * textMargin());
}

int WordKeepingDelegate::cellWidth(const QModelIndex &index) const
{
    int width = m_view->columnWidth(index.column());
    if (index.column() == 0) {
        int depth = m_view->rootIsDecorated() ? 1 : 0;
        for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
            ++depth;
        width -= depth * m_view->indentation();
    }
    return width;
}

QSize WordKeepingDelegate::sizeHint(const QStyleOptionViewItem &option,
                                    const QModelIndex &index) const
{
    QSize natural = QStyledItemDelegate::sizeHint(option, index);
    const int width = cellWidth(index);
    if (width <= 0)
        return natural;
    const int lines = static_cast<int>(linesIn(QRect(0, 0, width, 1), index).size());
    const QFontMetrics fm(m_view->font());
    natural.setHeight(
        std::max(natural.height(), natural.height() + (lines - 1) * fm.lineSpacing()));
    return natural;
}

void WordKeepingDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    // The background, the selection and the focus as the style draws them;
    // the words ours.
    opt.text.clear();
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    const QStringList lines = linesIn(option.rect, index);
    const QFontMetrics fm(m_view->font());
    const int height = static_cast<int>(lines.size()) * fm.lineSpacing();
    const QRect text = option.rect.adjusted(textMargin(), 0, -textMargin(), 0);
    const QPalette::ColorGroup group = !(opt.state & QStyle::State_Enabled) ? QPalette::Disabled
                                       : (opt.state & QStyle::State_Active) ? QPalette::Normal
                                                                            : QPalette::Inactive;
    painter->save();
    painter->setFont(m_view->font());
    painter->setPen(opt.palette.color(
        group, (opt.state & QStyle::State_Selected) ? QPalette::HighlightedText : QPalette::Text));
    int y = text.top() + (text.height() - height) / 2;
    for (const QString &line : lines) {
        painter->drawText(QRect(text.left(), y, text.width(), fm.lineSpacing()),
                          Qt::AlignLeft | Qt::AlignVCenter, line);
        y += fm.lineSpacing();
    }
    painter->restore();
}
