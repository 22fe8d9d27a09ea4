#pragma once

// A small devnet in process for the node's fuzz targets: a few blocks of
// traffic, so that every endpoint has something to answer with. Made once
// per process, on first use, on the fuzzer's (main) thread.
#include "chain/engine/chain.h"
#include "server/api/restserver.h"
#include "server/api/rpcdispatcher.h"
#include "server/net/ratelimiter.h"
#include "server/records/recordreader.h"

namespace gifscan::fuzz {

struct FuzzDevnet
{
    FuzzDevnet();
    chain::Chain chain;
    server::RecordReader indexer;
    server::RateLimiter limiter;
    server::RpcDispatcher dispatcher;
    server::RestServer rest;

    static FuzzDevnet &instance();
};

} // namespace gifscan::fuzz
