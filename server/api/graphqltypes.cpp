// The types of the chain's GraphQL schema (ChainGraphql::addTypes), one
// builder each for the scalars and each group of object types, called in
// the order introspection lists them.
#include "chain/engine/chainview.h"
#include "server/api/graphqlnodes.h"
#include "server/api/graphqlschema.h"
#include "server/records/recordjson.h"
#include "server/records/recordreader.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <cmath>

namespace gifscan::server {

using namespace chaingraphql;

namespace {

void addObjectType(graphql::Schema &schema, const QString &name, const QString &description,
                   std::vector<graphql::Field> fields)
{
    graphql::Type t;
    t.name = name;
    t.description = description;
    t.fields = std::move(fields);
    schema.add(std::move(t));
}

void addScalars(graphql::Schema &schema)
{
    auto hexString = [](int digits) {
        return [digits](const QString &s) {
            // Anchored: "$" alone would let a final newline through.
            static const QRegularExpression hex(
                QRegularExpression::anchoredPattern(QStringLiteral("0x[0-9a-fA-F]*")));
            return s.size() == 2 + digits && hex.match(s).hasMatch();
        };
    };
    schema.addStringScalar(QStringLiteral("Address"),
                           QStringLiteral("20 bytes: 0x and 40 hex digits."), hexString(40));
    schema.addStringScalar(QStringLiteral("Hash"),
                           QStringLiteral("32 bytes: 0x and 64 hex digits."), hexString(64));
    schema.addStringScalar(
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
    schema.add(tokenId);
}

void addBlockTypes(graphql::Schema &schema)
{
    addObjectType(
        schema, QStringLiteral("PageInfo"),
        QStringLiteral("Where a page ends, and whether more follow."),
        {recordField(QStringLiteral("endCursor"), kString),
         recordField(QStringLiteral("hasNextPage"), nonNull(named(QStringLiteral("Boolean"))))});
    addObjectType(schema, QStringLiteral("Block"),
                  QStringLiteral("A block header, as REST's /blocks serves it."),
                  {recordField(QStringLiteral("height"), nonNull(kInt)),
                   recordField(QStringLiteral("hash"), nonNull(kHash)),
                   recordField(QStringLiteral("parentHash"), nonNull(kHash)),
                   recordField(QStringLiteral("timestamp"), nonNull(kInt)),
                   recordField(QStringLiteral("proposer"), nonNull(kAddress)),
                   recordField(QStringLiteral("objectRoot"), nonNull(kHash)),
                   recordField(QStringLiteral("holdingsRoot"), nonNull(kHash)),
                   recordField(QStringLiteral("txRoot"), nonNull(kHash)),
                   recordField(QStringLiteral("txCount"), nonNull(kInt)),
                   recordField(QStringLiteral("validatorsHash"), nonNull(kHash))});
}

// An object's own entries of the activity feed.
graphql::Field objectHistoryField()
{
    return field(
        QStringLiteral("history"), nonNull(named(QStringLiteral("ActivityConnection"))),
        [](const std::any &p, const Arguments &args) {
            // The object's own entries of the feed, newest first, at
            // the height it was read at.
            const Node &n = nodeOf(p);
            const Context &c = *n.context;
            chain::ActivityFilter filter;
            filter.types = activityTypes(args);
            filter.object = c.state->objectIndex(n.record.value(QStringLiteral("key")).toString());
            return activityPage(c, pageOf(c, args, n.height, true), filter);
        },
        [] {
            auto args = pageArgs();
            args.insert(args.begin(),
                        arg(QStringLiteral("types"),
                            graphql::listOf(nonNull(named(QStringLiteral("ActivityType"))))));
            return args;
        }(),
        QStringLiteral("Mints, sales, transfers and listings of this object, newest "
                       "first."));
}

void addObjectTypes(graphql::Schema &schema)
{
    addObjectType(schema, QStringLiteral("Trait"), {},
                  {recordField(QStringLiteral("trait"), nonNull(kString)),
                   recordField(QStringLiteral("value"), nonNull(kString))});
    addObjectType(schema, QStringLiteral("Listing"),
                  QStringLiteral("An object for sale, held by the escrow."),
                  {recordField(QStringLiteral("key"), nonNull(kString)),
                   recordField(QStringLiteral("seller"), nonNull(kAddress)),
                   recordField(QStringLiteral("escrow"), nonNull(kAddress)),
                   recordField(QStringLiteral("price"), nonNull(kAmount)),
                   recordField(QStringLiteral("listedAt"), nonNull(kInt)),
                   recordField(QStringLiteral("txHash"), nonNull(kHash))});
    addObjectType(schema, QStringLiteral("Sale"), {},
                  {recordField(QStringLiteral("price"), nonNull(kAmount)),
                   recordField(QStringLiteral("height"), nonNull(kInt)),
                   recordField(QStringLiteral("txHash"), nonNull(kHash))});
    addObjectType(
        schema, QStringLiteral("Object"),
        QStringLiteral("An object as the indexer reports it (proofs stay JSON-RPC's)."),
        {recordField(QStringLiteral("key"), nonNull(kString)),
         recordField(QStringLiteral("slug"), nonNull(kString)),
         recordField(QStringLiteral("tokenId"), nonNull(named(QStringLiteral("TokenId")))),
         recordField(QStringLiteral("owner"), nonNull(kAddress)),
         recordField(QStringLiteral("rarityRank"), nonNull(kInt)),
         nestedList(QStringLiteral("traits"), QStringLiteral("Trait")),
         recordField(QStringLiteral("frames"), nonNull(kInt)),
         nestedField(QStringLiteral("listing"), QStringLiteral("Listing")),
         nestedField(QStringLiteral("lastSale"), QStringLiteral("Sale")),
         objectDetail(QStringLiteral("bytes"), nonNull(kInt)),
         objectDetail(QStringLiteral("canvasWidth"), nonNull(kInt)),
         objectDetail(QStringLiteral("canvasHeight"), nonNull(kInt)),
         objectDetail(QStringLiteral("contentHash"), nonNull(kHash)),
         objectDetail(QStringLiteral("traitsHash"), nonNull(kHash)),
         objectDetail(QStringLiteral("root"), nonNull(kHash),
                      QStringLiteral("The object's leaf in the object trie: the node's own, "
                                     "whatever the indexer reports.")),
         objectDetail(QStringLiteral("mintedAt"), nonNull(kInt)),
         objectDetail(QStringLiteral("mintTx"), nonNull(kHash)), objectHistoryField()});
}

void addTransactionTypes(graphql::Schema &schema)
{
    addObjectType(
        schema, QStringLiteral("TransactionEvent"), QStringLiteral("What a transaction did."),
        {recordField(QStringLiteral("type"), nonNull(kString)),
         recordField(QStringLiteral("key"), kString), recordField(QStringLiteral("from"), kAddress),
         recordField(QStringLiteral("to"), kAddress),
         recordField(QStringLiteral("price"), kAmount)});
    addObjectType(schema, QStringLiteral("Receipt"), {},
                  {recordField(QStringLiteral("status"), nonNull(kString)),
                   recordField(QStringLiteral("error"), kString),
                   recordField(QStringLiteral("gasUsed"), nonNull(kInt)),
                   recordField(QStringLiteral("fee"), nonNull(kAmount)),
                   recordField(QStringLiteral("blockHeight"), nonNull(kInt)),
                   recordField(QStringLiteral("index"), nonNull(kInt)),
                   nestedList(QStringLiteral("events"), QStringLiteral("TransactionEvent"))});
    addObjectType(
        schema, QStringLiteral("Transaction"),
        QStringLiteral("A transaction as REST's /txs serves it; the fields its kind has."),
        {recordField(QStringLiteral("hash"), nonNull(kHash)),
         recordField(QStringLiteral("from"), nonNull(kAddress)),
         recordField(QStringLiteral("nonce"), nonNull(kInt)),
         recordField(QStringLiteral("kind"), nonNull(kString)),
         recordField(QStringLiteral("gasPrice"), nonNull(kAmount)),
         recordField(QStringLiteral("gasLimit"), nonNull(kInt)),
         recordField(QStringLiteral("to"), kAddress),
         recordField(QStringLiteral("amount"), kAmount),
         recordField(QStringLiteral("slug"), kString),
         recordField(QStringLiteral("tokenId"), named(QStringLiteral("TokenId"))),
         recordField(QStringLiteral("key"), kString),
         recordField(QStringLiteral("name"), kString),
         recordField(QStringLiteral("category"), kString),
         nestedList(QStringLiteral("traits"), QStringLiteral("Trait")),
         recordField(QStringLiteral("bytes"), kInt),
         recordField(QStringLiteral("price"), kAmount),
         recordField(QStringLiteral("maxPrice"), kAmount),
         recordField(QStringLiteral("blockHeight"), kInt,
                     QStringLiteral("Null while it waits in the mempool.")),
         recordField(QStringLiteral("blockHash"), kHash),
         recordField(QStringLiteral("index"), kInt),
         nestedField(QStringLiteral("receipt"), QStringLiteral("Receipt"))});
}

void addActivityTypes(graphql::Schema &schema)
{
    addObjectType(
        schema, QStringLiteral("Activity"), QStringLiteral("An entry of the activity feed."),
        {recordField(QStringLiteral("id"), nonNull(named(QStringLiteral("ID")))),
         recordField(QStringLiteral("type"), nonNull(kString)),
         recordField(QStringLiteral("key"), nonNull(kString)),
         recordField(QStringLiteral("slug"), nonNull(kString)),
         recordField(QStringLiteral("tokenId"), nonNull(named(QStringLiteral("TokenId")))),
         recordField(QStringLiteral("from"), kAddress), recordField(QStringLiteral("to"), kAddress),
         recordField(QStringLiteral("price"), kAmount),
         recordField(QStringLiteral("txHash"), nonNull(kHash)),
         recordField(QStringLiteral("height"), nonNull(kInt)),
         recordField(QStringLiteral("timestamp"), nonNull(kInt))});
    addObjectType(schema, QStringLiteral("TraitCount"),
                  QStringLiteral("How many of a collection's objects have a value."),
                  {recordField(QStringLiteral("trait"), nonNull(kString)),
                   recordField(QStringLiteral("value"), nonNull(kString)),
                   recordField(QStringLiteral("count"), nonNull(kInt))});
}

void addWalletTypes(graphql::Schema &schema)
{
    addObjectType(schema, QStringLiteral("Holding"),
                  QStringLiteral("How many objects of one collection a wallet holds."),
                  {recordField(QStringLiteral("slug"), nonNull(kString)),
                   recordField(QStringLiteral("count"), nonNull(kInt))});
    addObjectType(schema, QStringLiteral("WalletCounters"), {},
                  {recordField(QStringLiteral("txCount"), nonNull(kInt)),
                   recordField(QStringLiteral("minted"), nonNull(kInt)),
                   recordField(QStringLiteral("bought"), nonNull(kInt)),
                   recordField(QStringLiteral("sold"), nonNull(kInt)),
                   recordField(QStringLiteral("transfersIn"), nonNull(kInt)),
                   recordField(QStringLiteral("transfersOut"), nonNull(kInt))});
    addObjectType(schema, QStringLiteral("Wallet"), {},
                  {recordField(QStringLiteral("address"), nonNull(kAddress)),
                   recordField(QStringLiteral("balance"), nonNull(kAmount)),
                   recordField(QStringLiteral("nonce"), nonNull(kInt)),
                   nestedList(QStringLiteral("holdings"), QStringLiteral("Holding")),
                   recordField(QStringLiteral("listed"), nonNull(kInt)),
                   nestedField(QStringLiteral("counters"), QStringLiteral("WalletCounters"))});
}

void addConnectionTypes(graphql::Schema &schema)
{
    addConnection(schema, QStringLiteral("Object"));
    addConnection(schema, QStringLiteral("Activity"));
    addConnection(schema, QStringLiteral("Collection"));
    addObjectType(schema, QStringLiteral("Holder"),
                  QStringLiteral("An address and how many of a collection's objects it holds."),
                  {recordField(QStringLiteral("owner"), nonNull(kAddress)),
                   recordField(QStringLiteral("count"), nonNull(kInt))});
    addConnection(schema, QStringLiteral("Holder"));
    addConnection(schema, QStringLiteral("Block"));
}

graphql::Field collectionHoldersField()
{
    return field(
        QStringLiteral("holders"), nonNull(named(QStringLiteral("HolderConnection"))),
        [](const std::any &p, const Arguments &args) {
            // Who holds the collection's objects at the record's height, most
            // first: a listed object counts for its seller, as wallets do.
            const Node &n = nodeOf(p);
            const Context &c = *n.context;
            const Page page = pageOf(c, args, n.height);
            const std::vector<std::pair<Address, std::uint64_t>> holders = c.indexer->holders(
                c.state->collectionIndex(n.record.value(QStringLiteral("slug")).toString()),
                page.height);
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
            return RecordReader::scanCost(itemsAtHead(contextOf(root), -1), true);
        });
}

graphql::Field collectionTraitCountsField()
{
    return field(
        QStringLiteral("traitCounts"),
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
        });
}

void addCollectionType(graphql::Schema &schema)
{
    // A collection with, in the same request, its trait counts and objects.
    addObjectType(schema, QStringLiteral("Collection"), {},
                  {recordField(QStringLiteral("slug"), nonNull(kString)),
                   recordField(QStringLiteral("name"), nonNull(kString)),
                   recordField(QStringLiteral("category"), nonNull(kString)),
                   recordField(QStringLiteral("creator"), nonNull(kAddress)),
                   recordField(QStringLiteral("items"), nonNull(kInt)),
                   recordField(QStringLiteral("owners"), nonNull(kInt)),
                   recordField(QStringLiteral("listed"), nonNull(kInt)),
                   recordField(QStringLiteral("floorPrice"), kAmount),
                   recordField(QStringLiteral("volume24h"), nonNull(kAmount)),
                   recordField(QStringLiteral("volumeTotal"), nonNull(kAmount)),
                   recordField(QStringLiteral("sales24h"), nonNull(kInt)),
                   recordField(QStringLiteral("createdAt"), nonNull(kInt)),
                   collectionHoldersField(), collectionTraitCountsField()});
}

} // namespace

void ChainGraphql::addTypes()
{
    for (auto add : {addScalars, addBlockTypes, addObjectTypes, addTransactionTypes,
                     addActivityTypes, addWalletTypes, addConnectionTypes, addCollectionType})
        add(m_schema);
}

} // namespace gifscan::server
