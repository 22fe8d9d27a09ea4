#pragma once

#include "server/graphql/ast.h"

#include <QJsonObject>
#include <any>
#include <functional>

namespace gifscan {
class Clock;
}

namespace gifscan::server::graphql {

class Schema;

// What a query may ask of the node, checked before anything executes: a
// query over a limit is refused with an error naming it, never answered
// slowly (docs/PROTOCOL.md).
struct Limits
{
    qsizetype maxQueryBytes = 64 * 1024; // "size"
    int maxDepth = 12;                   // "depth"; __schema and __type subtrees exempt
    int maxFirst = 100;                  // "first": 1 … maxFirst
    int defaultFirst = 25;
    int maxCost = 5000; // "cost": the nodes a query may touch at most
    // And what execution may produce, whatever the estimate said (lists an
    // estimate cannot know the length of, as introspection's): "cost" too.
    int maxOutputValues = 100000;
    // "time": execution stops once it has run this long, the backstop for
    // work no estimate foresees (a store grown slow); on `clock`, the
    // steady one when null. The cost keeps a query near 70 ms; this leaves
    // room for a slower machine (a sanitizer build, a loaded CI) before a
    // legitimate query is refused.
    qint64 timeBudgetMs = 250;
    const Clock *clock = nullptr;
    // The store's own word that the budget is spent (its reads are cut then,
    // and a resolver that threw for it fails the request as "time", not as
    // an internal error); none: the clock's only.
    std::function<bool()> pastDeadline;
    // Introspection (__schema, __type and below) is not timed: its work is
    // the schema's own, the same on every machine. It is priced instead: at
    // most `maxSchemaFields` __schema fields in a query (twenty aliases of
    // one held the node at 100 % for one token), each charged `schemaCost`
    // nodes before it runs (the node sets it to what the standard
    // introspection query resolves), and at most `maxIntrospectionFields`
    // introspection fields resolved in one response ("cost"); what one
    // resolves past its charge is charged after (Response::introspectionFields).
    int maxSchemaFields = 1;
    double schemaCost = 1;
    int maxIntrospectionFields = 100000;
};

// What the limits say of a valid operation with its variables coerced:
// empty when it may run, or the error naming the limit it is over. The
// depth counts fields, __schema and __type subtrees exempt (so the standard
// introspection query passes); the cost counts each field once per parent,
// or what its Field::weigh says for `root`, and multiplies what is below a
// field with a `first` argument by its page size. Any thread.
struct LimitCheck
{
    QString error;
    std::vector<SourceLocation> at;
    double cost = 0; // when the depth and first limits held
    // Every root field is __schema, __type or __typename: the answer is the
    // schema's alone, the same at every height (a cache may keep it).
    bool introspectionOnly = false;
};
LimitCheck checkLimits(const Schema &schema, const Document &doc, const Operation &op,
                       const QJsonObject &variables, const Limits &limits,
                       const std::any &root = {});

} // namespace gifscan::server::graphql
