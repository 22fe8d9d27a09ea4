#pragma once

#include "core/client/clienterror.h"
#include "core/protocol/records.h"

#include <QList>
#include <optional>

namespace gifscan {

// What an explorer page shows first, asked together: in one GraphQL request
// where the node serves /graphql, else in the REST requests it takes.
struct ObjectPageRecords
{
    ObjectRecord object;
    std::optional<TraitCounts> traitCounts; // none when the node has none
    QList<ActivityEntry> history;           // the object's entries, newest first
    bool historyComplete = true;            // false: only the newest of them
};
struct CollectionPageRecords
{
    std::optional<Collection> collection; // REST has no single collection: none there
    TraitCounts traitCounts;
};
struct AddressPageRecords
{
    Wallet wallet;
    Page<ObjectRecord> holdings;  // the first page; its cursor continues over REST
    Page<ActivityEntry> activity; // the same
    // A list that could not be had beside the wallet (REST asks each on its
    // own): the page shows the wallet and the list asks again by itself.
    ClientError holdingsError;
    ClientError activityError;
};

} // namespace gifscan
