#pragma once

#include "server/api/restreply.h"
#include "server/records/recordreader.h"

#include <QUrlQuery>
#include <cstdint>
#include <optional>

namespace gifscan::server {

// The object list's query (`GET /v1/objects`): its traits (`trait=Name:Value`,
// repeated), the devnet's `anyTrait`, `minPrice` and `maxPrice`, its order
// (`sort`, `reverse`) and `listed`, read into `filter`. A malformed one is
// the answer already known (400, told at `head`); nullopt when all were read.
// The collection, owner and cursor, which need the chain, are the route's.
std::optional<RestReply> readObjectFilter(const QUrlQuery &query, std::uint64_t head,
                                          ObjectFilter *filter);

} // namespace gifscan::server
