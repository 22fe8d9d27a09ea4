// The translations are complete and say what the sources say: every string
// the sources pass through tr() today has a finished translation in every
// language, with the same placeholders, and the languages switch words,
// plurals and number formats.
#include "translations/translations.h"

#include "models/chainwords.h"
#include "tests/support/testpaths.h"
#include "tests/support/tsfile.h"

#include <QCoreApplication>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace gifscan::test;

namespace {

QString keyOf(const TsMessage &m)
{
    return m.context + QChar(0x1f) + m.source + QChar(0x1f) + m.comment;
}

// The %1… a text fills in; a plural form may leave out its count ("letzter
// Block"), so %n is not among them.
QStringList placeholders(const QString &text)
{
    QStringList found;
    for (const auto &match : QRegularExpression(QStringLiteral("%L?\\d+")).globalMatch(text))
        found.append(match.captured());
    found.sort();
    found.removeDuplicates();
    return found;
}

QString tsPath(const QString &language)
{
    return gifscan::test::translationsDir() + QStringLiteral("/gifscan_%1.ts").arg(language);
}

} // namespace

// What lupdate finds in the sources right now, not what it found when the
// .ts files were last updated: a new tr() without a translation fails here.
TEST(Translations, EveryStringInTheSourcesHasAFinishedTranslationInEveryLanguage)
{
    QTemporaryDir dir;
    const QString fresh = dir.filePath(QStringLiteral("fresh.ts"));
    QProcess lupdate;
    lupdate.start(gifscan::test::lupdateBinary(),
                  {QLatin1Char('@') + gifscan::test::translatedSourcesList(),
                   QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-ts"),
                   fresh});
    ASSERT_TRUE(lupdate.waitForFinished(120000));
    ASSERT_EQ(lupdate.exitCode(), 0) << lupdate.readAllStandardError().toStdString();
    const QList<TsMessage> sources = readTs(fresh);
    ASSERT_GT(sources.size(), 300) << "lupdate found the sources";

    for (const QString &language : Translations::available()) {
        QHash<QString, TsMessage> translated;
        for (const TsMessage &m : readTs(tsPath(language)))
            translated.insert(keyOf(m), m);
        for (const TsMessage &s : sources) {
            SCOPED_TRACE(
                QStringLiteral("%1: %2 \"%3\"").arg(language, s.context, s.source).toStdString());
            ASSERT_TRUE(translated.contains(keyOf(s)))
                << "not in gifscan_" << language.toStdString() << ".ts";
            const TsMessage &t = translated[keyOf(s)];
            EXPECT_TRUE(t.finished);
            EXPECT_EQ(t.numerus, s.numerus);
            // German, Spanish and English each have two plural forms.
            EXPECT_EQ(t.translations.size(), s.numerus ? 2 : 1);
            for (const QString &text : t.translations) {
                EXPECT_FALSE(text.isEmpty());
                EXPECT_EQ(placeholders(text), placeholders(s.source)) << text.toStdString();
            }
        }
    }
}

TEST(Translations, LanguagesSwitchWordsPluralsAndNumbers)
{
    Translations translations;
    translations.apply(QStringLiteral("de"));
    EXPECT_EQ(translations.current(), QStringLiteral("de"));
    EXPECT_EQ(QCoreApplication::translate("Pages", "Blocks"), QStringLiteral("Blöcke"));
    EXPECT_EQ(QCoreApplication::translate("CollectionPage", "%Ln object(s)", nullptr, 1),
              QStringLiteral("1 Objekt"));
    EXPECT_EQ(QCoreApplication::translate("CollectionPage", "%Ln object(s)", nullptr, 1234),
              QStringLiteral("1.234 Objekte"));
    EXPECT_EQ(QCoreApplication::translate("ChainWords", "sale", "event"),
              QStringLiteral("Verkauf"));
    EXPECT_EQ(QLocale().toString(1234567.5, 'f', 1), QStringLiteral("1.234.567,5"));

    translations.apply(QStringLiteral("es"));
    EXPECT_EQ(QCoreApplication::translate("Pages", "Blocks"), QStringLiteral("Bloques"));
    EXPECT_EQ(QCoreApplication::translate("CollectionPage", "%Ln object(s)", nullptr, 1),
              QStringLiteral("1 objeto"));
    EXPECT_EQ(QCoreApplication::translate("CollectionPage", "%Ln object(s)", nullptr, 3),
              QStringLiteral("3 objetos"));
    EXPECT_EQ(QLocale().decimalPoint(), QStringLiteral(","));

    // English keeps its words and gets its plurals right.
    translations.apply(QStringLiteral("en"));
    EXPECT_EQ(QCoreApplication::translate("Pages", "Blocks"), QStringLiteral("Blocks"));
    EXPECT_EQ(QCoreApplication::translate("CollectionPage", "%Ln object(s)", nullptr, 1),
              QStringLiteral("1 object"));
    EXPECT_EQ(QCoreApplication::translate("CollectionPage", "%Ln object(s)", nullptr, 2),
              QStringLiteral("2 objects"));
}

TEST(Translations, AChoiceResolvesToALanguageGifscanSpeaks)
{
    EXPECT_EQ(Translations::resolve(QStringLiteral("de")), QStringLiteral("de"));
    EXPECT_EQ(Translations::resolve(QStringLiteral("es")), QStringLiteral("es"));
    // Not one of ours: the system's if it is, else English; never the unknown.
    EXPECT_TRUE(Translations::available().contains(Translations::resolve(QStringLiteral("fr"))));
    EXPECT_TRUE(Translations::available().contains(Translations::resolve(QString())));
}

// A node's failure reaches the reader in the reader's language; what the node
// itself said stays as the detail.
TEST(Translations, ANodesFailureIsSaidInTheReadersLanguage)
{
    Translations translations;
    gifscan::ClientError e;
    e.kind = gifscan::ClientError::Kind::Network;
    e.message = QStringLiteral("Connection refused");
    translations.apply(QStringLiteral("de"));
    EXPECT_EQ(ChainWords::clientError(e),
              QStringLiteral("der Knoten ist nicht erreichbar (Connection refused)"));
    e.kind = gifscan::ClientError::Kind::RateLimited;
    e.retryAfter = 3;
    EXPECT_EQ(ChainWords::clientError(e),
              QStringLiteral("der Knoten begrenzt die Anfragen: in 3 Sekunden erneut versuchen"));
    translations.apply(QStringLiteral("en"));
    e.retryAfter = 1;
    EXPECT_EQ(ChainWords::clientError(e),
              QStringLiteral("the node is limiting requests: try again in 1 second"));
}

// A height past the head reads as one to come in German ("hinter dem
// aktuellen Block" read as the past).
TEST(Translations, AHeightPastTheHeadReadsAsNotYetInGerman)
{
    Translations translations;
    translations.apply(QStringLiteral("de"));
    const QString said =
        QCoreApplication::translate("ObjectPageModel", "Height %L1 is beyond the head (%L2).")
            .arg(QStringLiteral("99999"), QStringLiteral("12")); // as DisplayFormat::height
    translations.apply(QStringLiteral("en"));
    EXPECT_EQ(said,
              QStringLiteral("Blockhöhe 99999 gibt es noch nicht: der aktuelle Block ist 12."));
}
