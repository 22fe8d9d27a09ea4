#include "server/api/graphqlschema.h"

#include "chain/engine/chainview.h"
#include "chain/store/statereader.h"
#include "core/protocol/commitments.h"
#include "server/api/formquery.h"
#include "server/api/graphqlnodes.h"
#include "server/api/pagecursor.h"
#include "server/graphql/introspection.h"
#include "server/graphql/parser.h"
#include "server/records/recordjson.h"
#include "server/records/recordreader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>
#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace gifscan::server {

using namespace chaingraphql;

ChainGraphql::ChainGraphql(const chain::ChainView &state, RecordReader &indexer,
                           const chain::Mempool &mempool, const Clock &clock)
    : m_state(state), m_indexer(indexer), m_mempool(mempool)
{
    m_limits.clock = &clock;
    addTypes();
    addRootFields();
    m_schema.setQueryType(QStringLiteral("Query"));
    priceIntrospection();
}

void ChainGraphql::priceIntrospection()
{
    // What the standard introspection query resolves is what a __schema
    // costs; four times that is the most one response may resolve (a
    // client's own query asks for a little more or less, a crafted one
    // nests __Type.fields as deep as it may).
    graphql::Limits measuring = m_limits;
    measuring.maxIntrospectionFields = std::numeric_limits<int>::max();
    const graphql::Response standard =
        graphql::Executor(m_schema, measuring)
            .execute({QString::fromLatin1(graphql::standardIntrospectionQuery()), {}, {}},
                     std::any());
    m_limits.schemaCost = std::max(1, standard.introspectionFields);
    m_limits.maxIntrospectionFields = 4 * std::max(1, standard.introspectionFields);
}

QJsonObject ChainGraphql::execute(const graphql::Request &request) const
{
    return respond(request).toJson();
}

graphql::Response ChainGraphql::respond(const graphql::Request &request,
                                        const graphql::Executor::Admission &admit,
                                        std::optional<std::uint64_t> *behind) const
{
    Context context{&m_state,     &m_indexer,   &m_mempool, m_state.head(),
                    std::nullopt, std::nullopt, {}};
    // An answer of the schema alone is the same at every height: asked
    // again (a tool's introspection on every start), it is not worked out
    // again, and is charged all it resolved before it is given.
    const QString key = request.query + QChar(0) + request.operationName + QChar(0) +
                        QString::fromUtf8(QJsonDocument(request.variables).toJson());
    graphql::Response response;
    const auto cached = std::find_if(m_introspections.begin(), m_introspections.end(),
                                     [&key](const auto &entry) { return entry.first == key; });
    if (cached != m_introspections.end()) {
        response = cached->second;
        const double price =
            std::max(response.cost, static_cast<double>(response.introspectionFields));
        if (admit) {
            if (const QString no = admit(price); !no.isEmpty()) {
                response = {};
                response.errors.append(QJsonObject{{QStringLiteral("message"), no}});
                response.cost = price;
            }
        }
    } else {
        // A scan inside one resolver is cut at the budget too, by the store.
        const chain::ReadDeadline deadline(m_state.tables(), m_limits.timeBudgetMs);
        graphql::Limits limits = m_limits;
        limits.pastDeadline = [&deadline] { return deadline.passed(); };
        const graphql::Executor executor(m_schema, limits);
        response = executor.execute(request, static_cast<const Context *>(&context), admit);
        if (response.introspectionOnly && response.data && response.errors.isEmpty()) {
            if (m_introspections.size() >= kCachedIntrospections)
                m_introspections.pop_front();
            m_introspections.emplace_back(key, response);
        }
    }
    if (behind)
        *behind = context.behind;
    response.extensions.insert(QStringLiteral("height"),
                               static_cast<qint64>(context.asked.value_or(context.head)));
    // What the query was charged (PROTOCOL: its rate-limit tokens follow).
    if (response.cost > 0)
        response.extensions.insert(QStringLiteral("cost"), std::ceil(response.cost));
    return response;
}

