// The grid grouped by collection: headings open each collection's run, blanks
// end its last line, paging in only appends, and everything maps back.
#include "models/collectiongroupsmodel.h"

#include "tests/models/modeltester.h"

#include <QSignalSpy>
#include <QStandardItemModel>
#include <gtest/gtest.h>

namespace {

constexpr int kSlugRole = Qt::UserRole + 1;
using Cell = CollectionGroupsModel::Cell;

void append(QStandardItemModel &source, const QString &slug, int count)
{
    for (int i = 0; i < count; ++i) {
        auto *item = new QStandardItem(QStringLiteral("%1#%2").arg(slug).arg(source.rowCount()));
        item->setData(slug, kSlugRole);
        source.appendRow(item);
    }
}

// The grid as text, a line per row of `columns` cells: H:slug, key, or _.
QStringList lines(const CollectionGroupsModel &m)
{
    QStringList out;
    QString line;
    for (int r = 0; r < m.rowCount(); ++r) {
        const QModelIndex i = m.index(r);
        const auto cell = static_cast<Cell>(i.data(CollectionGroupsModel::CellRole).toInt());
        line += (cell == Cell::Heading ? QStringLiteral("H:") + i.data().toString()
                 : cell == Cell::Blank ? QStringLiteral("_")
                                       : i.data().toString()) +
                QLatin1Char(' ');
        if ((r + 1) % m.columns() == 0) {
            out.append(line.trimmed());
            line.clear();
        }
    }
    if (!line.isEmpty())
        out.append(line.trimmed());
    return out;
}

} // namespace

TEST(CollectionGroupsModel, EachCollectionOpensWithItsHeadingOnALineOfItsOwn)
{
    QStandardItemModel source;
    append(source, QStringLiteral("cats"), 3);
    append(source, QStringLiteral("dogs"), 1);
    CollectionGroupsModel groups(&source, kSlugRole);
    gifscan::test::ModelTester tester(&groups);
    groups.setColumns(3);
    EXPECT_EQ(lines(groups),
              (QStringList{QStringLiteral("H:cats cats#0 cats#1"), QStringLiteral("cats#2 _ _"),
                           QStringLiteral("H:dogs dogs#3")}));

    // Counts for the headings; only headings change.
    QSignalSpy changed(&groups, &QAbstractItemModel::dataChanged);
    groups.setCounts({{QStringLiteral("cats"), 30}});
    EXPECT_EQ(changed.count(), 2);
    EXPECT_EQ(groups.index(0).data(CollectionGroupsModel::GroupCountRole).toULongLong(), 30u);
    EXPECT_FALSE(groups.index(6).data(CollectionGroupsModel::GroupCountRole).isValid())
        << "dogs: not known";

    // Only objects are selectable; a heading can be activated, a blank cannot.
    EXPECT_TRUE(groups.flags(groups.index(1)).testFlag(Qt::ItemIsSelectable));
    EXPECT_FALSE(groups.flags(groups.index(0)).testFlag(Qt::ItemIsSelectable));
    EXPECT_TRUE(groups.flags(groups.index(0)).testFlag(Qt::ItemIsEnabled));
    EXPECT_FALSE(groups.flags(groups.index(4)).testFlag(Qt::ItemIsEnabled));

    // Everything maps back and forth.
    for (int r = 0; r < source.rowCount(); ++r) {
        const QModelIndex shown = groups.mapFromSource(source.index(r, 0));
        ASSERT_TRUE(shown.isValid());
        EXPECT_EQ(groups.mapToSource(shown).row(), r);
        EXPECT_EQ(shown.data().toString(), source.index(r, 0).data().toString());
    }
    EXPECT_FALSE(groups.mapToSource(groups.index(0)).isValid());
}

TEST(CollectionGroupsModel, PagingInAppendsAndAWiderViewStartsOver)
{
    QStandardItemModel source;
    append(source, QStringLiteral("cats"), 2);
    CollectionGroupsModel groups(&source, kSlugRole);
    gifscan::test::ModelTester tester(&groups);
    groups.setColumns(4);
    QSignalSpy reset(&groups, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(&groups, &QAbstractItemModel::rowsInserted);

    append(source, QStringLiteral("cats"), 1);
    append(source, QStringLiteral("dogs"), 2);
    EXPECT_EQ(reset.count(), 0) << "a view keeps its place while pages come in";
    EXPECT_GE(inserted.count(), 2);
    EXPECT_EQ(lines(groups), (QStringList{QStringLiteral("H:cats cats#0 cats#1 cats#2"),
                                          QStringLiteral("H:dogs dogs#3 dogs#4")}));

    // A source row's data change reaches its cell.
    QSignalSpy changed(&groups, &QAbstractItemModel::dataChanged);
    source.item(3)->setText(QStringLiteral("renamed"));
    ASSERT_EQ(changed.count(), 1);
    EXPECT_EQ(changed.first().first().toModelIndex().row(), 5);
    EXPECT_EQ(groups.index(5).data().toString(), QStringLiteral("renamed"));

    groups.setColumns(2);
    EXPECT_EQ(reset.count(), 1);
    EXPECT_EQ(lines(groups),
              (QStringList{QStringLiteral("H:cats cats#0"), QStringLiteral("cats#1 cats#2"),
                           QStringLiteral("H:dogs renamed"), QStringLiteral("dogs#4")}));

    // Another question: the source starts over, and so does the grid.
    source.clear();
    EXPECT_EQ(groups.rowCount(), 0);
}
