// A collection's grid filter as a link keeps it: written canonically, read
// back exactly, wrong input refused in words; prices in GIF exactly.
#include "models/collectionfilter.h"

#include "models/giflink.h"
#include "models/location.h"
#include "models/searchquery.h"

#include <gtest/gtest.h>

using namespace gifscan;

TEST(CollectionFilter, PricesInGifAreExactWei)
{
    EXPECT_EQ(CollectionFilter::parseGif(QStringLiteral("1.5")),
              Amount(1'500'000'000'000'000'000ULL));
    EXPECT_EQ(CollectionFilter::parseGif(QStringLiteral("0.000000000000000001")), Amount(1));
    EXPECT_EQ(CollectionFilter::parseGif(QStringLiteral(".5")), Amount(500'000'000'000'000'000ULL));
    EXPECT_EQ(CollectionFilter::parseGif(QStringLiteral("7")),
              Amount(7'000'000'000'000'000'000ULL));
    for (const char *bad : {"", ".", "1.2.3", "-1", "1e3", "0.0000000000000000001", "abc", "1,5"})
        EXPECT_FALSE(CollectionFilter::parseGif(QString::fromLatin1(bad))) << bad;
    EXPECT_EQ(CollectionFilter::gifText(Amount(1'500'000'000'000'000'000ULL)),
              QStringLiteral("1.5"));
    EXPECT_EQ(CollectionFilter::gifText(Amount(1)), QStringLiteral("0.000000000000000001"));
    EXPECT_EQ(CollectionFilter::gifText(Amount(0)), QStringLiteral("0"));
}

TEST(CollectionFilter, ALinksQueryRoundTrips)
{
    CollectionFilter f;
    f.traits = {{QStringLiteral("Mood"), QStringLiteral("Calm & bright")},
                {QStringLiteral("Mood"), QStringLiteral("Wild")},
                {QStringLiteral("Eyes: left"), QStringLiteral("a=b")}};
    f.order = CollectionFilter::Order::Price;
    f.reversed = true;
    f.listedOnly = true;
    f.minPrice = CollectionFilter::parseGif(QStringLiteral("1.5"));
    f.maxPrice = CollectionFilter::parseGif(QStringLiteral("20"));
    const QString query = f.toQuery();
    EXPECT_TRUE(query.startsWith(QStringLiteral(
        "trait=Eyes%3A%20left:a%3Db&trait=Mood:Calm%20%26%20bright&trait=Mood:Wild&")))
        << "traits sorted, one filter one link: " << query.toStdString();
    CollectionFilter::sortTraits(f.traits);
    EXPECT_TRUE(query.endsWith(QStringLiteral("&sort=price&reverse=1&listed=1&min=1.5&max=20")));
    QString error;
    EXPECT_EQ(CollectionFilter::fromQuery(query, &error), f) << error.toStdString();
    EXPECT_TRUE(CollectionFilter().toQuery().isEmpty());
    EXPECT_EQ(CollectionFilter::fromQuery({}, &error), CollectionFilter());

    for (const char *bad : {"trait=NoColon", "sort=cheapest", "reverse=yes", "min=abc", "page=2"}) {
        error.clear();
        EXPECT_FALSE(CollectionFilter::fromQuery(QString::fromLatin1(bad), &error)) << bad;
        EXPECT_TRUE(error.contains(QString::fromLatin1(bad))) << error.toStdString();
    }

    // Values of one trait ask for any of them; a lone value is the protocol's trait=.
    const auto q = f.query(QStringLiteral("moods"));
    EXPECT_EQ(q.anyTraits.size(), 2);
    EXPECT_EQ(q.traits, (QList<Trait>{f.traits[0]}));
    EXPECT_TRUE(q.reverse);
    EXPECT_EQ(q.sort, QStringLiteral("price"));
}

TEST(CollectionFilter, ALocationAndAGifLinkKeepIt)
{
    CollectionFilter f;
    f.traits = {{QStringLiteral("Mood"), QStringLiteral("Calm & bright")}};
    f.minPrice = CollectionFilter::parseGif(QStringLiteral("2"));
    const Location here = Location::collection(QStringLiteral("moods"), f.toQuery());
    EXPECT_EQ(here.text(), QStringLiteral("moods?") + f.toQuery());
    EXPECT_EQ(Location::parse(here.text()), here) << "the search box reads it back";

    const QString link = GifLink::make(here.text());
    EXPECT_TRUE(link.startsWith(QStringLiteral("gif://6464/moods?trait=Mood:")))
        << link.toStdString();
    const gifscan::Outcome<QString> opened = GifLink::target(link);
    ASSERT_TRUE(opened) << opened.error().message.toStdString();
    EXPECT_EQ(Location::parse(opened.value()), here);
    const gifscan::Outcome<QString> clicked = GifLink::target(QUrl(link));
    ASSERT_TRUE(clicked) << "as a clicked anchor hands it over: "
                         << clicked.error().message.toStdString();
    EXPECT_EQ(Location::parse(clicked.value()), here);

    // No filter after the '?': the line without it (found by fuzz_search_query).
    EXPECT_EQ(SearchQuery::parse(QStringLiteral("16?")).kind, SearchQuery::Kind::Height);
    EXPECT_EQ(SearchQuery::parse(QStringLiteral("16?&")).kind, SearchQuery::Kind::Height);
    EXPECT_EQ(SearchQuery::parse(QStringLiteral("2024?sort=price")).kind,
              SearchQuery::Kind::Collection)
        << "a slug of digits with a filter is a collection";
    EXPECT_EQ(Location::canonicalText(SearchQuery::parse(QStringLiteral("2024?sort=price"))),
              QStringLiteral("2024?sort=price"));

    const SearchQuery wrong = SearchQuery::parse(QStringLiteral("moods?sort=cheapest"));
    EXPECT_EQ(wrong.kind, SearchQuery::Kind::Invalid);
    EXPECT_FALSE(wrong.problem.isEmpty());
}
