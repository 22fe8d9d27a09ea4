// The wallet page's audit offscreen: one that holds against an honest node,
// one that catches a node told to lie about owners; its CSV, its folder of
// certificates, and a certificate opened and checked offline.
#include "models/addresspagemodel.h"
#include "models/auditmodel.h"
#include "models/collectiongroupsmodel.h"
#include "models/objectlistmodel.h"
#include "tests/support/paging.h"
#include "tests/views/explorer.h"
#include "views/addresspage.h"
#include "views/certificatedialog.h"
#include "views/filedialogs.h"
#include "views/objectgridview.h"
#include "views/theme.h"

#include <QAction>
#include <QDir>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {
// The owner of the most objects among the first page: an address worth auditing.
QString busyOwner(DevnetHarness &d)
{
    QHash<QString, int> counts;
    for (const auto &o : d.get(QStringLiteral("/v1/objects?limit=100")).data().toArray())
        counts[o[QStringLiteral("owner")].toString()] += 1;
    QString best;
    for (auto it = counts.begin(); it != counts.end(); ++it) {
        if (best.isEmpty() || it.value() > counts[best])
            best = it.key();
    }
    return best;
}

void auditOnPage(Explorer &e, const QString &owner)
{
    ASSERT_TRUE(e.window.search(owner));
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return e.session.pages().address->wallet().has_value(); }, 5000));
    QSignalSpy finished(e.session.pages().audit, &AuditModel::finished);
    e.window.page<AddressPage>()->startAudit(0);
    ASSERT_TRUE(finished.wait(20000));
}
} // namespace

