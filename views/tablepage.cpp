#include "views/tablepage.h"

#include "models/addressbook.h"
#include "models/livelistmodel.h"
#include "models/location.h"
#include "views/addresslabeldelegate.h"
#include "views/exportbutton.h"
#include "views/linkactions.h"
#include "views/theme.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QResizeEvent>
#include <QScrollBar>
#include <QVBoxLayout>
#include <algorithm>

// Fitting waits until the page shows (a hidden table has no viewport to
// measure against) and runs once per pass of the event loop, however many
// rows a page or a burst of heads brings. It measures the rows on screen and
// the first 200 below them, so a live list costs the same at any length, and
// no column but the last (which stretches) is wider than two fifths of the
// table, so one long value does not push the rest out of sight.
void TablePage::fitColumns(QAbstractItemModel *model)
{
    auto schedule = [this] {
        if (!m_readerSized)
            m_fit.start();
    };
    connect(model, &QAbstractItemModel::rowsInserted, this, schedule);
    connect(model, &QAbstractItemModel::modelReset, this, schedule);
    connect(model, &QAbstractItemModel::dataChanged, this, schedule);
    connect(model, &QAbstractItemModel::layoutChanged, this, schedule);
    schedule();
}

void TablePage::fitNow()
{
    if (!isVisible() || m_readerSized || !m_table->model())
        return; // showEvent asks again
    m_fitting = true;
    QHeaderView *header = m_table->horizontalHeader();
    // After the first fit, columns only widen: ages tick every second and
    // shorten as often as they lengthen ("59 s" to "1 min"), which must not
    // make the table twitch.
    QList<int> before;
    for (int c = 0; c < header->count(); ++c)
        before.append(m_table->columnWidth(c));
    m_table->resizeColumnsToContents();
    int natural = m_table->width() - m_table->viewport()->width();
    for (int c = 0; c < header->count(); ++c)
        natural += header->isSectionHidden(c) ? 0 : m_table->columnWidth(c);
    const int cap = std::max(160, m_table->viewport()->width() * 2 / 5);
    int stretching = header->count() - 1; // the last shown column
    while (stretching > 0 && header->isSectionHidden(stretching))
        --stretching;
    QList<int> widths;
    for (int c = 0; c < header->count(); ++c) {
        // The stretching column's width before was its stretch, not its content.
        const bool widening = m_fitted && c != stretching;
        const int width =
            widening ? std::max(before.value(c), m_table->columnWidth(c)) : m_table->columnWidth(c);
        widths.append(header->isSectionHidden(c) ? 0 : std::min(width, cap));
    }
    const QList<int> fitted = withinWidth(widths, stretching, m_table->viewport()->width());
    for (int c = 0; c + 1 < header->count(); ++c)
        m_table->setColumnWidth(c, fitted[c]);
    // resizeColumnsToContents sized the last column too, which ends its
    // stretch: given back, it takes the rest of the width again. The width
    // it has when the stretch begins is its least, so it is given its
    // content's first (else an earlier, wider one keeps the table scrolling).
    header->setStretchLastSection(false);
    if (stretching >= 0 && !header->isSectionHidden(stretching))
        m_table->setColumnWidth(stretching, fitted[stretching]);
    header->setStretchLastSection(true);
    m_fitted = m_table->model()->rowCount() > 0;
    m_fitting = false;
    if (m_fitted && natural > m_natural) {
        m_natural = natural;
        Q_EMIT naturalWidthGrew();
    }
}