namespace {

// Why an HTTP request is no GraphQL request: its status, the words, and
// the methods to Allow for a 405.
struct HttpRefusal
{
    int status = 400;
    QString message;
    QByteArray allow;
};

std::optional<HttpRefusal> readGraphqlGet(const QUrl &url, graphql::Request *request)
{
    request->query = formValue(url, u"query").value_or(QString());
    request->operationName = formValue(url, u"operationName").value_or(QString());
    const QString variables = formValue(url, u"variables").value_or(QString());
    if (!variables.isEmpty()) {
        const QJsonDocument doc = QJsonDocument::fromJson(variables.toUtf8());
        if (!doc.isObject())
            return HttpRefusal{400, QStringLiteral("variables must be a JSON object"), {}};
        request->variables = doc.object();
    }
    return std::nullopt;
}

std::optional<HttpRefusal> readGraphqlPost(const QByteArray &body, const QByteArray &contentType,
                                           graphql::Request *request)
{
    const QByteArray type = contentType.split(';').value(0).trimmed().toLower();
    if (type != "application/json")
        return HttpRefusal{415, QStringLiteral("POST a GraphQL request as application/json"), {}};
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isObject())
        return HttpRefusal{400, QStringLiteral("the body is not a JSON object"), {}};
    const QJsonObject o = doc.object();
    const QJsonValue query = o.value(QStringLiteral("query"));
    const QJsonValue variables = o.value(QStringLiteral("variables"));
    const QJsonValue operation = o.value(QStringLiteral("operationName"));
    if (!query.isString() ||
        !(variables.isObject() || variables.isNull() || variables.isUndefined()) ||
        !(operation.isString() || operation.isNull() || operation.isUndefined()))
        return HttpRefusal{400,
                           QStringLiteral("a GraphQL request is {query: string, variables: "
                                          "object?, operationName: string?}"),
                           {}};
    request->query = query.toString();
    request->variables = variables.toObject();
    request->operationName = operation.toString();
    return std::nullopt;
}

// The draft: GET is for queries; another operation is refused with 405,
// and only an operation that parses can be told apart.
bool asksMoreThanAQuery(const graphql::Request &request)
{
    graphql::Parser parser(request.query);
    const auto doc = parser.parseDocument();
    if (!doc)
        return false;
    return std::any_of(
        doc->operations.begin(), doc->operations.end(), [&](const graphql::Operation &op) {
            const bool chosen = request.operationName.isEmpty() || op.name == request.operationName;
            return chosen && op.type != graphql::Operation::Type::Query;
        });
}

// GraphQL over HTTP as its draft says: the request, or why there is none.
std::optional<HttpRefusal> readHttpRequest(const QByteArray &method, const QUrl &url,
                                           const QByteArray &body, const QByteArray &contentType,
                                           graphql::Request *request)
{
    std::optional<HttpRefusal> refusal;
    if (method == "GET")
        refusal = readGraphqlGet(url, request);
    else if (method == "POST")
        refusal = readGraphqlPost(body, contentType, request);
    else
        return HttpRefusal{405, QStringLiteral("GraphQL is asked with GET or POST"),
                           QByteArrayLiteral("GET, POST")};
    if (refusal)
        return refusal;
    if (request->query.isEmpty())
        return HttpRefusal{400, QStringLiteral("no query"), {}};
    if (method == "GET" && asksMoreThanAQuery(*request))
        return HttpRefusal{405, QStringLiteral("GET is for queries only"),
                           QByteArrayLiteral("POST")};
    return std::nullopt;
}