TEST(Audit, HoldsOnAnHonestNodeAndExportsCsvAndCertificates)
{
    DevnetHarness d(DevnetHarness::fastConfig(60, 30.0, false));
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    const QString owner = busyOwner(d);
    ASSERT_FALSE(owner.isEmpty());
    auditOnPage(e, owner);
    const AuditReport &report = *e.session.pages().audit->report();
    ASSERT_TRUE(report.error.ok()) << report.error.toString().toStdString();
    EXPECT_TRUE(report.holds());
    EXPECT_GT(report.count(AuditEntry::Outcome::Verified), 0);
    EXPECT_TRUE(e.window.page<AddressPage>()->auditText().contains(QStringLiteral("verified")));
    // Every tile of the holdings says so.
    ObjectListModel &holdings = *e.session.pages().address->holdings();
    ASSERT_TRUE(fetchAll(holdings));
    ASSERT_GT(holdings.rowCount(), 0);
    for (int r = 0; r < holdings.rowCount(); ++r)
        EXPECT_EQ(holdings.index(r).data(ObjectListModel::AuditMarkRole).toInt(),
                  ObjectListModel::AuditMark::Verified)
            << holdings.object(r).key.toStdString();

    // The mark is drawn: a disc in the tone of success at the tile's corner.
    {
        ObjectGridView *grid = e.window.page<AddressPage>()->grid();
        QAbstractItemModel *cells = grid->model();
        QModelIndex first;
        for (int r = 0; r < cells->rowCount() && !first.isValid(); ++r) {
            if (cells->index(r, 0).data(CollectionGroupsModel::CellRole).toInt() ==
                static_cast<int>(CollectionGroupsModel::Cell::Object))
                first = cells->index(r, 0);
        }
        ASSERT_TRUE(first.isValid());
        const QRect square = grid->thumbnailRect(grid->visualRect(first));
        const QImage shot = grid->viewport()->grab().toImage();
        const QColor good(Theme::colour(Theme::Tone::Good));
        // Left of the disc's centre, clear of the tick drawn over it.
        const QPoint inDisc(square.right() - 21 + 4, square.top() + 3 + 9);
        const QColor seen = shot.pixelColor(inDisc * shot.devicePixelRatio());
        EXPECT_LT(std::abs(seen.red() - good.red()) + std::abs(seen.green() - good.green()) +
                      std::abs(seen.blue() - good.blue()),
                  40)
            << seen.name().toStdString() << " where the mark should be "
            << good.name().toStdString();
    }

    // Grouped by collection at any width, with or without a scroll bar:
    // every heading opens a line, no object wraps beneath one.
    ObjectGridView *grid = e.window.page<AddressPage>()->grid();
    QAbstractItemModel *cells = grid->model();
    // Widths a cell apart in small steps: some leave the flow less room than
    // a scroll bar, where the count of columns used to differ by one.
    QList<QSize> sizes{QSize(1600, 1000)};
    for (int w = 1024; w < 1024 + 140; w += 7)
        sizes.append(QSize(w, 600));
    for (const QSize size : sizes) {
        e.window.resize(size);
        QCoreApplication::processEvents(); // the resize reaches the page
        grid->doItemsLayout();             // and the grid lays out now, not on its timer
        int headings = 0;
        for (int r = 0; r < cells->rowCount(); ++r) {
            const QModelIndex cell = cells->index(r, 0);
            if (cell.data(CollectionGroupsModel::CellRole).toInt() !=
                static_cast<int>(CollectionGroupsModel::Cell::Heading))
                continue;
            ++headings;
            EXPECT_EQ(grid->visualRect(cell).left(), 0)
                << "heading " << cell.data().toString().toStdString() << " at " << size.width()
                << "×" << size.height();
        }
        EXPECT_GT(headings, 0);
    }

    QTemporaryDir dir;
    // "Audit as CSV…": the dialog is named by address and height, and the
    // next dialog opens in the folder this one was left in.
    QStringList openedAt;
    FileDialogs::answerWith([&](const QString &at) {
        openedAt << at;
        return dir.filePath(QStringLiteral("audit.csv"));
    });
    // However this test ends, no later one meets a dialog answered by it.
    const auto answeredNoMore = qScopeGuard([] { FileDialogs::answerWith({}); });
    QPushButton *csvButton = nullptr;
    for (QPushButton *b : e.window.page<AddressPage>()->findChildren<QPushButton *>())
        if (b->text() == AddressPage::tr("Audit as CSV…"))
            csvButton = b;
    ASSERT_NE(csvButton, nullptr);
    ASSERT_TRUE(csvButton->isEnabled());
    csvButton->click();
    csvButton->click();
    ASSERT_EQ(openedAt.size(), 2);
    EXPECT_TRUE(openedAt[0].endsWith(
        QStringLiteral("/audit-%1-at-%2.csv").arg(toHexString(report.address)).arg(report.height)))
        << openedAt[0].toStdString();
    EXPECT_TRUE(openedAt[1].startsWith(dir.path() + QLatin1Char('/'))) << openedAt[1].toStdString();
    QFile csv(dir.filePath(QStringLiteral("audit.csv")));
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    EXPECT_EQ(QString::fromUtf8(csv.readAll()).count(u'\n'), report.entries.size() + 1)
        << "a header line and one line per object";

    QSignalSpy exported(e.session.pages().audit, &AuditModel::certificatesExported);
    e.window.page<AddressPage>()->exportCertificatesTo(dir.filePath(QStringLiteral("certs")));
    ASSERT_TRUE(exported.wait(20000));
    EXPECT_EQ(exported.first().at(0).toInt(), report.count(AuditEntry::Outcome::Verified));
    EXPECT_TRUE(exported.first().at(1).toString().isEmpty());
    const QStringList files =
        QDir(dir.filePath(QStringLiteral("certs"))).entryList({QStringLiteral("*.json")});
    ASSERT_EQ(files.size(), report.count(AuditEntry::Outcome::Verified));
    // Named as the holdings certificate is: the object, whose, at which
    // height; and the message says where they went.
    const QString named = QStringLiteral("-%1-at-%2.json").arg(owner.toLower()).arg(report.height);
    for (const QString &file : files)
        EXPECT_TRUE(file.endsWith(named)) << file.toStdString();
    EXPECT_TRUE(e.window.page<AddressPage>()->auditText().contains(
        QStringLiteral("Certificates written to %1").arg(dir.filePath(QStringLiteral("certs")))))
        << e.window.page<AddressPage>()->auditText().toStdString();
    // Exported again into the same folder: nothing is written over, and
    // the reader is told so. Before, every file was silently replaced.
    QSignalSpy again(e.session.pages().audit, &AuditModel::certificatesExported);
    e.window.page<AddressPage>()->exportCertificatesTo(dir.filePath(QStringLiteral("certs")));
    ASSERT_TRUE(again.count() == 1 || again.wait(5000));
    EXPECT_EQ(again.first().at(0).toInt(), 0);
    EXPECT_TRUE(again.first().at(1).toString().contains(QStringLiteral("nothing was written over")))
        << again.first().at(1).toString().toStdString();

    // Opened offline: valid; the same file with its owner changed: not.
    const QString path = dir.filePath(QStringLiteral("certs/") + files.first());
    CertificateDialog *good = e.window.openCertificateFile(path);
    EXPECT_TRUE(good->valid());
    EXPECT_TRUE(good->verdictText().contains(QStringLiteral("Valid")));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QByteArray text = f.readAll();
    f.close();
    const QByteArray ownerHex = owner.toLatin1().toLower();
    ASSERT_TRUE(text.contains(ownerHex.mid(2)));
    text.replace(ownerHex.mid(2), QByteArray(40, '5'));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
    f.close();
    CertificateDialog *bad = e.window.openCertificateFile(path);
    EXPECT_FALSE(bad->valid());
    EXPECT_TRUE(bad->checksText().contains(QStringLiteral("proof")))
        << bad->checksText().toStdString();
    // What it claimed is named: the object, the owner written in, the height.
    const QString claimed = bad->verdictText();
    EXPECT_TRUE(claimed.contains(QStringLiteral("It claims that")) &&
                claimed.contains(QStringLiteral("0x") + QString(40, u'5')) &&
                claimed.contains(QStringLiteral(" at height ")))
        << claimed.toStdString();

    // The complete holdings in one file, from the menu beside the CSV:
    // named by address and height, and opened with its verdict.
    QAction *holdingsAction = nullptr;
    for (QAction *a : e.window.page<AddressPage>()->findChildren<QAction *>())
        if (a->text() == AddressPage::tr("Export holdings certificate…"))
            holdingsAction = a;
    ASSERT_NE(holdingsAction, nullptr);
    ASSERT_TRUE(holdingsAction->isEnabled());
    FileDialogs::answerWith([&](const QString &at) {
        openedAt << at;
        return dir.filePath(QStringLiteral("holdings.json"));
    });
    holdingsAction->trigger();
    EXPECT_TRUE(openedAt.last().endsWith(QStringLiteral("/holdings-%1-at-%2.json")
                                             .arg(toHexString(report.address))
                                             .arg(report.height)))
        << openedAt.last().toStdString();
    CertificateDialog *whole =
        e.window.openCertificateFile(dir.filePath(QStringLiteral("holdings.json")));
    EXPECT_TRUE(whole->valid()) << whole->checksText().toStdString();
    EXPECT_TRUE(whole->verdictText().contains(
        QStringLiteral("held exactly %1 object").arg(report.holdings.objects.size())))
        << whole->verdictText().toStdString();
    EXPECT_TRUE(
        e.window.page<AddressPage>()->auditText().contains(QStringLiteral("holdings.json")));

    CertificateDialog *notOne =
        e.window.openCertificateFile(dir.filePath(QStringLiteral("audit.csv")));
    EXPECT_TRUE(notOne->verdictText().contains(QStringLiteral("not a certificate")));
}

