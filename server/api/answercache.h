#pragma once

#include "server/api/restreply.h"

#include <QByteArray>
#include <QCache>
#include <cstdint>
#include <optional>

namespace gifscan::server {

// A read server's answers at its current head, by request: an explorer's
// first pages, a bot's poll of the same list, asked again and again
// between two blocks, are answered without reading PostgreSQL again (a
// page of ten objects is a few statements, each a round trip). An answer
// depends on the request and the height alone on a read server, but for
// what reads its copy of the node's pool (MempoolMirror), which the server
// does not keep here; so the cache is right until the head moves, and
// emptied then. Bounded in bytes; the least recently used goes first. Node
// thread, as the server that asks.
class AnswerCache
{
public:
    explicit AnswerCache(qsizetype maxBytes = 32 * 1024 * 1024);

    // An answer, and the rate-limit tokens it cost past the request's own
    // (a GraphQL query's price): a repeat pays them too, so that asking
    // again is never cheaper than asking once.
    struct Answer
    {
        RestReply reply;
        int tokens = 0;
    };
    std::optional<Answer> find(std::uint64_t head, const QByteArray &request);
    // Kept when it is an answer (200): refusals depend on the asker.
    void keep(std::uint64_t head, const QByteArray &request, const RestReply &reply,
              int tokens = 0);

    qint64 hits() const { return m_hits; }
    qint64 misses() const { return m_misses; }

private:
    void at(std::uint64_t head);

    QCache<QByteArray, Answer> m_answers;
    std::uint64_t m_head = 0;
    qint64 m_hits = 0;
    qint64 m_misses = 0;
};

} // namespace gifscan::server
