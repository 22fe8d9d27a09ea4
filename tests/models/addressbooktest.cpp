// The reader's name tags: kept in settings, found by any spelling of the
// address, searchable, and written beside the addresses a CSV export holds.
#include "models/addressbook.h"

#include "models/csvexport.h"
#include "models/location.h"

#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

const QString kA = QStringLiteral("0x00112233445566778899aabbccddeeff00112233");
const QString kB = QStringLiteral("0xffeeddccbbaa99887766554433221100ffeeddcc");

struct Settings
{
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat};
};

} // namespace

TEST(AddressBook, KeepsTagsBySpellingOfTheAddressAndAcrossRestarts)
{
    Settings s;
    {
        AddressBook book(&s.settings);
        QSignalSpy changed(&book, &AddressBook::changed);
        book.setLabel(kA.toUpper().replace(QStringLiteral("0X"), QStringLiteral("0x")),
                      QStringLiteral("  Treasury "));
        EXPECT_EQ(book.label(kA), QStringLiteral("Treasury")) << "trimmed, any case";
        EXPECT_EQ(changed.count(), 1);
        book.setLabel(kA, QStringLiteral("Treasury"));
        EXPECT_EQ(changed.count(), 1) << "the same tag again changes nothing";
        book.setLabel(kB, QString(200, u'x'));
        EXPECT_EQ(book.label(kB).size(), AddressBook::kMaxLength);
        book.setLabel(QStringLiteral("not an address"), QStringLiteral("x"));
        EXPECT_EQ(changed.count(), 2);
    }
    AddressBook again(&s.settings);
    EXPECT_EQ(again.label(kA), QStringLiteral("Treasury"));
    again.setLabel(kA, QStringLiteral("   "));
    EXPECT_TRUE(again.label(kA).isEmpty()) << "a blank tag removes it";
    EXPECT_TRUE(AddressBook(&s.settings).label(kA).isEmpty());
}

TEST(AddressBook, FindsTagsByWhatIsTyped)
{
    Settings s;
    AddressBook book(&s.settings);
    book.setLabel(kA, QStringLiteral("Treasury"));
    book.setLabel(kB, QStringLiteral("cold wallet"));
    const auto found = book.matching(QStringLiteral("eas"));
    ASSERT_EQ(found.size(), 1);
    EXPECT_EQ(found.first(), std::pair(QStringLiteral("Treasury"), kA));
    EXPECT_EQ(book.matching(QStringLiteral("L")).size(), 1);
    EXPECT_EQ(book.matching(QStringLiteral("e")).first().first, QStringLiteral("cold wallet"))
        << "in the tags' order";
    EXPECT_TRUE(book.matching(QStringLiteral("  ")).isEmpty());
    EXPECT_EQ(book.addressOf(QStringLiteral("treasury")), kA);
    EXPECT_TRUE(book.addressOf(QStringLiteral("treas")).isEmpty()) << "exactly, for a search";
}

namespace {

// A two-column list: a sender (leading to its address) and an amount
// (leading to the same address, as a row may, without showing it).
QStandardItemModel *ledger(QObject *parent)
{
    auto *model = new QStandardItemModel(0, 2, parent);
    model->setHorizontalHeaderLabels({QStringLiteral("From"), QStringLiteral("Amount")});
    for (const QString &a : {kA, kB}) {
        auto *from = new QStandardItem(a.left(8) + QChar(0x2026) + a.right(6)); // as shortHex
        from->setData(QVariant::fromValue(Location::address(a)), Location::ItemRole);
        auto *amount = new QStandardItem(QStringLiteral("5"));
        amount->setData(QVariant::fromValue(Location::address(a)), Location::ItemRole);
        model->appendRow({from, amount});
    }
    return model;
}

} // namespace

TEST(AddressBook, OnlyTheCellThatShowsAnAddressTakesItsTag)
{
    QObject owner;
    QStandardItemModel *model = ledger(&owner);
    EXPECT_EQ(AddressBook::shownAddress(model->index(0, 0)), kA) << "shortened, as lists show";
    EXPECT_TRUE(AddressBook::shownAddress(model->index(0, 1)).isEmpty());
    model->setData(model->index(1, 0),
                   kB.toUpper().replace(QStringLiteral("0X"), QStringLiteral("0x")));
    EXPECT_EQ(AddressBook::shownAddress(model->index(1, 0)), kB) << "whole, in any case";
}

TEST(AddressBook, ACsvExportWritesTheTagsBesideTheAddresses)
{
    Settings s;
    AddressBook book(&s.settings);
    QObject owner;
    QStandardItemModel *model = ledger(&owner);
    auto write = [&](const AddressBook *tags) {
        const QString path = s.dir.filePath(QStringLiteral("out.csv"));
        CsvExport job(model, CsvExport::columnsOf(model), path);
        job.setAddressBook(tags);
        QSignalSpy done(&job, &CsvExport::finished);
        job.start();
        EXPECT_TRUE(done.count() > 0 || done.wait(2000));
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::ReadOnly));
        return QString::fromUtf8(file.readAll()).split(QStringLiteral("\r\n"));
    };
    EXPECT_EQ(write(&book).first(), QStringLiteral("From,Amount")) << "no tags: no tag column";
    book.setLabel(kB, QStringLiteral("=cold, wallet"));
    const QStringList lines = write(&book);
    EXPECT_EQ(lines.first(), QStringLiteral("From,From (name tag),Amount"));
    EXPECT_TRUE(lines.at(1).endsWith(QStringLiteral(",,5"))) << lines.at(1).toStdString();
    EXPECT_TRUE(lines.at(2).endsWith(QStringLiteral(",\"'=cold, wallet\",5")))
        << "a tag is the reader's text, quoted like any: " << lines.at(2).toStdString();
    EXPECT_EQ(write(nullptr).first(), QStringLiteral("From,Amount"));
}
