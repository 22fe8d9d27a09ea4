#include "core/protocol/amount.h"

#include "core/support/csvfield.h"
#include "core/verify/walletaudit.h"

#include <gtest/gtest.h>

using namespace gifscan;

TEST(Amount, ParsesTheStrictWireForm)
{
    EXPECT_EQ(parseAmount(QStringLiteral("0")), Amount(0));
    EXPECT_EQ(parseAmount(QStringLiteral("1500000000000000000")), oneGif() * 3 / 2);
    EXPECT_FALSE(parseAmount(QStringLiteral("")));
    EXPECT_FALSE(parseAmount(QStringLiteral("01")));
    EXPECT_FALSE(parseAmount(QStringLiteral("-1")));
    EXPECT_FALSE(parseAmount(QStringLiteral("1.5")));
    EXPECT_FALSE(parseAmount(QStringLiteral("1e18")));
    const QString max = QStringLiteral(
        "115792089237316195423570985008687907853269984665640564039457584007913129639935");
    ASSERT_TRUE(parseAmount(max));
    EXPECT_EQ(amountToString(*parseAmount(max)), max);
    EXPECT_FALSE(parseAmount(QStringLiteral(
        "115792089237316195423570985008687907853269984665640564039457584007913129639936")));
}

TEST(Amount, ArithmeticIsChecked)
{
    Amount zero = 0;
    EXPECT_ANY_THROW(zero - 1);
    Amount max = *parseAmount(QStringLiteral(
        "115792089237316195423570985008687907853269984665640564039457584007913129639935"));
    EXPECT_ANY_THROW(max + 1);
}

// The form links and filters carry: exact, '.', no grouping, no unit, in
// any locale the program runs in.
TEST(Amount, PlainGifIsTheSameInEveryLocale)
{
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German));
    EXPECT_EQ(plainGif(oneGif() * 1234567 + oneGif() / 4), QStringLiteral("1234567.25"));
    EXPECT_EQ(plainGif(Amount(1)), QStringLiteral("0.000000000000000001"));
    EXPECT_EQ(plainGif(Amount(0)), QStringLiteral("0"));
    QLocale::setDefault(before);
}

TEST(Amount, BigEndianRoundTrip)
{
    const Amount v = *parseAmount(QStringLiteral("2500000000000000000"));
    const auto be = amountToBigEndian(v);
    EXPECT_EQ(amountFromBigEndian(be), v);
    EXPECT_EQ(be[31], 0x00);
    EXPECT_EQ(be[24], 0x22);
}

TEST(Amount, FormatsExactlyForPeople)
{
    const QLocale c(QLocale::C);
    QLocale en(QLocale::English, QLocale::UnitedStates);
    EXPECT_EQ(formatGif(oneGif() * 3 / 2, en), QStringLiteral("1.5 GIF"));
    EXPECT_EQ(formatGif(Amount(1), en), QStringLiteral("0.000000000000000001 GIF"));
    EXPECT_EQ(formatGif(Amount(0), en), QStringLiteral("0 GIF"));
    EXPECT_EQ(formatGif(oneGif() * 1234567, en), QStringLiteral("1,234,567 GIF"));
    QLocale de(QLocale::German, QLocale::Germany);
    EXPECT_EQ(formatGif(oneGif() * 1234567 + oneGif() / 4, de), QStringLiteral("1.234.567,25 GIF"));
    Q_UNUSED(c);
}

TEST(CsvField, AuditReportsAreInertInSpreadsheets)
{
    gifscan::AuditReport report;
    gifscan::AuditEntry e;
    e.key = QStringLiteral("pixel-cats#1");
    e.detail = QStringLiteral("=cmd|' /C calc'!A0");
    report.entries.append(e);
    const QString csv = report.toCsv();
    EXPECT_TRUE(csv.contains(QStringLiteral("\"'=cmd|' /C calc'!A0\""))) << csv.toStdString();
    EXPECT_EQ(gifscan::csvField(QStringLiteral("@x")), QStringLiteral("\"'@x\""));
    EXPECT_EQ(gifscan::csvField(QStringLiteral("plain")), QStringLiteral("plain"));
}
