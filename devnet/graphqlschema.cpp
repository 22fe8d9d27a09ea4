#include "devnet/graphqlschema.h"

#include "core/commitments.h"
#include "devnet/chainstate.h"
#include "devnet/graphql/parser.h"
#include "devnet/indexer.h"
#include "devnet/pagecursor.h"
#include "devnet/recordjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>
#include <cmath>
#include <unordered_map>

namespace gifscan::devnet {

using graphql::Arguments;
using graphql::FieldError;
using graphql::InputValue;
using graphql::named;
using graphql::nonNull;
using graphql::Resolved;
using graphql::TypeRef;

namespace {

// One request's view of the chain: the head when it began, and the height
// a root field asked for (extensions.height).
struct Context
{
    const ChainState *state = nullptr;
    Indexer *indexer = nullptr;
    std::uint64_t head = 0;
    mutable std::optional<std::uint64_t> asked;
};

// A record as REST serves it, at the height it was read, with the row it
// came from for the fields REST does not carry.
struct Node
{
    const Context *context = nullptr;
    std::uint64_t height = 0;
    QJsonObject record;
    int row = -1;
};

const Context &contextOf(const std::any &parent)
{
    if (const auto *c = std::any_cast<const Context *>(&parent))
        return **c;
    return *std::any_cast<const Node &>(parent).context;
}

const Node &nodeOf(const std::any &parent)
{
    return std::any_cast<const Node &>(parent);
}

graphql::Field field(const QString &name, TypeRef type, graphql::Resolver resolve,
                     std::vector<InputValue> args = {}, const QString &description = {})
{
    graphql::Field f;
    f.name = name;
    f.description = description;
    f.type = std::move(type);
    f.resolve = std::move(resolve);
    f.args = std::move(args);
    return f;
}

// A field read from the record under the same name.
graphql::Field recordField(const QString &name, TypeRef type, const QString &description = {})
{
    return field(
        name, std::move(type),
        [name](const std::any &p, const Arguments &) {
            return Resolved::leaf(nodeOf(p).record.value(name));
        },
        {}, description);
}

// A nested record (a listing, a last sale), null when the record has none.
graphql::Field nestedField(const QString &name, const QString &typeName)
{
    return field(name, named(typeName), [name](const std::any &p, const Arguments &) {
        const Node &n = nodeOf(p);
        const QJsonValue v = n.record.value(name);
        return v.isObject() ? Resolved::object(Node{n.context, n.height, v.toObject(), -1})
                            : Resolved();
    });
}

// A list of nested records (traits, holdings).
graphql::Field nestedList(const QString &name, const QString &typeName, const QString &key = {})
{
    return field(
        name, nonNull(graphql::listOf(nonNull(named(typeName)))),
        [name, key](const std::any &p, const Arguments &) {
            const Node &n = nodeOf(p);
            QJsonValue v = n.record.value(key.isEmpty() ? name : key);
            std::vector<Resolved> out;
            for (const QJsonValue &item : v.toArray())
                out.push_back(Resolved::object(Node{n.context, n.height, item.toObject(), -1}));
            return Resolved::list(std::move(out));
        });
}

InputValue arg(const QString &name, TypeRef type, const QString &description = {})
{
    return InputValue{name, description, std::move(type), {}};
}

InputValue heightArg()
{
    return arg(QStringLiteral("height"), named(QStringLiteral("Int")),
               QStringLiteral("Read the chain as it was at the end of this block (the head when "
                              "absent)."));
}

std::vector<InputValue> pageArgs()
{
    graphql::Value first;
    first.kind = graphql::Value::Kind::Int;
    first.text = QStringLiteral("25");
    return {InputValue{QStringLiteral("first"), QStringLiteral("How many, 1 to 100."),
                       named(QStringLiteral("Int")), first},
            arg(QStringLiteral("after"), named(QStringLiteral("String")),
                QStringLiteral("The endCursor of the page before: it pins that page's height."))};
}

// The height a root field reads at: the one it asks for (not beyond the
// head), or the head.
std::uint64_t heightOf(const Context &c, const Arguments &args)
{
    if (!args.contains(QStringLiteral("height")) || args.value(QStringLiteral("height")).isNull())
        return c.head;
    const qint64 h = args.value(QStringLiteral("height")).toInteger();
    if (h < 0)
        throw FieldError(QStringLiteral("height is a block height: 0 or more"));
    if (static_cast<std::uint64_t>(h) > c.head)
        throw FieldError(QStringLiteral("height %1 is beyond the head %2").arg(h).arg(c.head));
    if (!c.asked)
        c.asked = static_cast<std::uint64_t>(h);
    return static_cast<std::uint64_t>(h);
}

// REST's page: the cursor pins the height of the first page.
struct Page
{
    std::uint64_t height = 0;
    std::uint64_t offset = 0;
    std::uint64_t first = 25;
};
Page pageOf(const Context &c, const Arguments &args, std::uint64_t height)
{
    Page p;
    p.height = height;
    p.first = static_cast<std::uint64_t>(args.value(QStringLiteral("first")).toInt(25));
    const QString after = args.value(QStringLiteral("after")).toString();
    if (!after.isEmpty()) {
        const auto cursor = PageCursor::decode(after);
        if (!cursor || cursor->height > c.head)
            throw FieldError(QStringLiteral("after is not a cursor this node issued"));
        p.height = cursor->height;
        p.offset = cursor->offset;
    }
    return p;
}

// A page of a list as Relay connections have it: edges with their
// cursors (REST's, pinned to the first page's height), and pageInfo.
struct Connection
{
    const Context *context = nullptr;
    std::uint64_t height = 0;
    std::vector<QJsonObject> records;
    std::vector<QString> cursors;
    QJsonObject pageInfo;
};
struct Edge
{
    Node node;
    QString cursor;
};

template <typename F>
Resolved connection(const Context &c, const Page &p, std::uint64_t total, F &&recordAt)
{
    Connection out;
    out.context = &c;
    out.height = p.height;
    const std::uint64_t end =
        p.offset >= total ? total : p.offset + std::min(p.first, total - p.offset);
    for (std::uint64_t i = p.offset; i < end; ++i) {
        out.records.push_back(recordAt(i));
        out.cursors.push_back(PageCursor{p.height, i + 1}.encode());
    }
    out.pageInfo = {
        {QStringLiteral("hasNextPage"), end < total},
        {QStringLiteral("endCursor"),
         end > p.offset ? QJsonValue(PageCursor{p.height, end}.encode()) : QJsonValue()}};
    return Resolved::object(std::move(out));
}

// ObjectConnection, ActivityConnection, …: the same three fields over nodes
// of `nodeType`.
void addConnection(graphql::Schema &schema, const QString &nodeType)
{
    graphql::Type edge;
    edge.name = nodeType + QStringLiteral("Edge");
    edge.fields = {
        field(QStringLiteral("node"), nonNull(named(nodeType)),
              [](const std::any &p, const Arguments &) {
                  return Resolved::object(std::any_cast<const Edge &>(p).node);
              }),
        field(QStringLiteral("cursor"), nonNull(named(QStringLiteral("String"))),
              [](const std::any &p, const Arguments &) {
                  return Resolved::leaf(std::any_cast<const Edge &>(p).cursor);
              }),
    };
    schema.add(edge);
    graphql::Type type;
    type.name = nodeType + QStringLiteral("Connection");
    type.fields = {
        field(QStringLiteral("edges"), nonNull(graphql::listOf(nonNull(named(edge.name)))),
              [](const std::any &p, const Arguments &) {
                  const Connection &c = std::any_cast<const Connection &>(p);
                  std::vector<Resolved> out;
                  for (std::size_t i = 0; i < c.records.size(); ++i)
                      out.push_back(Resolved::object(
                          Edge{Node{c.context, c.height, c.records[i], -1}, c.cursors[i]}));
                  return Resolved::list(std::move(out));
              }),
        field(QStringLiteral("nodes"), nonNull(graphql::listOf(nonNull(named(nodeType)))),
              [](const std::any &p, const Arguments &) {
                  const Connection &c = std::any_cast<const Connection &>(p);
                  std::vector<Resolved> out;
                  for (const QJsonObject &r : c.records)
                      out.push_back(Resolved::object(Node{c.context, c.height, r, -1}));
                  return Resolved::list(std::move(out));
              }),
        field(QStringLiteral("pageInfo"), nonNull(named(QStringLiteral("PageInfo"))),
              [](const std::any &p, const Arguments &) {
                  const Connection &c = std::any_cast<const Connection &>(p);
                  return Resolved::object(Node{c.context, c.height, c.pageInfo, -1});
              }),
    };
    schema.add(type);
}

} // namespace

ChainGraphql::ChainGraphql(const ChainState &state, Indexer &indexer)
    : m_state(state), m_indexer(indexer)
{
    addTypes();
    addRootFields();
    m_schema.setQueryType(QStringLiteral("Query"));
}

QJsonObject ChainGraphql::execute(const graphql::Request &request) const
{
    return respond(request).toJson();
}

graphql::Response ChainGraphql::respond(const graphql::Request &request) const
{
    Context context{&m_state, &m_indexer, m_state.head(), std::nullopt};
    const graphql::Executor executor(m_schema, m_limits);
    graphql::Response response = executor.execute(request, static_cast<const Context *>(&context));
    response.extensions.insert(QStringLiteral("height"),
                               static_cast<qint64>(context.asked.value_or(context.head)));
    return response;
}

ChainGraphql::HttpAnswer ChainGraphql::answerHttp(const QByteArray &method, const QUrl &url,
                                                  const QByteArray &body,
                                                  const QByteArray &contentType,
                                                  const QByteArray &accept) const
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
    if (method == "GET") {
        const QUrlQuery q(url);
        request.query = q.queryItemValue(QStringLiteral("query"), QUrl::FullyDecoded);
        request.operationName =
            q.queryItemValue(QStringLiteral("operationName"), QUrl::FullyDecoded);
        const QString variables = q.queryItemValue(QStringLiteral("variables"), QUrl::FullyDecoded);
        if (!variables.isEmpty()) {
            const QJsonDocument doc = QJsonDocument::fromJson(variables.toUtf8());
            if (!doc.isObject())
                return refuse(400, QStringLiteral("variables must be a JSON object"));
            request.variables = doc.object();
        }
    } else if (method == "POST") {
        const QByteArray type = contentType.split(';').value(0).trimmed().toLower();
        if (type != "application/json")
            return refuse(415, QStringLiteral("POST a GraphQL request as application/json"));
        const QJsonDocument doc = QJsonDocument::fromJson(body);
        if (!doc.isObject())
            return refuse(400, QStringLiteral("the body is not a JSON object"));
        const QJsonObject o = doc.object();
        const QJsonValue query = o.value(QStringLiteral("query"));
        const QJsonValue variables = o.value(QStringLiteral("variables"));
        const QJsonValue operation = o.value(QStringLiteral("operationName"));
        if (!query.isString() ||
            !(variables.isObject() || variables.isNull() || variables.isUndefined()) ||
            !(operation.isString() || operation.isNull() || operation.isUndefined()))
            return refuse(400, QStringLiteral("a GraphQL request is {query: string, variables: "
                                              "object?, operationName: string?}"));
        request.query = query.toString();
        request.variables = variables.toObject();
        request.operationName = operation.toString();
    } else {
        answer.headers.append({QByteArrayLiteral("Allow"), QByteArrayLiteral("GET, POST")});
        return refuse(405, QStringLiteral("GraphQL is asked with GET or POST"));
    }
    if (request.query.isEmpty())
        return refuse(400, QStringLiteral("no query"));
    if (method == "GET") {
        // The draft: GET is for queries; another operation is refused with
        // 405, and only an operation that parses can be told apart.
        graphql::Parser parser(request.query);
        if (const auto doc = parser.parseDocument()) {
            for (const graphql::Operation &op : doc->operations) {
                const bool chosen =
                    request.operationName.isEmpty() || op.name == request.operationName;
                if (chosen && op.type != graphql::Operation::Type::Query) {
                    answer.headers.append({QByteArrayLiteral("Allow"), QByteArrayLiteral("POST")});
                    return refuse(405, QStringLiteral("GET is for queries only"));
                }
            }
        }
    }
    const graphql::Response response = respond(request);
    answer.height =
        static_cast<std::uint64_t>(response.extensions.value(QStringLiteral("height")).toInteger());
    // Only the newer media type may say a request failed before execution
    // with its status; application/json answers 200 (the draft's legacy rule).
    if (graphqlResponse && !response.data)
        answer.status = 400;
    answer.body = response.toBytes();
    return answer;
}

