#include "devnet/api/graphqlschema.h"

#include "core/protocol/commitments.h"
#include "devnet/api/formquery.h"
#include "devnet/api/graphqlnodes.h"
#include "devnet/api/indexer.h"
#include "devnet/api/pagecursor.h"
#include "devnet/api/recordjson.h"
#include "devnet/chain/chainstate.h"
#include "devnet/graphql/parser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>
#include <cmath>
#include <unordered_map>

namespace gifscan::devnet {

using namespace chaingraphql;

ChainGraphql::ChainGraphql(const ChainState &state, Indexer &indexer, const Mempool &mempool,
                           const Clock &clock)
    : m_state(state), m_indexer(indexer), m_mempool(mempool)
{
    m_limits.clock = &clock;
    addTypes();
    addRootFields();
    m_schema.setQueryType(QStringLiteral("Query"));
}

QJsonObject ChainGraphql::execute(const graphql::Request &request) const
{
    return respond(request).toJson();
}

graphql::Response ChainGraphql::respond(const graphql::Request &request,
                                        const graphql::Executor::Admission &admit) const
{
    Context context{&m_state, &m_indexer, &m_mempool, m_state.head(), std::nullopt, {}};
    const graphql::Executor executor(m_schema, m_limits);
    graphql::Response response =
        executor.execute(request, static_cast<const Context *>(&context), admit);
    response.extensions.insert(QStringLiteral("height"),
                               static_cast<qint64>(context.asked.value_or(context.head)));
    // What the query was charged (PROTOCOL: its rate-limit tokens follow).
    if (response.cost > 0)
        response.extensions.insert(QStringLiteral("cost"), std::ceil(response.cost));
    return response;
}

ChainGraphql::HttpAnswer ChainGraphql::answerHttp(const QByteArray &method, const QUrl &url,
                                                  const QByteArray &body,
                                                  const QByteArray &contentType,
                                                  const QByteArray &accept,
                                                  const TokenTaker &take) const
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
        request.query = formValue(url, u"query").value_or(QString());
        request.operationName = formValue(url, u"operationName").value_or(QString());
        const QString variables = formValue(url, u"variables").value_or(QString());
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
    const graphql::Response response = respond(request, admit);
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
           {recordField(QStringLiteral("key"), nonNull(string)),
            recordField(QStringLiteral("seller"), nonNull(address)),
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
            nestedField(QStringLiteral("lastSale"), QStringLiteral("Sale")),
            objectDetail(QStringLiteral("bytes"), nonNull(integer)),
            objectDetail(QStringLiteral("canvasWidth"), nonNull(integer)),
            objectDetail(QStringLiteral("canvasHeight"), nonNull(integer)),
            objectDetail(QStringLiteral("contentHash"), nonNull(hash)),
            objectDetail(QStringLiteral("traitsHash"), nonNull(hash)),
            objectDetail(QStringLiteral("root"), nonNull(hash),
                         QStringLiteral("The object's leaf in the object trie: the node's own, "
                                        "whatever the indexer reports.")),
            objectDetail(QStringLiteral("mintedAt"), nonNull(integer)),
            objectDetail(QStringLiteral("mintTx"), nonNull(hash)),
            field(
                QStringLiteral("history"), nonNull(named(QStringLiteral("ActivityConnection"))),
                [](const std::any &p, const Arguments &args) {
                    // The object's own entries of the feed, newest first, at
                    // the height it was read at.
                    const Node &n = nodeOf(p);
                    const Context &c = *n.context;
                    ActivityFilter filter;
                    filter.types = activityTypes(args);
                    filter.object =
                        c.state->objectIndex(n.record.value(QStringLiteral("key")).toString());
                    return activityPage(c, pageOf(c, args, n.height), filter);
                },
                [] {
                    auto args = pageArgs();
                    args.insert(
                        args.begin(),
                        arg(QStringLiteral("types"),
                            graphql::listOf(nonNull(named(QStringLiteral("ActivityType"))))));
                    return args;
                }(),
                QStringLiteral("Mints, sales, transfers and listings of this object, newest "
                               "first."))});
    object(
        QStringLiteral("TransactionEvent"), QStringLiteral("What a transaction did."),
        {recordField(QStringLiteral("type"), nonNull(string)),
         recordField(QStringLiteral("key"), string), recordField(QStringLiteral("from"), address),
         recordField(QStringLiteral("to"), address), recordField(QStringLiteral("price"), amount)});
    object(QStringLiteral("Receipt"), {},
           {recordField(QStringLiteral("status"), nonNull(string)),
            recordField(QStringLiteral("error"), string),
            recordField(QStringLiteral("gasUsed"), nonNull(integer)),
            recordField(QStringLiteral("fee"), nonNull(amount)),
            recordField(QStringLiteral("blockHeight"), nonNull(integer)),
            recordField(QStringLiteral("index"), nonNull(integer)),
            nestedList(QStringLiteral("events"), QStringLiteral("TransactionEvent"))});
    object(QStringLiteral("Transaction"),
           QStringLiteral("A transaction as REST's /txs serves it; the fields its kind has."),
           {recordField(QStringLiteral("hash"), nonNull(hash)),
            recordField(QStringLiteral("from"), nonNull(address)),
            recordField(QStringLiteral("nonce"), nonNull(integer)),
            recordField(QStringLiteral("kind"), nonNull(string)),
            recordField(QStringLiteral("gasPrice"), nonNull(amount)),
            recordField(QStringLiteral("gasLimit"), nonNull(integer)),
            recordField(QStringLiteral("to"), address),
            recordField(QStringLiteral("amount"), amount),
            recordField(QStringLiteral("slug"), string),
            recordField(QStringLiteral("tokenId"), named(QStringLiteral("TokenId"))),
            recordField(QStringLiteral("key"), string),
            recordField(QStringLiteral("name"), string),
            recordField(QStringLiteral("category"), string),
            nestedList(QStringLiteral("traits"), QStringLiteral("Trait")),
            recordField(QStringLiteral("bytes"), integer),
            recordField(QStringLiteral("price"), amount),
            recordField(QStringLiteral("maxPrice"), amount),
            recordField(QStringLiteral("blockHeight"), integer,
                        QStringLiteral("Null while it waits in the mempool.")),
            recordField(QStringLiteral("blockHash"), hash),
            recordField(QStringLiteral("index"), integer),
            nestedField(QStringLiteral("receipt"), QStringLiteral("Receipt"))});
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
             pageArgs(), {},
             // Every object of the collection and its version, and which
             // collection is not known before it runs: the largest one's.
             [](const std::any &root, const Arguments &) {
                 return 1 +
                        static_cast<double>(itemsAtHead(contextOf(root), -1)) / kVersionsPerNode;
             }),
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

} // namespace gifscan::devnet
