#pragma once

#include "chain/engine/chain.h"

namespace gifscan::devnet {

// One request's reads of a chain, as one snapshot (Chain::beginRead): a
// server opens it before it reads the head and closes it after its answer
// is made. ok() false: the database cannot be read now (a read server's
// PostgreSQL away); the server answers 503 with `error()`. On the node's
// own thread, as its chain.
class ChainReadScope
{
public:
    explicit ChainReadScope(Chain &chain) : m_chain(chain), m_ok(chain.beginRead(&m_error)) {}
    ~ChainReadScope()
    {
        if (m_ok)
            m_chain.endRead();
    }
    ChainReadScope(const ChainReadScope &) = delete;
    ChainReadScope &operator=(const ChainReadScope &) = delete;

    bool ok() const { return m_ok; }
    const QString &error() const { return m_error; }

private:
    Chain &m_chain;
    QString m_error;
    bool m_ok;
};

} // namespace gifscan::devnet