void ChainGraphql::addTypes()
{
    auto hexString = [](int digits) {
        return [digits](const QString &s) {
            // Anchored: "$" alone would let a final newline through.
            static const QRegularExpression hex(
                QRegularExpression::anchoredPattern(QStringLiteral("0x[0-9a-fA-F]*")));
            return s.size() == 2 + digits && hex.match(s).hasMatch();
        };
    };
    m_schema.addStringScalar(QStringLiteral("Address"),
                             QStringLiteral("20 bytes: 0x and 40 hex digits."), hexString(40));
    m_schema.addStringScalar(QStringLiteral("Hash"),
                             QStringLiteral("32 bytes: 0x and 64 hex digits."), hexString(64));
    m_schema.addStringScalar(
        QStringLiteral("Amount"),
        QStringLiteral("An amount of GIF in its smallest unit (10^-18 GIF), as decimal digits."),
        [](const QString &s) {
            static const QRegularExpression digits(
                QRegularExpression::anchoredPattern(QStringLiteral("0|[1-9][0-9]{0,77}")));
            return digits.match(s).hasMatch();
        });
    graphql::Type tokenId;
    tokenId.kind = graphql::Type::Kind::Scalar;
    tokenId.name = QStringLiteral("TokenId");
    tokenId.description = QStringLiteral("An object's id in its collection: a whole number from 0 "
                                         "to 2^53 - 1, as JSON carries it exactly.");
    auto exact = [](double d) { return d >= 0 && d <= 9007199254740991.0 && d == std::floor(d); };
    tokenId.parseValue = [exact](const QJsonValue &v) -> std::optional<QJsonValue> {
        return v.isDouble() && exact(v.toDouble()) ? std::optional<QJsonValue>(v) : std::nullopt;
    };
    tokenId.parseLiteral = [exact](const graphql::Value &v) -> std::optional<QJsonValue> {
        bool ok = false;
        const double d = v.text.toDouble(&ok);
        return v.kind == graphql::Value::Kind::Int && ok && exact(d)
                   ? std::optional<QJsonValue>(static_cast<qint64>(d))
                   : std::nullopt;
    };
    m_schema.add(tokenId);

    const TypeRef string = named(QStringLiteral("String")), integer = named(QStringLiteral("Int"));
    const TypeRef address = named(QStringLiteral("Address")), hash = named(QStringLiteral("Hash"));
    const TypeRef amount = named(QStringLiteral("Amount"));
    auto object = [this](const QString &name, const QString &description,
                         std::vector<graphql::Field> fields) {
        graphql::Type t;
        t.name = name;
        t.description = description;
        t.fields = std::move(fields);
        m_schema.add(std::move(t));
    };
    object(QStringLiteral("PageInfo"),
           QStringLiteral("Where a page ends, and whether more follow."),
           {recordField(QStringLiteral("endCursor"), string),
            recordField(QStringLiteral("hasNextPage"), nonNull(named(QStringLiteral("Boolean"))))});
    object(QStringLiteral("Block"), QStringLiteral("A block header, as REST's /blocks serves it."),
           {recordField(QStringLiteral("height"), nonNull(integer)),
            recordField(QStringLiteral("hash"), nonNull(hash)),
            recordField(QStringLiteral("parentHash"), nonNull(hash)),
            recordField(QStringLiteral("timestamp"), nonNull(integer)),
            recordField(QStringLiteral("proposer"), nonNull(address)),
            recordField(QStringLiteral("objectRoot"), nonNull(hash)),
            recordField(QStringLiteral("holdingsRoot"), nonNull(hash)),
            recordField(QStringLiteral("txRoot"), nonNull(hash)),
            recordField(QStringLiteral("txCount"), nonNull(integer)),
            recordField(QStringLiteral("validatorsHash"), nonNull(hash))});
    object(QStringLiteral("Trait"), {},
           {recordField(QStringLiteral("trait"), nonNull(string)),
            recordField(QStringLiteral("value"), nonNull(string))});
    object(QStringLiteral("Listing"), QStringLiteral("An object for sale, held by the escrow."),
           {recordField(QStringLiteral("seller"), nonNull(address)),
            recordField(QStringLiteral("escrow"), nonNull(address)),
            recordField(QStringLiteral("price"), nonNull(amount)),
            recordField(QStringLiteral("listedAt"), nonNull(integer)),
            recordField(QStringLiteral("txHash"), nonNull(hash))});
    object(QStringLiteral("Sale"), {},
           {recordField(QStringLiteral("price"), nonNull(amount)),
            recordField(QStringLiteral("height"), nonNull(integer)),
            recordField(QStringLiteral("txHash"), nonNull(hash))});
    object(QStringLiteral("Object"),
           QStringLiteral("An object as the indexer reports it (proofs stay JSON-RPC's)."),
           {recordField(QStringLiteral("key"), nonNull(string)),
            recordField(QStringLiteral("slug"), nonNull(string)),
            recordField(QStringLiteral("tokenId"), nonNull(named(QStringLiteral("TokenId")))),
            recordField(QStringLiteral("owner"), nonNull(address)),
            recordField(QStringLiteral("rarityRank"), nonNull(integer)),
            nestedList(QStringLiteral("traits"), QStringLiteral("Trait")),
            recordField(QStringLiteral("frames"), nonNull(integer)),
            nestedField(QStringLiteral("listing"), QStringLiteral("Listing")),
            nestedField(QStringLiteral("lastSale"), QStringLiteral("Sale"))});
    object(QStringLiteral("Activity"), QStringLiteral("An entry of the activity feed."),
           {recordField(QStringLiteral("id"), nonNull(named(QStringLiteral("ID")))),
            recordField(QStringLiteral("type"), nonNull(string)),
            recordField(QStringLiteral("key"), nonNull(string)),
            recordField(QStringLiteral("slug"), nonNull(string)),
            recordField(QStringLiteral("tokenId"), nonNull(named(QStringLiteral("TokenId")))),
            recordField(QStringLiteral("from"), address),
            recordField(QStringLiteral("to"), address),
            recordField(QStringLiteral("price"), amount),
            recordField(QStringLiteral("txHash"), nonNull(hash)),
            recordField(QStringLiteral("height"), nonNull(integer)),
            recordField(QStringLiteral("timestamp"), nonNull(integer))});
    object(QStringLiteral("TraitCount"),
           QStringLiteral("How many of a collection's objects have a value."),
           {recordField(QStringLiteral("trait"), nonNull(string)),
            recordField(QStringLiteral("value"), nonNull(string)),
            recordField(QStringLiteral("count"), nonNull(integer))});
    object(QStringLiteral("Holding"),
           QStringLiteral("How many objects of one collection a wallet holds."),
           {recordField(QStringLiteral("slug"), nonNull(string)),
            recordField(QStringLiteral("count"), nonNull(integer))});
    object(QStringLiteral("WalletCounters"), {},
           {recordField(QStringLiteral("txCount"), nonNull(integer)),
            recordField(QStringLiteral("minted"), nonNull(integer)),
            recordField(QStringLiteral("bought"), nonNull(integer)),
            recordField(QStringLiteral("sold"), nonNull(integer)),
            recordField(QStringLiteral("transfersIn"), nonNull(integer)),
            recordField(QStringLiteral("transfersOut"), nonNull(integer))});
    object(QStringLiteral("Wallet"), {},
           {recordField(QStringLiteral("address"), nonNull(address)),
            recordField(QStringLiteral("balance"), nonNull(amount)),
            recordField(QStringLiteral("nonce"), nonNull(integer)),
            nestedList(QStringLiteral("holdings"), QStringLiteral("Holding")),
            recordField(QStringLiteral("listed"), nonNull(integer)),
            nestedField(QStringLiteral("counters"), QStringLiteral("WalletCounters"))});
    addConnection(m_schema, QStringLiteral("Object"));
    addConnection(m_schema, QStringLiteral("Activity"));
    addConnection(m_schema, QStringLiteral("Collection"));
    object(QStringLiteral("Holder"),
           QStringLiteral("An address and how many of a collection's objects it holds."),
           {recordField(QStringLiteral("owner"), nonNull(address)),
            recordField(QStringLiteral("count"), nonNull(integer))});
    addConnection(m_schema, QStringLiteral("Holder"));
    addConnection(m_schema, QStringLiteral("Block"));
    // A collection with, in the same request, its trait counts and objects.
    object(
        QStringLiteral("Collection"), {},
        {recordField(QStringLiteral("slug"), nonNull(string)),
         recordField(QStringLiteral("name"), nonNull(string)),
         recordField(QStringLiteral("category"), nonNull(string)),
         recordField(QStringLiteral("creator"), nonNull(address)),
         recordField(QStringLiteral("items"), nonNull(integer)),
         recordField(QStringLiteral("owners"), nonNull(integer)),
         recordField(QStringLiteral("listed"), nonNull(integer)),
         recordField(QStringLiteral("floorPrice"), amount),
         recordField(QStringLiteral("volume24h"), nonNull(amount)),
         recordField(QStringLiteral("volumeTotal"), nonNull(amount)),
         recordField(QStringLiteral("sales24h"), nonNull(integer)),
         recordField(QStringLiteral("createdAt"), nonNull(integer)),
         field(
             QStringLiteral("holders"), nonNull(named(QStringLiteral("HolderConnection"))),
             [](const std::any &p, const Arguments &args) {
                 // Who holds the collection's objects at the record's height, most
                 // first: a listed object counts for its seller, as wallets do.
                 const Node &n = nodeOf(p);
                 const Context &c = *n.context;
                 const Page page = pageOf(c, args, n.height);
                 ObjectFilter filter;
                 filter.collection =
                     c.state->collectionIndex(n.record.value(QStringLiteral("slug")).toString());
                 std::unordered_map<Address, std::uint64_t, ArrayHash> counts;
                 for (int o : c.indexer->objects(filter, page.height))
                     ++counts[c.state->version(o, page.height).holder()];
                 std::vector<std::pair<Address, std::uint64_t>> holders(counts.begin(),
                                                                        counts.end());
                 std::sort(holders.begin(), holders.end(), [](const auto &a, const auto &b) {
                     return a.second != b.second ? a.second > b.second : a.first < b.first;
                 });
                 return connection(c, page, holders.size(), [&](std::uint64_t i) {
                     return QJsonObject{
                         {QStringLiteral("owner"), RecordJson::hex(holders[i].first)},
                         {QStringLiteral("count"), static_cast<qint64>(holders[i].second)}};
                 });
             },
             pageArgs()),
         field(QStringLiteral("traitCounts"),
               nonNull(graphql::listOf(nonNull(named(QStringLiteral("TraitCount"))))),
               [](const std::any &p, const Arguments &) {
                   const Node &n = nodeOf(p);
                   const int c = n.context->state->collectionIndex(
                       n.record.value(QStringLiteral("slug")).toString());
                   const QJsonObject counts =
                       RecordJson::traitCounts(n.context->indexer->traitCounts(c, n.height));
                   std::vector<Resolved> out;
                   for (const QJsonValue &v : counts.value(QStringLiteral("values")).toArray())
                       out.push_back(Resolved::object(Node{n.context, n.height, v.toObject(), -1}));
                   return Resolved::list(std::move(out));
               })});
}