TEST(Audit, CatchesANodeThatLiesAboutOwners)
{
    auto config = DevnetHarness::fastConfig(60, 30.0, false);
    config.lieEvery = 2;
    DevnetHarness d(config);
    ASSERT_TRUE(d.ok());
    Explorer e(d);
    // The lying indexer still names the owners it invents; the true owner's
    // list (from the node) is what the audit proves.
    const QString owner = busyOwner(d);
    auditOnPage(e, owner);
    const AuditReport &report = *e.session.pages().audit->report();
    ASSERT_TRUE(report.error.ok()) << report.error.toString().toStdString();
    EXPECT_FALSE(report.holds());
    EXPECT_GT(
        report.count(AuditEntry::Outcome::Mismatch) + report.count(AuditEntry::Outcome::Absent), 0);
    // Each object that did not verify is named on the page, as a link, and
    // its tile in the holdings (where the indexer shows it) is marked.
    ObjectListModel &holdings = *e.session.pages().address->holdings();
    ASSERT_TRUE(fetchAll(holdings));
    QHash<QString, int> marks;
    for (int r = 0; r < holdings.rowCount(); ++r)
        marks.insert(holdings.object(r).key,
                     holdings.index(r).data(ObjectListModel::AuditMarkRole).toInt());
    int markedTiles = 0;
    for (const AuditEntry &entry : report.entries) {
        const bool verified = entry.outcome == AuditEntry::Outcome::Verified;
        if (!verified) {
            EXPECT_TRUE(e.window.page<AddressPage>()->auditText().contains(entry.key))
                << entry.key.toStdString();
        }
        if (marks.contains(entry.key)) {
            EXPECT_EQ(marks.value(entry.key), verified ? ObjectListModel::AuditMark::Verified
                                                       : ObjectListModel::AuditMark::Failed)
                << entry.key.toStdString();
            ++markedTiles;
        }
    }
    // (Objects the indexer hides from this address have no tile to mark:
    // the audit's list names them.)
    EXPECT_GT(markedTiles, 0);
}
