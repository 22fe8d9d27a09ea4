// The lists' columns as the window fits them: every list's first rows
// whole on a fresh start, and the Live page's two halves in a narrow
// window, in English and in German.
#include "models/activitylistmodel.h"
#include "models/blocklistmodel.h"
#include "tests/support/widgets.h"
#include "tests/views/fakeexplorer.h"
#include "translations/translations.h"
#include "views/mainwindow.h"
#include "views/tablepage.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTableView>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {
// What is wrong with a table's columns once its values are in: a column
// narrower than its values (up to two fifths of the table) while there is
// room for all; when there is not, one narrower than its header, or the
// table scrolling sideways (the widest give first, their text shortened).
// A column's whole width: its values or its header, whichever is wider (as
// resizeColumnsToContents has it), up to two fifths of the table.
int wholeWidth(const QTableView *table, int column)
{
    const int cap = std::max(160, table->viewport()->width() * 2 / 5);
    return std::min(
        std::max(static_cast<const QAbstractItemView *>(table)->sizeHintForColumn(column),
                 table->horizontalHeader()->sectionSizeHint(column)),
        cap);
}

// Too narrow for every column whole.
bool crowded(const QTableView *table)
{
    int all = 0;
    for (int c = 0; c < table->model()->columnCount(); ++c)
        all += table->isColumnHidden(c) ? 0 : wholeWidth(table, c);
    return all > table->viewport()->width();
}

QStringList cutColumns(const QTableView *table)
{
    QStringList found;
    const int columns = table->model()->columnCount();
    const QHeaderView *header = table->horizontalHeader();
    const bool tight = crowded(table);
    if (table->horizontalScrollBar()->maximum() > 0) {
        QStringList widths;
        for (int c = 0; c < columns; ++c)
            widths << QString::number(table->columnWidth(c));
        found << QStringLiteral("scrolls sideways (%1 in %2)")
                     .arg(widths.join(u'+'))
                     .arg(table->viewport()->width());
    }
    for (int c = 0; c + 1 < columns; ++c) {
        const int wanted = tight ? header->sectionSizeHint(c) : wholeWidth(table, c);
        if (!table->isColumnHidden(c) && table->columnWidth(c) < wanted)
            found << QStringLiteral("%1 (%2 < %3)")
                         .arg(table->model()->headerData(c, Qt::Horizontal).toString())
                         .arg(table->columnWidth(c))
                         .arg(wanted);
    }
    return found;
}

// Whether the model has a Price column with a price in it (true without one).
bool hasPrice(const QAbstractItemModel *model)
{
    bool column = false;
    for (int c = 0; c < model->columnCount(); ++c) {
        if (model->headerData(c, Qt::Horizontal).toString() != u"Price")
            continue;
        column = true;
        for (int r = 0; r < model->rowCount(); ++r) {
            if (!model->index(r, c).data().toString().isEmpty())
                return true;
        }
    }
    return !column;
}
} // namespace

// On a fresh start, as the window is first shown: no column of a list is
// narrower than the longest value of its first rows (the last stretches),
// unless a single value is wider than two fifths of the table.
TEST(MainWindow, EveryListFitsItsFirstRowsOnAFreshStart)
{
    FakeExplorer e(30);
    e.window.resize(1024, 700);
    e.startLive();
    MainWindow &window = e.window;
    for (auto kind : {Location::Kind::Live, Location::Kind::Blocks, Location::Kind::Collections,
                      Location::Kind::Activity}) {
        window.open(Location::list(kind));
        QWidget *shown = window.findChild<QStackedWidget *>()->currentWidget();
        const auto tables = shown->findChildren<QTableView *>();
        ASSERT_FALSE(tables.isEmpty());
        for (QTableView *table : tables) {
            ASSERT_TRUE(e.settleUntil([&] { return table->model()->rowCount() >= 3; }, 10000))
                << static_cast<int>(kind);
            // Values arrive after their rows (prices, ages): the widths
            // follow them, and the test waits for that, not for a time.
            EXPECT_TRUE(e.settleUntil([&] { return cutColumns(table).isEmpty(); }, 5000))
                << "list " << static_cast<int>(kind) << ": "
                << cutColumns(table).join(u',').toStdString();
            // And no empty band on the right: the last column takes the rest.
            const QHeaderView *header = table->horizontalHeader();
            int used = 0;
            for (int c = 0; c < header->count(); ++c)
                used += header->isSectionHidden(c) ? 0 : header->sectionSize(c);
            EXPECT_GE(used, table->viewport()->width() - 2) << "list " << static_cast<int>(kind);
        }
    }
}

