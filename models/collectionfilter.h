#pragma once

#include "core/client/nodeindex.h"
#include "core/protocol/amount.h"
#include "core/protocol/records.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <optional>

// What a collection's grid is asked: the trait values chosen (several of one
// trait: any of them; of different traits: all), the order and its
// direction, listed only, a price range. Written as a link's query
// ("trait=Mood:Calm&sort=price&reverse=1&min=1.5") so a location, the
// history and a gif:// link keep it. Pure value: any thread.
struct CollectionFilter
{
    Q_GADGET
    Q_DECLARE_TR_FUNCTIONS(CollectionFilter)

public:
    // All but Id and Rarity are devnet additions.
    enum class Order { TokenId, Rarity, Price, LastSale, RecentlyListed };
    Q_ENUM(Order)

    QList<gifscan::Trait> traits;
    Order order = Order::TokenId;
    bool reversed = false; // the order's other way round
    bool listedOnly = false;
    std::optional<gifscan::Amount> minPrice; // listed at least at this
    std::optional<gifscan::Amount> maxPrice; // listed at most at this

    // Some filter narrows the objects (an order alone does not).
    bool narrows() const;
    // Every value chosen of `trait`.
    QStringList valuesOf(const QString &trait) const;
    // The node's question for collection `slug`: one value of a trait as the
    // protocol's `trait=`, several as the devnet's `anyTrait=`.
    gifscan::NodeIndex::ObjectQuery query(const QString &slug) const;

    // The link's form, canonical (traits sorted, as fromQuery() reads them
    // back); empty for no filter.
    QString toQuery() const;
    // Read back; nothing, with `error` said, for what is not such a query.
    static std::optional<CollectionFilter> fromQuery(const QString &query, QString *error);
    // "1.5" (GIF, a point for decimals, at most 18 of them) in wei.
    static std::optional<gifscan::Amount> parseGif(const QString &text);
    static QString gifText(const gifscan::Amount &wei);
    // By trait, then value: the one order a filter's traits are kept in.
    static void sortTraits(QList<gifscan::Trait> &traits);

    bool operator==(const CollectionFilter &) const = default;
};
