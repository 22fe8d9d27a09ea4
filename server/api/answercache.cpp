#include "server/api/answercache.h"

namespace gifscan::server {

AnswerCache::AnswerCache(qsizetype maxBytes) : m_answers(maxBytes) {}

void AnswerCache::at(std::uint64_t head)
{
    if (head == m_head)
        return;
    m_answers.clear();
    m_head = head;
}

std::optional<AnswerCache::Answer> AnswerCache::find(std::uint64_t head, const QByteArray &request)
{
    at(head);
    if (const Answer *known = m_answers.object(request)) {
        ++m_hits;
        return *known;
    }
    ++m_misses;
    return std::nullopt;
}

void AnswerCache::keep(std::uint64_t head, const QByteArray &request, const RestReply &reply,
                       int tokens)
{
    at(head);
    if (reply.status != QHttpServerResponder::StatusCode::Ok)
        return;
    // Its bytes and the key's, and some for the headers: what it holds in memory.
    const qsizetype cost = reply.body.size() + request.size() + 256;
    m_answers.insert(request, new Answer{reply, tokens}, cost);
}

} // namespace gifscan::server