// The Live page's halves of a narrow window, once listings bring prices:
// too narrow for every column whole, and still no column hidden sideways.
TEST(MainWindow, TheLivePageHalvesFitANarrowWindow)
{
    FakeExplorer e(30);
    e.window.resize(840, 700);
    e.startLive();
    e.window.open(Location::list(Location::Kind::Live));
    QWidget *shown = e.window.findChild<QStackedWidget *>()->currentWidget();
    const auto tables = shown->findChildren<QTableView *>();
    ASSERT_EQ(tables.size(), 2);
    int tight = 0;
    for (QTableView *table : tables) {
        ASSERT_TRUE(e.settleUntil([&] { return table->model()->rowCount() >= 3; }, 10000));
        ASSERT_TRUE(e.settleUntil([&] { return hasPrice(table->model()); }, 20000))
            << "a listing's price";
        tight += crowded(table) ? 1 : 0;
        EXPECT_TRUE(e.settleUntil([&] { return cutColumns(table).isEmpty(); }, 5000))
            << table->model()->headerData(0, Qt::Horizontal).toString().toStdString() << "... "
            << cutColumns(table).join(u',').toStdString();
    }
    EXPECT_GE(tight, 1) << "the case asked about: a half too narrow for all its columns";
}

// In German at 1024×700 the Live page's object names were cut: now, too
// narrow for every column, the names are kept whole and the other columns
// give way; and the halves share the width by need, so in a window just
// wide enough for both everything is whole (half and half would cut).
TEST(MainWindow, TheLivePageInGermanSharesItsWidthByNeed)
{
    Translations translations;
    translations.apply(QStringLiteral("de"));
    const auto english = qScopeGuard([&] { translations.apply(QStringLiteral("en")); });
    FakeExplorer e(30);
    e.window.resize(1024, 700);
    e.startLive();
    e.window.open(Location::list(Location::Kind::Live));
    auto *events = e.window.findChild<TablePage *>(QStringLiteral("liveActivity"));
    auto *heads = e.window.findChild<TablePage *>(QStringLiteral("liveBlocks"));
    ASSERT_TRUE(events && heads);
    // Once the activity has listings (prices) and pictures, and blocks their ages.
    const QAbstractItemModel *feed = events->table()->model();
    auto priced = [&] {
        for (int r = 0; r < feed->rowCount(); ++r) {
            if (!feed->index(r, ActivityListModel::PriceColumn).data().toString().isEmpty() &&
                feed->index(r, ActivityListModel::ObjectColumn).data(Qt::DecorationRole).isValid())
                return true;
        }
        return false;
    };
    // The case asked about: the activity needs more than the blocks.
    ASSERT_TRUE(e.settleUntil(
        [&] {
            return priced() && heads->naturalWidth() > 0 &&
                   events->naturalWidth() > heads->naturalWidth() + 40;
        },
        20000))
        << events->naturalWidth() << " against " << heads->naturalWidth();
    // At 1024×700 both halves are too narrow for all their columns: the
    // object's name is kept whole, the other columns give way first.
    QTableView *activity = events->table();
    auto objectWhole = [&] {
        return activity->columnWidth(ActivityListModel::ObjectColumn) >=
               wholeWidth(activity, ActivityListModel::ObjectColumn);
    };
    EXPECT_TRUE(e.settleUntil(objectWhole, 5000))
        << activity->columnWidth(ActivityListModel::ObjectColumn) << " < "
        << wholeWidth(activity, ActivityListModel::ObjectColumn);
    // And a block's hash, shortened in its middle already, is not cut again
    // at its end ("0xc9acd5……") while the count beside it gives way.
    QTableView *blocks = heads->table();
    EXPECT_TRUE(e.settleUntil(
        [&] {
            return blocks->columnWidth(BlockListModel::HashColumn) >=
                   wholeWidth(blocks, BlockListModel::HashColumn);
        },
        5000))
        << blocks->columnWidth(BlockListModel::HashColumn) << " < "
        << wholeWidth(blocks, BlockListModel::HashColumn);
    auto allWhole = [&] {
        return objectWhole() && cutColumns(activity).isEmpty() &&
               cutColumns(heads->table()).isEmpty();
    };
    // Room for both and a little more, not for the activity in half of it;
    // measured again when new rows need more.
    bool whole = false;
    for (int attempt = 0; attempt < 5 && !whole; ++attempt) {
        const int blocksNeed = heads->naturalWidth();
        const int activityNeed = events->naturalWidth();
        const int room = heads->width() + events->width();
        e.window.resize(e.window.width() - room + blocksNeed + activityNeed + 10, 700);
        const auto grew = [&] {
            return heads->naturalWidth() != blocksNeed || events->naturalWidth() != activityNeed;
        };
        whole = e.settleUntil([&] { return allWhole() || grew(); }, 5000) && !grew();
    }
    EXPECT_TRUE(whole) << activity->columnWidth(ActivityListModel::ObjectColumn) << " < "
                       << wholeWidth(activity, ActivityListModel::ObjectColumn) << "; "
                       << cutColumns(activity).join(u',').toStdString() << "; "
                       << cutColumns(heads->table()).join(u',').toStdString();
}
