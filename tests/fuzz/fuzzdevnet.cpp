#include "tests/fuzz/fuzzdevnet.h"

#include "tests/fuzz/fuzztarget.h"

namespace gifscan::fuzz {

namespace {
chain::ChainOptions options()
{
    setUpQt();
    chain::ChainOptions o;
    o.objects = 24; // as scripts/fuzzcorpus.sh's node, so the seeds name what exists
    o.traffic = true;
    o.ephemeral = true;
    o.blockTime = 5;
    return o;
}
} // namespace

FuzzDevnet::FuzzDevnet()
    : chain(options()), indexer(chain.state()), limiter(1000, 1000), dispatcher(chain, indexer),
      rest(chain, indexer, limiter)
{
    if (!chain.open())
        fail(__FILE__, __LINE__, "the fuzz devnet cannot open");
    // Transfers, listings, sales and mints to answer about.
    for (int i = 0; i < 16; ++i)
        chain.produceBlock();
}

FuzzDevnet &FuzzDevnet::instance()
{
    static FuzzDevnet devnet;
    return devnet;
}

} // namespace gifscan::fuzz