// As REST's minHeight: a server behind the height asked for says so, with
// no data at all, and when to ask again.
ChainGraphql::HttpAnswer behindAnswer(ChainGraphql::HttpAnswer answer, std::uint64_t need)
{
    answer.status = 503;
    answer.headers.append({QByteArrayLiteral("Retry-After"), QByteArrayLiteral("1")});
    const QJsonObject error{
        {QStringLiteral("message"),
         QStringLiteral("this server has read up to block %1 and the query needs block %2: "
                        "ask again in a moment")
             .arg(answer.height)
             .arg(need)},
        {QStringLiteral("extensions"),
         QJsonObject{{QStringLiteral("code"), QStringLiteral("BEHIND")},
                     {QStringLiteral("minHeight"), static_cast<qint64>(need)}}}};
    answer.body = QJsonDocument(QJsonObject{{QStringLiteral("errors"), QJsonArray{error}},
                                            {QStringLiteral("extensions"),
                                             QJsonObject{{QStringLiteral("height"),
                                                          static_cast<qint64>(answer.height)}}}})
                      .toJson(QJsonDocument::Compact);
    return answer;
}

} // namespace

ChainGraphql::HttpAnswer ChainGraphql::answerHttp(const QByteArray &method, const QUrl &url,
                                                  const QByteArray &body,
                                                  const QByteArray &contentType,
                                                  const QByteArray &accept, const TokenTaker &take,
                                                  const TokenCharger &owe) const
{
    HttpAnswer answer;
    answer.height = m_state.head();
    const bool graphqlResponse = accept.contains("application/graphql-response+json");
    if (graphqlResponse)
        answer.mime = QByteArrayLiteral("application/graphql-response+json; charset=utf-8");
    auto refuse = [&](int status, const QString &message) {
        answer.status = status;
        answer.body =
            QJsonDocument(
                QJsonObject{{QStringLiteral("errors"),
                             QJsonArray{QJsonObject{{QStringLiteral("message"), message}}}}})
                .toJson(QJsonDocument::Compact);
        return answer;
    };
    graphql::Request request;
    if (const auto refusal = readHttpRequest(method, url, body, contentType, &request)) {
        if (!refusal->allow.isEmpty())
            answer.headers.append({QByteArrayLiteral("Allow"), refusal->allow});
        return refuse(refusal->status, refusal->message);
    }
    int retryAfter = 0;
    auto admit = [&](double cost) {
        const int tokens = static_cast<int>(std::ceil(cost / kCostPerToken));
        if (!take || tokens <= 1 || take(tokens - 1, &retryAfter))
            return QString();
        return QStringLiteral("The query may touch %1 nodes, which take %2 rate-limit tokens; "
                              "retry in %3 s.")
            .arg(static_cast<qint64>(cost))
            .arg(tokens)
            .arg(retryAfter);
    };
    std::optional<std::uint64_t> behind;
    const graphql::Response response = respond(request, admit, &behind);
    if (behind)
        return behindAnswer(std::move(answer), *behind);
    // Introspection resolved past what it was charged is charged now: the
    // client waits for it before its next request.
    if (owe && response.introspectionFields > response.cost)
        owe(static_cast<int>(
            std::ceil((response.introspectionFields - response.cost) / kCostPerToken)));
    if (retryAfter > 0) {
        answer.status = 429;
        answer.headers.append({QByteArrayLiteral("Retry-After"), QByteArray::number(retryAfter)});
        answer.body = response.toBytes();
        return answer;
    }
    answer.height =
        static_cast<std::uint64_t>(response.extensions.value(QStringLiteral("height")).toInteger());
    // Only the newer media type may say a request failed before execution
    // with its status; application/json answers 200 (the draft's legacy rule).
    if (graphqlResponse && !response.data)
        answer.status = 400;
    answer.body = response.toBytes();
    answer.cacheable = answer.status == 200 && response.data && response.errors.isEmpty() &&
                       response.introspectionFields == 0;
    answer.tokens = std::max(0, static_cast<int>(std::ceil(response.cost / kCostPerToken)) - 1);
    return answer;
}

} // namespace gifscan::server
