#pragma once

#include "server/records/recordreader.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace gifscan::server {

// The object lists' orders by name, one row an order: REST's
// `/v1/objects?sort=` and GraphQL's ObjectSort enum, read by the lists and
// by their prices alike.
struct ObjectSort
{
    const char *rest;
    const char *graphql;
    ObjectFilter::Order order;
};
inline constexpr ObjectSort kObjectSorts[] = {
    {"id", "ID", ObjectFilter::Order::Id},
    {"rarity", "RARITY", ObjectFilter::Order::Rarity},
    {"price", "PRICE", ObjectFilter::Order::Price},
    {"lastSale", "LAST_SALE", ObjectFilter::Order::LastSale},
    {"listed", "LISTED", ObjectFilter::Order::RecentlyListed},
};

// The order `name` names in one API's words (&ObjectSort::rest or
// &ObjectSort::graphql); nothing for a name of none.
inline std::optional<ObjectFilter::Order> objectSort(const QString &name,
                                                     const char *ObjectSort::*words)
{
    for (const ObjectSort &s : kObjectSorts) {
        if (name == QLatin1String(s.*words))
            return s.order;
    }
    return std::nullopt;
}

// Every order's name in one API's words, in the table's order.
inline QStringList objectSortNames(const char *ObjectSort::*words)
{
    QStringList names;
    for (const ObjectSort &s : kObjectSorts)
        names << QLatin1String(s.*words);
    return names;
}

} // namespace gifscan::server
