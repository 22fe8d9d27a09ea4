#pragma once

#include "chain/engine/servedchain.h"

namespace gifscan::chain {

// One request's reads of a chain, as one snapshot (ServedChain::beginRead): a
// server opens it before it reads the head and closes it after its answer
// is made. ok() false: the database cannot be read now (a read server's
// PostgreSQL away, or no block in it yet); the server answers 503 with
// failure()'s words. On the node's own thread, as its chain.
class ChainReadScope
{
public:
    explicit ChainReadScope(ServedChain &chain) : m_chain(chain), m_began(chain.beginRead()) {}
    ~ChainReadScope()
    {
        if (m_began)
            m_chain.endRead();
    }
    ChainReadScope(const ChainReadScope &) = delete;
    ChainReadScope &operator=(const ChainReadScope &) = delete;

    bool ok() const { return m_began.has_value(); }
    // Why the reads could not begin; only when !ok().
    const Failure &failure() const { return m_began.error(); }

private:
    ServedChain &m_chain;
    Outcome<> m_began;
};

} // namespace gifscan::chain
