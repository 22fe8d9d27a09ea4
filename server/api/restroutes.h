#pragma once

#include "server/api/restreply.h"

#include <QByteArray>
#include <QStringList>
#include <QUrl>
#include <QUrlQuery>
#include <cstdint>
#include <optional>

namespace gifscan::chain {
class ServedChain;
} // namespace gifscan::chain

namespace gifscan::server {

class RecordReader;
struct ObjectFilter;

// The GET endpoints of PROTOCOL §5, one function each, found in a table by
// the path's resource and length (as bitcoin-core finds an RPC method). It
// reads the chain and the indexer and keeps nothing between requests. One
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

    // A request as the handlers see it: the path's parts after the split,
    // the head when it arrived and the height it is answered at (the head,
    // or a single record's `?height=`).
    struct Request
    {
        QUrl url;
        QUrlQuery query;
        QStringList parts;
        QByteArray ifNoneMatch;
        std::uint64_t head = 0;
        std::uint64_t at = 0;
    };

private:
    using Handler = RestReply (RestRoutes::*)(const Request &) const;
    struct Route
    {
        const char *resource; // parts[1]
        int parts;            // how many parts the path has
        const char *last;     // what the last part must be, or nullptr
        Handler handler;
    };
    static const Route kRoutes[];

    RestReply blocks(const Request &r) const;
    RestReply block(const Request &r) const;
    RestReply transaction(const Request &r) const;
    Request requestOf(const QUrl &url, const QByteArray &ifNoneMatch) const;
    RestReply objects(const Request &r) const;
    // The page and filter an object list asks for, or the answer that
    // refuses it (or is its empty page): the handler's and the price's.
    std::optional<RestReply> objectsAsked(const Request &r, rest::ListPage *p,
                                          ObjectFilter *filter) const;
    RestReply object(const Request &r) const;
    RestReply frames(const Request &r, int object) const;
    RestReply collections(const Request &r) const;
    RestReply traits(const Request &r) const;
    RestReply mempool(const Request &r) const;
    RestReply wallet(const Request &r) const;
    RestReply activity(const Request &r) const;

    chain::ServedChain &m_chain;
    RecordReader &m_indexer;
};

} // namespace gifscan::server
