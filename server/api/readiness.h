#pragma once

#include "chain/engine/chainreadscope.h"

#include <QUrlQuery>
#include <optional>

namespace gifscan::server {

// Whether this server can answer a request now, and why not: its chain's
// snapshot could not be read (a read server's database away), or it has
// not read up to the height the request demands: `?minHeight=H`, or the
// height a cursor was issued at (on a read server, whose replica may lag
// the one that issued it). Either is answered 503 with Retry-After, never
// with older data. Node thread, as the servers that ask.
struct Readiness
{
    static constexpr int kRetryAfterSeconds = 1;

    QString problem;                   // empty: ready
    std::optional<std::uint64_t> need; // the height asked for, when that is the reason
    bool badRequest = false;           // minHeight is not a height

    bool ready() const { return problem.isEmpty(); }
    static Readiness of(const chain::ChainReadScope &scope, const chain::ServedChain &chain,
                        const QUrlQuery &query);
};

} // namespace gifscan::server
