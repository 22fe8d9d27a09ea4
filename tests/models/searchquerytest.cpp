#include "models/searchquery.h"

#include "models/location.h"

#include <gtest/gtest.h>

using Kind = SearchQuery::Kind;

TEST(SearchQuery, ClassifiesEverythingTheBoxAccepts)
{
    EXPECT_EQ(SearchQuery::parse(QStringLiteral("1234")).kind, Kind::Height);
    EXPECT_EQ(SearchQuery::parse(QStringLiteral(" 0 ")).height, 0u);
    const auto hash = SearchQuery::parse(QStringLiteral("0xABCDEF") + QString(58, u'0'));
    EXPECT_EQ(hash.kind, Kind::Hash);
    EXPECT_EQ(Location::canonicalText(hash), QStringLiteral("0xabcdef") + QString(58, u'0'));
    EXPECT_EQ(SearchQuery::parse(QStringLiteral("0xE331807FD0F469CF6ED5CE7DA632BB6038548E61")).kind,
              Kind::Address);
    EXPECT_EQ(SearchQuery::parse(QStringLiteral("pixel-cats")).kind, Kind::Collection);
    const auto object = SearchQuery::parse(QStringLiteral("Pixel-Cats#42"));
    EXPECT_EQ(object.kind, Kind::Object);
    EXPECT_EQ(Location::canonicalText(object), QStringLiteral("pixel-cats#42"));
    EXPECT_FALSE(object.atHeight);
    const auto past = SearchQuery::parse(QStringLiteral("pixel-cats#42@1200"));
    EXPECT_EQ(past.kind, Kind::Object);
    EXPECT_TRUE(past.atHeight);
    EXPECT_EQ(past.height, 1200u);
    EXPECT_EQ(Location::canonicalText(past), QStringLiteral("pixel-cats#42@1200"));
}

TEST(SearchQuery, SaysWhatIsWrongInPlace)
{
    for (const char *bad : {"", "0x12", "0xzz", "pixel-cats#", "pixel-cats#01", "pixel-cats#42@",
                            "pixel-cats#42@x", "#42", "hello world", "99999999999999999999999"}) {
        const auto q = SearchQuery::parse(QLatin1String(bad));
        EXPECT_EQ(q.kind, Kind::Invalid) << bad;
        EXPECT_FALSE(q.problem.isEmpty()) << bad;
    }
}

#include "models/searchsuggestions.h"

TEST(SearchSuggestions, OffersWhatTheLineCanBecome)
{
    const QStringList slugs{QStringLiteral("pixel-cats"), QStringLiteral("pixel-dogs"),
                            QStringLiteral("tiny-ghosts")};
    auto texts = [](const QList<SearchSuggestions::Suggestion> &list) {
        QStringList out;
        for (const auto &s : list)
            out.append(s.text);
        return out;
    };
    EXPECT_EQ(texts(SearchSuggestions::suggest(QStringLiteral("pix"), slugs, {})),
              (QStringList{QStringLiteral("pixel-cats"), QStringLiteral("pixel-dogs")}));
    EXPECT_EQ(texts(SearchSuggestions::suggest(QStringLiteral("pixel#7"), slugs, {})),
              (QStringList{QStringLiteral("pixel#7"), QStringLiteral("pixel-cats#7"),
                           QStringLiteral("pixel-dogs#7")}));
    const auto height =
        SearchSuggestions::suggest(QStringLiteral("42"), slugs, {QStringLiteral("tiny-ghosts#42")});
    ASSERT_EQ(height.size(), 2);
    EXPECT_EQ(height[0].label, QStringLiteral("block 42"));
    EXPECT_EQ(height[1].text, QStringLiteral("tiny-ghosts#42"))
        << "recent searches that contain it";
    const QString address = QStringLiteral("0x") + QString(40, u'a');
    EXPECT_TRUE(SearchSuggestions::suggest(address, slugs, {})
                    .first()
                    .label.startsWith(QStringLiteral("address")));
    EXPECT_TRUE(SearchSuggestions::suggest(QStringLiteral("  "), slugs, {}).isEmpty());
    EXPECT_EQ(
        SearchSuggestions::suggest(QStringLiteral("p"), QStringList(20, QStringLiteral("p")), {}, 3)
            .size(),
        1)
        << "no repeats";
}

#include "models/giflink.h"

#include <QUrl>

TEST(GifLink, OpensWhatTheSearchBoxOpensOnThisChainOnly)
{
    // What a link opens, or why it opens nothing, in the user's words.
    const auto opens = [](const auto &link) {
        const gifscan::Outcome<QString> target = GifLink::target(link);
        return target ? target.value() : QString();
    };
    const auto why = [](const auto &link) {
        const gifscan::Outcome<QString> target = GifLink::target(link);
        return target ? QString() : target.error().message;
    };
    EXPECT_EQ(opens(QStringLiteral("gif://6464/pixel-cats#42@1200")),
              QStringLiteral("pixel-cats#42@1200"));
    EXPECT_EQ(opens(QStringLiteral("gif://6464/pixel-cats%2342")), QStringLiteral("pixel-cats#42"));
    EXPECT_EQ(opens(QStringLiteral("gif://6464/1200")), QStringLiteral("1200"));
    const QString address = QStringLiteral("0x") + QString(40, u'a');
    EXPECT_EQ(opens(QStringLiteral("gif://6464/") +
                    address.toUpper().replace(QStringLiteral("0X"), QStringLiteral("0x"))),
              address);
    EXPECT_TRUE(why(QStringLiteral("gif://1/pixel-cats#1")).contains(QStringLiteral("chain 1")));
    EXPECT_FALSE(why(QStringLiteral("https://6464/x")).isEmpty());
    EXPECT_FALSE(why(QStringLiteral("gif://6464/Not A Thing")).isEmpty());
    // Through QUrl, as a clicked link arrives.
    EXPECT_EQ(opens(QUrl(GifLink::make(QStringLiteral("tiny-ghosts#7@3")))),
              QStringLiteral("tiny-ghosts#7@3"));
    EXPECT_FALSE(why(QUrl(QStringLiteral("gif://6465/1"))).isEmpty());
}

TEST(SearchSuggestions, CollectionsAreOfferedByTheirNamesWithTheirSlugs)
{
    const QStringList slugs{QStringLiteral("quiet-a"), QStringLiteral("quiet-b"),
                            QStringLiteral("pixel-cats")};
    const QHash<QString, QString> names{
        {QStringLiteral("quiet-a"), QStringLiteral("Quiet Pixels")},
        {QStringLiteral("quiet-b"), QStringLiteral("Quiet Pixels")},
        {QStringLiteral("pixel-cats"), QStringLiteral("Pixel Cats")}};
    const auto offered =
        SearchSuggestions::suggest(QStringLiteral("quiet pix"), slugs, {}, 8, names);
    ASSERT_EQ(offered.size(), 2);
    EXPECT_EQ(offered[0].text, QStringLiteral("quiet-a"));
    EXPECT_EQ(offered[0].label, QStringLiteral("collection Quiet Pixels (quiet-a)"));
    EXPECT_EQ(offered[1].text, QStringLiteral("quiet-b"));
    EXPECT_EQ(SearchSuggestions::suggest(QStringLiteral("CATS"), slugs, {}, 8, names).first().text,
              QStringLiteral("pixel-cats"));
}
