// CSV exports: the rows as filtered, every page of them, exact values.
#include "models/activitylistmodel.h"
#include "models/csvexport.h"
#include "tests/views/fakeexplorer.h"
#include "views/exportbutton.h"
#include "views/tablepage.h"

#include <QDateTime>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

TEST(CsvExport, QuotesAsRfc4180Says)
{
    EXPECT_EQ(CsvExport::quote(QStringLiteral("plain")), QStringLiteral("plain"));
    EXPECT_EQ(CsvExport::quote(QStringLiteral("a,b")), QStringLiteral("\"a,b\""));
    EXPECT_EQ(CsvExport::quote(QStringLiteral("say \"hi\"")), QStringLiteral("\"say \"\"hi\"\"\""));
    EXPECT_EQ(CsvExport::quote(QStringLiteral("two\nlines")), QStringLiteral("\"two\nlines\""));
}

// A collection name from a stranger must not become a formula in an
// auditor's spreadsheet (OWASP: CSV injection).
TEST(CsvExport, CellsThatWouldBeFormulasAreMadeInert)
{
    for (const char *danger :
         {"=HYPERLINK(\"http://x\")", "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"}) {
        const QString cell = CsvExport::quote(QString::fromLatin1(danger));
        EXPECT_TRUE(cell.startsWith(QStringLiteral("\"'"))) << cell.toStdString();
        EXPECT_TRUE(cell.endsWith(u'"'));
    }
    EXPECT_EQ(CsvExport::quote(QStringLiteral("=a,b")), QStringLiteral("\"'=a,b\""));
    EXPECT_EQ(CsvExport::quote(QStringLiteral("a=b")), QStringLiteral("a=b"))
        << "only a leading sign counts";
    EXPECT_EQ(CsvExport::quote(QStringLiteral("0x12")), QStringLiteral("0x12"));
}

TEST(CsvExport, AFilteredListExportsEveryPageOfWhatIsShown)
{
    FakeExplorer e(40, 8);
    ActivityListModel &activity = *e.session.pages().activity;
    activity.setPageSize(3); // several pages to walk
    const QString slug = e.index.collectionList().front().slug;
    activity.setFilter({QStringLiteral("mint")}, slug);
    activity.fetchMore({});
    e.settle();
    ASSERT_GT(activity.rowCount(), 0);
    ASSERT_TRUE(activity.canFetchMore({})) << "the export must page";

    ExportButton *button = nullptr;
    for (TablePage *p : e.window.findChildren<TablePage *>()) {
        if (p->table()->model() == &activity)
            button = p->findChild<ExportButton *>();
    }
    ASSERT_NE(button, nullptr);
    QTemporaryDir dir;
    QSignalSpy exported(button, &ExportButton::exported);
    button->exportTo(dir.filePath(QStringLiteral("mints.csv")));
    ASSERT_TRUE(e.settleUntil([&] { return exported.count() > 0; }));
    ASSERT_TRUE(exported.first().first().toBool())
        << exported.first().at(1).toString().toStdString();
    EXPECT_FALSE(activity.canFetchMore({}));

    QFile f(dir.filePath(QStringLiteral("mints.csv")));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QStringList lines =
        QString::fromUtf8(f.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), activity.rowCount() + 1);
    EXPECT_EQ(lines.first(), QStringLiteral("Type,Object,From,To,Price,Block,Time"));
    const auto onNode =
        std::count_if(e.index.feed().begin(), e.index.feed().end(),
                      [&](const ActivityEntry &a) { return a.type == u"mint" && a.slug == slug; });
    EXPECT_EQ(lines.size() - 1, onNode) << "every page, no more, no less";
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList fields = lines[i].split(u',');
        ASSERT_EQ(fields.size(), 7) << lines[i].toStdString();
        EXPECT_EQ(fields[0], QStringLiteral("mint"));
        EXPECT_TRUE(fields[1].startsWith(slug + u'#'));
        EXPECT_EQ(fields[3].size(), 42) << "full addresses, not shortened";
        // The time exactly, in UTC, not the age shown.
        EXPECT_TRUE(QDateTime::fromString(fields[6], Qt::ISODate).isValid())
            << fields[6].toStdString();
        EXPECT_TRUE(fields[6].endsWith(u'Z')) << fields[6].toStdString();
    }
}
