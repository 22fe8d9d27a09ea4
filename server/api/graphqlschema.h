#pragma once

#include "core/support/clock.h"
#include "server/graphql/executor.h"

#include <deque>

namespace gifscan::chain {
class ChainView;
class Mempool;
} // namespace gifscan::chain

namespace gifscan::server {

class RecordReader;

// The indexer's GraphQL schema over the chain (docs/PROTOCOL.md): the
// records REST serves, built by the same RecordJson functions so the two
// cannot disagree, and what REST needs several requests for (a collection
// with its trait counts and objects) in one. Every root field takes an
// optional `height`; lists are Relay connections with REST's cursors,
// pinned to the height of their first page. Lives on the node thread, as
// the state and indexer it reads.
class ChainGraphql
{
public:
    ChainGraphql(const chain::ChainView &state, RecordReader &indexer,
                 const chain::Mempool &mempool, const Clock &clock = Clock::steady());

    // A query takes a rate-limit token per this much of its cost, the first
    // one included (PROTOCOL: one REST request's worth of the node's time).
    static constexpr double kCostPerToken = 100;
    // Takes `tokens` from the asking client's bucket, or says in how many
    // seconds they will be there.
    using TokenTaker = std::function<bool(int tokens, int *retryAfterSeconds)>;
    // Takes `tokens` even when the bucket has fewer: a debt the client's
    // next requests wait out (what introspection resolved past its charge).
    using TokenCharger = std::function<void(int tokens)>;

    // The response object: data, errors, and extensions.height (the height
    // answered at: the one asked for where a root field asked for one).
    QJsonObject execute(const graphql::Request &request) const;
    // The same, as the executor's response (its bytes keep the query's order).
    // `behind`, when given: set to the minHeight a root field demanded past
    // the head, if one did.
    graphql::Response respond(const graphql::Request &request,
                              const graphql::Executor::Admission &admit = {},
                              std::optional<std::uint64_t> *behind = nullptr) const;
    const graphql::Schema &schema() const { return m_schema; }

    // GraphQL over HTTP as its draft says: GET with query parameters for
    // queries, POST with an application/json body; answers in
    // application/graphql-response+json (400 for a request that failed
    // before execution) when the client accepts it, else application/json
    // (200). The status, the body, its type and the height answered at.
    // The request has taken one token already; `take` is asked for the rest
    // its cost needs, and a refusal is 429 with Retry-After.
    struct HttpAnswer
    {
        int status = 200;
        QByteArray body;
        QByteArray mime = QByteArrayLiteral("application/json");
        std::uint64_t height = 0;
        QList<QPair<QByteArray, QByteArray>> headers;
        // An answer without errors, of the data alone (no introspection,
        // priced on its own): the same at this head for anyone. `tokens`:
        // what its cost took past the request's own token.
        bool cacheable = false;
        int tokens = 0;
    };
    HttpAnswer answerHttp(const QByteArray &method, const QUrl &url, const QByteArray &body,
                          const QByteArray &contentType, const QByteArray &accept,
                          const TokenTaker &take = {}, const TokenCharger &owe = {}) const;
    const graphql::Limits &limits() const { return m_limits; }
    void setTimeBudget(qint64 ms) { m_limits.timeBudgetMs = ms; }

private:
    void addTypes();
    void addRootFields();
    void priceIntrospection();

    const chain::ChainView &m_state;
    RecordReader &m_indexer;
    const chain::Mempool &m_mempool;
    graphql::Schema m_schema;
    graphql::Limits m_limits;
    // Answers of the schema alone (introspection), by query, operation and
    // variables; the oldest goes first.
    static constexpr std::size_t kCachedIntrospections = 16;
    mutable std::deque<std::pair<QString, graphql::Response>> m_introspections;
};

} // namespace gifscan::server
