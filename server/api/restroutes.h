#pragma once

#include "server/api/restreply.h"

#include <QByteArray>
#include <QString>
#include <QUrl>

namespace gifscan::chain {
class ServedChain;
} // namespace gifscan::chain

namespace gifscan::server {

class RecordReader;

// The GET endpoints of PROTOCOL §5, one function each, found in a table by
// the path's resource and length (as bitcoin-core finds an RPC method). The
// handlers and their table are the .cpp's alone: an endpoint is a row and a
// function there, and this header does not change. It reads the chain and
// the indexer and keeps nothing between requests. One
// lives on the node thread, with the RestServer that owns it, and one on
// each of a read server's reader threads (ReaderPool), over its own chain.
class RestRoutes
{
public:
    // The route `url` takes, as a template ("/v1/objects/{}/{}"), for the
    // metrics: never a request's own path. "other" when it takes none.
    static QString routeOf(const QUrl &url);
    // Whether `url` is the pool's own page, which reads it whole: a read
    // server's mirror of its node's pool is its node thread's, and a reader
    // (ReaderPool) has an empty one.
    static bool isMempoolPage(const QUrl &url);
    RestRoutes(chain::ServedChain &chain, RecordReader &indexer);

    // The answer to a GET of `url`; throws only on a bug, or ReadTimedOut
    // when the store's deadline cut it.
    RestReply answer(const QUrl &url, const QByteArray &ifNoneMatch) const;
    // What answering `url` reads, in GraphQL's cost nodes
    // (RecordReader::objectsCost): a list of objects what its page reads,
    // parsed as its handler parses it; anything else one node.
    double cost(const QUrl &url) const;

private:
    chain::ServedChain &m_chain;
    RecordReader &m_indexer;
};

} // namespace gifscan::server
