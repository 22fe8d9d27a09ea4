#pragma once

#include "server/graphql/limits.h"
#include "server/graphql/output.h"
#include "server/graphql/schema.h"

#include <QJsonArray>
#include <QJsonObject>
#include <set>

namespace gifscan::server::graphql {

struct Request
{
    QString query;
    QJsonObject variables;
    QString operationName;
};

struct Response
{
    // Absent (not null) when the request failed before execution (§7.1.2).
    std::optional<Output> data;
    QJsonArray errors;
    QJsonObject extensions;
    // What the cost check estimated, once the limits held (0 before that).
    double cost = 0;
    // Introspection fields resolved: its price, charged past `cost` after.
    int introspectionFields = 0;
    // Every root field was introspection: the same answer at every height.
    bool introspectionOnly = false;
    // Qt's JSON object (keys sorted): for callers that read values.
    QJsonObject toJson() const;
    // The response as sent: data's keys in the order the query asked for.
    QByteArray toBytes() const;
};

// Executes one GraphQL request over a Schema (October 2021, §6): the
// operation chosen, variables coerced, fields collected with fragments and
// @skip/@include, arguments coerced, resolvers called, values completed
// with null propagation and errors carrying their path and locations.
// Limits are checked after validation and before execution, which stops
// past the time budget. Any thread; the schema is only read.
class Executor
{
public:
    Executor(const Schema &schema, Limits limits) : m_schema(schema), m_limits(limits) {}

    // Asked once a request is within the limits and before it runs, with
    // its cost: empty to run it, else why not (the request's error).
    using Admission = std::function<QString(double cost)>;

    // `root` is what the query type's resolvers get as their parent.
    Response execute(const Request &request, const std::any &root,
                     const Admission &admit = {}) const;

private:
    const Schema &m_schema;
    Limits m_limits;
};

} // namespace gifscan::server::graphql