// Too narrow for every column whole (the Live page's halves at 1024 px):
// the widest give first, each down to its header's width at least, their
// text shortened with its full value a hover or Ctrl+C away, rather than a
// scrollbar hiding the columns on the right. The stretching column (the
// last shown) is wanted whole; it stretches over whatever is left. Hidden
// columns are 0 wide.
QList<int> TablePage::withinWidth(QList<int> widths, int last, int room) const
{
    // The column the rows are about (an object's name) stays whole while
    // the others can give way enough; else it gives way with them.
    const bool keep =
        m_keepWhole >= 0 && m_keepWhole < last && widths.value(m_keepWhole) > 0 && [&] {
            int least = widths.value(last) + widths[m_keepWhole];
            for (int c = 0; c < last; ++c)
                least += c == m_keepWhole || widths[c] == 0 ? 0 : floorOf(c);
            return least <= room;
        }();
    auto capped = [&](int c, int ceiling) {
        return keep && c == m_keepWhole ? widths[c]
                                        : std::max(floorOf(c), std::min(widths[c], ceiling));
    };
    auto total = [&](int ceiling) {
        int sum = widths.value(last);
        for (int c = 0; c < last; ++c)
            sum += widths[c] == 0 ? 0 : capped(c, ceiling);
        return sum;
    };
    const int widest = widths.isEmpty() ? 0 : *std::max_element(widths.begin(), widths.end());
    if (last < 1 || total(widest) <= room)
        return widths;
    int low = 0, high = widest; // the highest ceiling that fits, found by halves
    while (low < high) {
        const int mid = (low + high + 1) / 2;
        if (total(mid) <= room)
            low = mid;
        else
            high = mid - 1;
    }
    for (int c = 0; c < last; ++c) {
        if (widths[c] > 0)
            widths[c] = capped(c, low);
    }
    return widths;
}

int TablePage::floorOf(int column) const
{
    return std::max(m_table->horizontalHeader()->sectionSizeHint(column),
                    m_table->horizontalHeader()->minimumSectionSize());
}

bool TablePage::eventFilter(QObject *watched, QEvent *event)
{
    // A window made narrower or wider has another room to share out.
    if (watched == m_table->viewport()) {
        // Only a new width: a drag that changes the height measures nothing.
        if (event->type() == QEvent::Resize && !m_readerSized &&
            static_cast<QResizeEvent *>(event)->oldSize().width() !=
                static_cast<QResizeEvent *>(event)->size().width())
            m_fit.start();
        return QWidget::eventFilter(watched, event);
    }
    if (event->type() == QEvent::MouseButtonPress || event->type() == QEvent::MouseButtonDblClick)
        m_headerPressed = true;
    else if (event->type() == QEvent::MouseButtonRelease)
        m_headerPressed = false;
    return QWidget::eventFilter(watched, event);
}

void TablePage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Shown, the table is in its window and finds its tags: a tag given or
    // taken shows at once.
    if (!m_followsLabels) {
        if (LinkActions *links = LinkActions::of(this); links && links->addressBook()) {
            connect(links->addressBook(), &AddressBook::changed, m_table->viewport(),
                    qOverload<>(&QWidget::update));
            m_followsLabels = true;
        }
    }
    if (!m_readerSized)
        m_fit.start();
}

TablePage::TablePage(const QString &title, QAbstractItemModel *model, QWidget *parent)
    : QWidget(parent), m_table(new QTableView(this)), m_layout(new QVBoxLayout(this))
{
    auto *heading = new QLabel(title, this);
    Theme::makeHeading(heading);
    m_top = new QHBoxLayout;
    m_top->addWidget(heading, 1);
    m_layout->addLayout(m_top);
    m_layout->addWidget(m_table);
    m_fit.setSingleShot(true);
    m_fit.setInterval(0);
    connect(&m_fit, &QTimer::timeout, this, &TablePage::fitNow);
    m_table->horizontalHeader()->setResizeContentsPrecision(200);
    // A width the reader sets with the mouse on the header is kept. The last
    // section is left out: it stretches with the window, no choice of theirs.
    m_table->horizontalHeader()->viewport()->installEventFilter(this);
    m_table->viewport()->installEventFilter(this);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this,
            [this](int logical, int, int) {
                if (!m_fitting && m_headerPressed &&
                    logical + 1 < m_table->horizontalHeader()->count())
                    m_readerSized = true;
            });
    m_table->setItemDelegate(new AddressLabelDelegate(m_table));
    m_table->setModel(model);
    if (model)
        fitColumns(model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    // Fixed row heights: views at scale must not measure every row.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    // In this order: a resize mode given to every section takes the last
    // one's stretch away, which left the right of every table empty.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    connect(m_table, &QTableView::activated, this, &TablePage::activated);
    // Ctrl+C copies the full value (the tooltip), not the shortened text.
    auto *copy = new QAction(tr("Copy"), m_table);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(copy);
    connect(copy, &QAction::triggered, this, [this] {
        const QModelIndex index = m_table->currentIndex();
        if (index.isValid())
            QGuiApplication::clipboard()->setText(fullValue(index));
    });
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, &TablePage::showMenu);
}

