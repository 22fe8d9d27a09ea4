#pragma once

// A small devnet in process for the node's fuzz targets: a few blocks of
// traffic, so that every endpoint has something to answer with. Made once
// per process, on first use, on the fuzzer's (main) thread.
#include "chain/engine/chain.h"
#include "devnet/api/restserver.h"
#include "devnet/api/rpcdispatcher.h"
#include "devnet/net/ratelimiter.h"
#include "devnet/records/recordreader.h"

namespace gifscan::fuzz {

struct FuzzDevnet
{
    FuzzDevnet();
    chain::Chain chain;
    devnet::RecordReader indexer;
    devnet::RateLimiter limiter;
    devnet::RpcDispatcher dispatcher;
    devnet::RestServer rest;

    static FuzzDevnet &instance();
};

} // namespace gifscan::fuzz
