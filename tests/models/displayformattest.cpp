// Values in people's words: gas prices in gwei, exact times with the zone.
#include "models/displayformat.h"

#include <QLocale>
#include <gtest/gtest.h>

TEST(DisplayFormat, GasPricesAreSaidInGwei)
{
    using gifscan::Amount;
    const QLocale c = QLocale::c();
    QLocale::setDefault(c);
    EXPECT_EQ(DisplayFormat::gasPrice(Amount(3'000'000'000ULL)), QStringLiteral("3 gwei"));
    EXPECT_EQ(DisplayFormat::gasPrice(Amount(2'500'000'000ULL)), QStringLiteral("2.5 gwei"));
    EXPECT_EQ(DisplayFormat::gasPrice(Amount(1)), QStringLiteral("0.000000001 gwei"));
    EXPECT_EQ(DisplayFormat::gasPrice(Amount(0)), QStringLiteral("0 gwei"));
    // From a million gwei on, in GIF, exactly; values past 64 bits (anyone
    // may send one) are said, not thrown on.
    EXPECT_EQ(DisplayFormat::gasPrice(Amount(999'999'999'999'999ULL)),
              QStringLiteral("999999.999999999 gwei"));
    for (const Amount &big : {Amount(1'000'000'000'000'000ULL), Amount(1) << 64,
                              Amount(100'000'000'000'000'000ULL) * 1000, Amount(1) << 255}) {
        EXPECT_EQ(DisplayFormat::gasPrice(big), DisplayFormat::amount(big));
        EXPECT_TRUE(DisplayFormat::gasPrice(big).endsWith(QStringLiteral("GIF")));
    }
    QLocale::setDefault(QLocale(QLocale::German));
    EXPECT_EQ(DisplayFormat::gasPrice(Amount(2'500'000'000ULL)), QStringLiteral("2,5 gwei"));
    QLocale::setDefault(c);
}

TEST(DisplayFormat, ExactTimesHaveAFourDigitYearSecondsAndTheZone)
{
    const QString t = DisplayFormat::exactTime(1700000045);
    EXPECT_TRUE(t.startsWith(
        QDateTime::fromSecsSinceEpoch(1700000045).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))))
        << t.toStdString();
    EXPECT_GT(t.size(), 20) << "the zone after the time";
}

// A duration in the two largest units a person would say, never raw seconds.
TEST(DisplayFormat, DurationsInTheirTwoLargestUnits)
{
    QLocale::setDefault(QLocale::c());
    EXPECT_EQ(DisplayFormat::duration(0), QStringLiteral("0 s"));
    EXPECT_EQ(DisplayFormat::duration(42), QStringLiteral("42 s"));
    EXPECT_EQ(DisplayFormat::duration(60), QStringLiteral("1 min"));
    EXPECT_EQ(DisplayFormat::duration(185), QStringLiteral("3 min 5 s"));
    EXPECT_EQ(DisplayFormat::duration(3600 * 5 + 59), QStringLiteral("5 h"));
    EXPECT_EQ(DisplayFormat::duration(627296), QStringLiteral("7 d 6 h"));
    EXPECT_EQ(DisplayFormat::duration(86400), QStringLiteral("1 d"));
    QLocale::setDefault(QLocale::system());
}