QString TablePage::fullValue(const QModelIndex &index)
{
    const QString full = index.data(Qt::ToolTipRole).toString();
    return full.isEmpty() ? index.data().toString() : full;
}

// A cell that leads somewhere offers all a link does (LinkActions); any other
// cell its copy. The cell is made current first: Ctrl+C then copies it too.
void TablePage::showMenu(const QPoint &pos)
{
    const QModelIndex index = m_table->indexAt(pos);
    if (!index.isValid())
        return;
    m_table->setCurrentIndex(index);
    const QPoint at = m_table->viewport()->mapToGlobal(pos);
    const QVariant to = index.data(Location::ItemRole);
    if (LinkActions *links = LinkActions::of(this); links && to.canConvert<Location>()) {
        links
            ->menu(to.value<Location>(), fullValue(index), m_table,
                   [this, cell = QPersistentModelIndex(index)] {
                       if (cell.isValid())
                           Q_EMIT activated(cell);
                   })
            ->popup(at);
        return;
    }
    auto *menu = new QMenu(m_table);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addActions(m_table->actions());
    menu->popup(at);
}

QByteArray TablePage::readerColumns() const
{
    return m_readerSized ? m_table->horizontalHeader()->saveState() : QByteArray();
}

void TablePage::restoreReaderColumns(const QByteArray &state)
{
    if (!state.isEmpty() && m_table->horizontalHeader()->restoreState(state))
        m_readerSized = true;
}

void TablePage::holdWhileScrolled(LiveListModel *model)
{
    // A link, in the theme's link colour, as "N new — show" reads: a flat
    // button looked like a heading.
    m_newRows = new QLabel(this);
    m_newRows->setObjectName(QStringLiteral("newRows"));
    m_newRows->setTextFormat(Qt::RichText);
    m_newRows->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_newRows->setFocusPolicy(Qt::TabFocus);
    m_newRows->hide();
    m_layout->insertWidget(m_layout->indexOf(m_table), m_newRows);
    QScrollBar *bar = m_table->verticalScrollBar();
    connect(bar, &QScrollBar::valueChanged, model,
            [model](int value) { model->setHolding(value > 0); });
    // A table made again over a model held by its predecessor starts at the
    // top: it lets the rows through.
    model->setHolding(bar->value() > 0);
    connect(model, &LiveListModel::waitingChanged, m_newRows, [this](int count) {
        m_newRows->setText(QStringLiteral("<a href=\"show\">%1</a>")
                               .arg(tr("%Ln new — show", nullptr, count).toHtmlEscaped()));
        m_newRows->setVisible(count > 0);
    });
    connect(m_newRows, &QLabel::linkActivated, this, [this, model] {
        model->showWaiting();
        m_table->scrollToTop();
    });
}

void TablePage::showError(const QString &message)
{
    if (!m_error) {
        m_error = new QLabel(this);
        m_error->setStyleSheet(QStringLiteral("color: %1").arg(Theme::colour(Theme::Tone::Bad)));
        m_error->setWordWrap(true);
        m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_layout->insertWidget(m_layout->indexOf(m_table), m_error);
    }
    m_error->setText(message.isEmpty() ? QString() : tr("Could not load: %1").arg(message));
    m_error->setVisible(!message.isEmpty());
}

QString TablePage::errorText() const
{
    return m_error ? m_error->text() : QString();
}

ExportButton *TablePage::enableExport(QAbstractItemModel *shown, QAbstractItemModel *paging,
                                      const QString &suggestedName)
{
    auto *button =
        new ExportButton(shown, paging, CsvExport::columnsOf(shown), suggestedName, this);
    m_top->addWidget(button);
    return button;
}