void ChainGraphql::addRootFields()
{
    auto enumType = [this](const QString &name, const QStringList &values) {
        graphql::Type t;
        t.kind = graphql::Type::Kind::Enum;
        t.name = name;
        for (const QString &v : values)
            t.enumValues.push_back({v, {}, std::nullopt});
        m_schema.add(std::move(t));
    };
    enumType(QStringLiteral("ObjectSort"),
             {QStringLiteral("ID"), QStringLiteral("RARITY"), QStringLiteral("PRICE"),
              QStringLiteral("LAST_SALE"), QStringLiteral("LISTED")});
    enumType(QStringLiteral("CollectionSort"),
             {QStringLiteral("VOLUME"), QStringLiteral("FLOOR"), QStringLiteral("ITEMS"),
              QStringLiteral("OWNERS"), QStringLiteral("NAME"), QStringLiteral("NEWEST")});
    enumType(QStringLiteral("ActivityType"),
             {QStringLiteral("MINT"), QStringLiteral("SALE"), QStringLiteral("TRANSFER"),
              QStringLiteral("LIST"), QStringLiteral("DELIST")});
    graphql::Type traitInput;
    traitInput.kind = graphql::Type::Kind::InputObject;
    traitInput.name = QStringLiteral("TraitInput");
    traitInput.inputFields = {
        arg(QStringLiteral("trait"), nonNull(named(QStringLiteral("String")))),
        arg(QStringLiteral("value"), nonNull(named(QStringLiteral("String"))))};
    m_schema.add(traitInput);

    const TypeRef string = named(QStringLiteral("String"));
    auto connectionArgs = [](std::vector<InputValue> args) {
        for (InputValue &a : pageArgs())
            args.push_back(std::move(a));
        args.push_back(heightArg());
        return args;
    };
    graphql::Type query;
    query.name = QStringLiteral("Query");
    query.description = QStringLiteral("What the indexer answers, at the head or at any height.");
    query.fields = {
        field(QStringLiteral("head"), nonNull(named(QStringLiteral("Block"))),
              [](const std::any &p, const Arguments &) {
                  const Context &c = contextOf(p);
                  return Resolved::object(
                      Node{&c, c.head, RecordJson::header(c.state->block(c.head)->header), -1});
              }),
        field(
            QStringLiteral("blocks"), nonNull(named(QStringLiteral("BlockConnection"))),
            [](const std::any &p, const Arguments &args) {
                // Newest first from the page's height, as REST's /blocks.
                const Context &c = contextOf(p);
                const Page page = pageOf(c, args, heightOf(c, args));
                return connection(c, page, page.height + 1, [&](std::uint64_t i) {
                    return RecordJson::header(c.state->block(page.height - i)->header);
                });
            },
            connectionArgs({})),
        field(QStringLiteral("block"), named(QStringLiteral("Block")),
              [](const std::any &p, const Arguments &args) {
                  const Context &c = contextOf(p);
                  const qint64 h = args.value(QStringLiteral("height")).toInteger();
                  const auto b =
                      h < 0 ? std::nullopt : c.state->block(static_cast<std::uint64_t>(h));
                  if (!b || b->header.height > c.head)
                      return Resolved();
                  return Resolved::object(Node{&c, c.head, RecordJson::header(b->header), -1});
              },
              {arg(QStringLiteral("height"), nonNull(named(QStringLiteral("Int"))))}),
        field(QStringLiteral("object"), named(QStringLiteral("Object")),
              [](const std::any &p, const Arguments &args) {
                  const Context &c = contextOf(p);
                  const std::uint64_t h = heightOf(c, args);
                  const QString key =
                      displayKey(args.value(QStringLiteral("slug")).toString(),
                                 static_cast<std::uint64_t>(
                                     args.value(QStringLiteral("tokenId")).toInteger()));
                  const int o = c.state->objectIndex(key);
                  if (o < 0 || !c.state->objectExists(o, h))
                      return Resolved();
                  return Resolved::object(
                      Node{&c, h, RecordJson::object(*c.state, *c.indexer, o, h), o});
              },
              {arg(QStringLiteral("slug"), nonNull(string)),
               arg(QStringLiteral("tokenId"), nonNull(named(QStringLiteral("TokenId")))),
               heightArg()}),
        field(
            QStringLiteral("objects"), nonNull(named(QStringLiteral("ObjectConnection"))),
            [](const std::any &p, const Arguments &args) {
                const Context &c = contextOf(p);
                const Page page = pageOf(c, args, heightOf(c, args));
                ObjectFilter filter;
                if (args.contains(QStringLiteral("collection")) &&
                    !args.value(QStringLiteral("collection")).isNull()) {
                    filter.collection = c.state->collectionIndex(
                        args.value(QStringLiteral("collection")).toString());
                    if (filter.collection < 0 ||
                        !c.state->collectionExists(filter.collection, page.height))
                        return connection(c, page, 0, [](std::uint64_t) { return QJsonObject(); });
                }
                if (args.value(QStringLiteral("owner")).isString())
                    filter.owner = parseAddress(args.value(QStringLiteral("owner")).toString());
                // As REST: more could only match nothing, and each is a clause.
                if (args.value(QStringLiteral("traits")).toArray().size() > 64)
                    throw FieldError(QStringLiteral("at most 64 trait filters"));
                for (const QJsonValue &t : args.value(QStringLiteral("traits")).toArray())
                    filter.traits.append({t[QStringLiteral("trait")].toString(),
                                          t[QStringLiteral("value")].toString()});
                static const QHash<QString, ObjectFilter::Order> kOrders{
                    {QStringLiteral("ID"), ObjectFilter::Order::Id},
                    {QStringLiteral("RARITY"), ObjectFilter::Order::Rarity},
                    {QStringLiteral("PRICE"), ObjectFilter::Order::Price},
                    {QStringLiteral("LAST_SALE"), ObjectFilter::Order::LastSale},
                    {QStringLiteral("LISTED"), ObjectFilter::Order::RecentlyListed}};
                filter.order = kOrders.value(args.value(QStringLiteral("sort")).toString(),
                                             ObjectFilter::Order::Id);
                filter.listedOnly = args.value(QStringLiteral("listed")).toBool(false);
                const std::vector<int> objects = c.indexer->objects(filter, page.height);
                return connection(c, page, objects.size(), [&](std::uint64_t i) {
                    return RecordJson::objectSummary(*c.state, *c.indexer, objects[i], page.height);
                });
            },
            connectionArgs({arg(QStringLiteral("collection"), string),
                            arg(QStringLiteral("owner"), named(QStringLiteral("Address"))),
                            arg(QStringLiteral("traits"),
                                graphql::listOf(nonNull(named(QStringLiteral("TraitInput")))),
                                QStringLiteral("All must hold.")),
                            arg(QStringLiteral("sort"), named(QStringLiteral("ObjectSort"))),
                            arg(QStringLiteral("listed"), named(QStringLiteral("Boolean")),
                                QStringLiteral("true: only objects for sale."))})),
        field(QStringLiteral("collection"), named(QStringLiteral("Collection")),
              [](const std::any &p, const Arguments &args) {
                  const Context &c = contextOf(p);
                  const std::uint64_t h = heightOf(c, args);
                  const int index =
                      c.state->collectionIndex(args.value(QStringLiteral("slug")).toString());
                  if (index < 0 || !c.state->collectionExists(index, h))
                      return Resolved();
                  return Resolved::object(Node{
                      &c, h, RecordJson::collection(*c.state, c.indexer->stats(index, h)), index});
              },
              {arg(QStringLiteral("slug"), nonNull(string)), heightArg()}),
        field(
            QStringLiteral("collections"), nonNull(named(QStringLiteral("CollectionConnection"))),
            [](const std::any &p, const Arguments &args) {
                const Context &c = contextOf(p);
                const Page page = pageOf(c, args, heightOf(c, args));
                const auto stats = c.indexer->collections(
                    args.value(QStringLiteral("category")).toString(),
                    args.value(QStringLiteral("sort")).toString().toLower(), page.height);
                return connection(c, page, stats.size(), [&](std::uint64_t i) {
                    return RecordJson::collection(*c.state, stats[i]);
                });
            },
            connectionArgs({arg(QStringLiteral("category"), string),
                            arg(QStringLiteral("sort"), named(QStringLiteral("CollectionSort")))})),
        field(QStringLiteral("wallet"), nonNull(named(QStringLiteral("Wallet"))),
              [](const std::any &p, const Arguments &args) {
                  const Context &c = contextOf(p);
                  const std::uint64_t h = heightOf(c, args);
                  const auto parsed =
                      parseAddress(args.value(QStringLiteral("address")).toString());
                  if (!parsed)
                      throw FieldError(QStringLiteral("address must be 0x and 40 hex digits"));
                  const Address a = *parsed;
                  return Resolved::object(
                      Node{&c, h, RecordJson::wallet(a, c.indexer->wallet(a, h)), -1});
              },
              {arg(QStringLiteral("address"), nonNull(named(QStringLiteral("Address")))),
               heightArg()}),
        field(
            QStringLiteral("activity"), nonNull(named(QStringLiteral("ActivityConnection"))),
            [](const std::any &p, const Arguments &args) {
                const Context &c = contextOf(p);
                const Page page = pageOf(c, args, heightOf(c, args));
                ActivityFilter filter;
                for (const QJsonValue &t : args.value(QStringLiteral("types")).toArray())
                    filter.types.append(t.toString().toLower());
                if (args.value(QStringLiteral("collection")).isString()) {
                    filter.collection = c.state->collectionIndex(
                        args.value(QStringLiteral("collection")).toString());
                    if (filter.collection < 0)
                        return connection(c, page, 0, [](std::uint64_t) { return QJsonObject(); });
                }
                if (args.value(QStringLiteral("since")).isDouble())
                    filter.since = static_cast<std::uint64_t>(
                        std::max<qint64>(0, args.value(QStringLiteral("since")).toInteger()));
                if (args.value(QStringLiteral("address")).isString())
                    filter.address = parseAddress(args.value(QStringLiteral("address")).toString());
                // One entry past the page says whether another page follows.
                const auto entries =
                    c.indexer->activity(filter, page.height, page.offset, page.first + 1);
                return connection(c, page, page.offset + entries.size(), [&](std::uint64_t i) {
                    return RecordJson::activity(*c.state, entries[i - page.offset]);
                });
            },
            connectionArgs({arg(QStringLiteral("types"),
                                graphql::listOf(nonNull(named(QStringLiteral("ActivityType"))))),
                            arg(QStringLiteral("collection"), string),
                            arg(QStringLiteral("address"), named(QStringLiteral("Address"))),
                            arg(QStringLiteral("since"), named(QStringLiteral("Int")))})),
    };
    m_schema.add(std::move(query));
}

} // namespace gifscan::devnet
