#pragma once

#include "core/client/nodeindex.h"

namespace gifscan {

// A page's first records from REST, where a node has no GraphQL: the same
// records in the several requests REST takes for them, asked side by side
// and answered together. Callbacks run on the asking thread, while `context`
// lives, as every NodeIndex answer.
class RestPageLoads
{
public:
    // REST's feed filters by collection, not by object: an object's history
    // is picked from its collection's newest pages, this many of 100.
    static constexpr int kHistoryPages = 5;

    static void objectPage(NodeIndex &index, const QString &slug, std::uint64_t tokenId,
                           std::optional<std::uint64_t> height, QObject *context,
                           NodeIndex::Done<ObjectPageRecords> done);
    static void collectionPage(NodeIndex &index, const QString &slug,
                               std::optional<std::uint64_t> height, QObject *context,
                               NodeIndex::Done<CollectionPageRecords> done);
    static void addressPage(NodeIndex &index, const Address &address, int pageSize,
                            QObject *context, NodeIndex::Done<AddressPageRecords> done);
};

} // namespace gifscan
