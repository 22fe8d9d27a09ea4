// The root fields of the chain's GraphQL schema (ChainGraphql::addRootFields).
#include "server/api/graphqlnodes.h"
#include "server/api/graphqlschema.h"
#include "server/api/objectsorts.h"
#include "server/records/recordjson.h"

#include <limits>
#include <optional>

namespace gifscan::server {

using namespace chaingraphql;

namespace {
// An `objects` resolution reads every object of its scope (the chain, or one
// collection), and each one's version for a market order or `listed`.
// Read a page at a time (ObjectFilter::keyable): in id order, with no
// filter that reads each object.
bool keyableObjects(const Arguments &args)
{
    return args.value(QStringLiteral("sort")).toString(QStringLiteral("ID")) ==
               QLatin1String("ID") &&
           !args.value(QStringLiteral("listed")).toBool(false) &&
           !args.value(QStringLiteral("owner")).isString();
}

// The `objects` field's filter from its arguments, the collection aside;
// throws for what the field refuses.
ObjectFilter objectFilterOf(const Arguments &args)
{
    ObjectFilter filter;
    if (args.value(QStringLiteral("owner")).isString())
        filter.owner = parseAddress(args.value(QStringLiteral("owner")).toString());
    // As REST: more could only match nothing, and each is a clause.
    if (args.value(QStringLiteral("traits")).toArray().size() > 64)
        throw FieldError(QStringLiteral("at most 64 trait filters"));
    for (const QJsonValue &t : args.value(QStringLiteral("traits")).toArray())
        filter.traits.append(
            {t[QStringLiteral("trait")].toString(), t[QStringLiteral("value")].toString()});
    filter.order = objectSort(args.value(QStringLiteral("sort")).toString(), &ObjectSort::graphql)
                       .value_or(ObjectFilter::Order::Id);
    filter.listedOnly = args.value(QStringLiteral("listed")).toBool(false);
    return filter;
}

// The collection asked for (-1: none), or nothing when it does not exist
// at `height` (the answer is an empty page).
std::optional<int> collectionAsked(const Context &c, const Arguments &args, std::uint64_t height)
{
    if (!args.contains(QStringLiteral("collection")) ||
        args.value(QStringLiteral("collection")).isNull())
        return -1;
    const int collection =
        c.state->collectionIndex(args.value(QStringLiteral("collection")).toString());
    if (collection < 0 || !c.state->collectionExists(collection, height))
        return std::nullopt;
    return collection;
}

// What the resolution below reads (RecordReader::objectsCost): the page
// asked for, read from the arguments as the resolution reads them; what it
// refuses, or answers with an empty page, is one node.
double weighObjects(const std::any &root, const Arguments &args)
{
    const Context &c = contextOf(root);
    try {
        const Page page = askedPage(c, args, askedHeight(c, args), keyableObjects(args));
        ObjectFilter filter = objectFilterOf(args);
        const std::optional<int> collection = collectionAsked(c, args, page.height);
        if (!collection)
            return 1;
        filter.collection = *collection;
        return c.indexer->objectsCost(filter, page.height, page.offset, page.first + 1);
    } catch (const FieldError &) {
        return 1;
    }
}

// A connection's arguments: its own, then the page's and the height.
std::vector<InputValue> connectionArgs(std::vector<InputValue> args)
{
    for (InputValue &a : pageArgs())
        args.push_back(std::move(a));
    args.push_back(heightArg());
    return args;
}

// The enums and the input type the root fields take.
void addArgumentTypes(graphql::Schema &schema)
{
    auto enumType = [&schema](const QString &name, const QStringList &values) {
        graphql::Type t;
        t.kind = graphql::Type::Kind::Enum;
        t.name = name;
        for (const QString &v : values)
            t.enumValues.push_back({v, {}, std::nullopt});
        schema.add(std::move(t));
    };
    enumType(QStringLiteral("ObjectSort"), objectSortNames(&ObjectSort::graphql));
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
    schema.add(traitInput);
}

graphql::Field headField()
{
    return field(QStringLiteral("head"), nonNull(named(QStringLiteral("Block"))),
                 [](const std::any &p, const Arguments &) {
                     const Context &c = contextOf(p);
                     return Resolved::object(
                         Node{&c, c.head, RecordJson::header(*c.state->header(c.head)), -1});
                 });
}

graphql::Field blocksField()
{
    return field(
        QStringLiteral("blocks"), nonNull(named(QStringLiteral("BlockConnection"))),
        [](const std::any &p, const Arguments &args) {
            // Newest first from the page's height, as REST's /blocks.
            const Context &c = contextOf(p);
            const Page page = pageOf(c, args, heightOf(c, args));
            return connection(c, page, page.height + 1, [&](std::uint64_t i) {
                return RecordJson::header(*c.state->header(page.height - i));
            });
        },
        connectionArgs({}));
}

graphql::Field blockField()
{
    return field(QStringLiteral("block"), named(QStringLiteral("Block")),
                 [](const std::any &p, const Arguments &args) {
                     const Context &c = contextOf(p);
                     const qint64 h = args.value(QStringLiteral("height")).toInteger();
                     const auto b =
                         h < 0 ? std::nullopt : c.state->block(static_cast<std::uint64_t>(h));
                     if (!b || b->header.height > c.head)
                         return Resolved();
                     return Resolved::object(Node{&c, c.head, RecordJson::header(b->header), -1});
                 },
                 {arg(QStringLiteral("height"), nonNull(named(QStringLiteral("Int"))))});
}

graphql::Field transactionField()
{
    return field(
        QStringLiteral("transaction"), named(QStringLiteral("Transaction")),
        [](const std::any &p, const Arguments &args) {
            // Mined at or below the height read at, or (at the head)
            // waiting in the mempool with a null receipt; else null.
            const Context &c = contextOf(p);
            const std::uint64_t h = heightOf(c, args);
            const auto hash = parseHash(args.value(QStringLiteral("hash")).toString());
            if (!hash)
                return Resolved();
            const QJsonObject found =
                RecordJson::transactionWithReceipt(*c.state, *c.mempool, *hash);
            QJsonObject tx = found.value(QStringLiteral("transaction")).toObject();
            const QJsonValue mined = tx.value(QStringLiteral("blockHeight"));
            const bool known =
                mined.isDouble() ? mined.toInteger() <= qint64(h) : !tx.isEmpty() && h == c.head;
            if (!known)
                return Resolved();
            tx.insert(QStringLiteral("receipt"), found.value(QStringLiteral("receipt")));
            return Resolved::object(Node{&c, h, tx, -1});
        },
        {arg(QStringLiteral("hash"), nonNull(named(QStringLiteral("Hash")))), heightArg()});
}

graphql::Field objectField()
{
    return field(
        QStringLiteral("object"), named(QStringLiteral("Object")),
        [](const std::any &p, const Arguments &args) {
            const Context &c = contextOf(p);
            const std::uint64_t h = heightOf(c, args);
            const QString key = displayKey(
                args.value(QStringLiteral("slug")).toString(),
                static_cast<std::uint64_t>(args.value(QStringLiteral("tokenId")).toInteger()));
            const int o = c.state->objectAt(key, h);
            if (o < 0 || !c.state->objectExists(o, h))
                return Resolved();
            return Resolved::object(Node{&c, h, RecordJson::object(*c.state, *c.indexer, o, h), o});
        },
        {arg(QStringLiteral("slug"), nonNull(kString)),
         arg(QStringLiteral("tokenId"), nonNull(named(QStringLiteral("TokenId")))), heightArg()});
}

graphql::Field objectsField()
{
    return field(
        QStringLiteral("objects"), nonNull(named(QStringLiteral("ObjectConnection"))),
        [](const std::any &p, const Arguments &args) {
            const Context &c = contextOf(p);
            const bool keyed = keyableObjects(args);
            const Page page = pageOf(c, args, heightOf(c, args), keyed);
            const std::optional<int> collection = collectionAsked(c, args, page.height);
            if (!collection)
                return connection(c, page, 0, [](std::uint64_t) { return QJsonObject(); });
            ObjectFilter filter = objectFilterOf(args);
            filter.collection = *collection;
            auto record = [&c, &page](int object) {
                return RecordJson::objectSummary(*c.state, *c.indexer, object, page.height);
            };
            if (keyed) {
                if (page.key)
                    filter.after = static_cast<int>(
                        std::min<std::uint64_t>(*page.key, std::numeric_limits<int>::max()));
                filter.limit = page.first + 1;
                const std::vector<int> objects = c.indexer->objects(filter, page.height);
                return keyedConnection(
                    c, page, objects, [](int o) { return static_cast<std::uint64_t>(o); }, record);
            }
            if (const auto listed = c.indexer->page(filter, page.height, page.offset, page.first))
                return connection(c, page, listed->total, [&](std::uint64_t i) {
                    return record(listed->objects[i - page.offset]);
                });
            const std::vector<int> objects = c.indexer->objects(filter, page.height);
            return connection(c, page, objects.size(),
                              [&](std::uint64_t i) { return record(objects[i]); });
        },
        connectionArgs({arg(QStringLiteral("collection"), kString),
                        arg(QStringLiteral("owner"), named(QStringLiteral("Address"))),
                        arg(QStringLiteral("traits"),
                            graphql::listOf(nonNull(named(QStringLiteral("TraitInput")))),
                            QStringLiteral("All must hold.")),
                        arg(QStringLiteral("sort"), named(QStringLiteral("ObjectSort"))),
                        arg(QStringLiteral("listed"), named(QStringLiteral("Boolean")),
                            QStringLiteral("true: only objects for sale."))}),
        {}, weighObjects);
}

graphql::Field collectionField()
{
    return field(
        QStringLiteral("collection"), named(QStringLiteral("Collection")),
        [](const std::any &p, const Arguments &args) {
            const Context &c = contextOf(p);
            const std::uint64_t h = heightOf(c, args);
            const int index =
                c.state->collectionIndex(args.value(QStringLiteral("slug")).toString());
            if (index < 0 || !c.state->collectionExists(index, h))
                return Resolved();
            return Resolved::object(
                Node{&c, h, RecordJson::collection(*c.state, c.indexer->stats(index, h)), index});
        },
        {arg(QStringLiteral("slug"), nonNull(kString)), heightArg()});
}

graphql::Field collectionsField()
{
    return field(
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
        connectionArgs({arg(QStringLiteral("category"), kString),
                        arg(QStringLiteral("sort"), named(QStringLiteral("CollectionSort")))}));
}

graphql::Field walletField()
{
    return field(
        QStringLiteral("wallet"), nonNull(named(QStringLiteral("Wallet"))),
        [](const std::any &p, const Arguments &args) {
            const Context &c = contextOf(p);
            const std::uint64_t h = heightOf(c, args);
            const auto parsed = parseAddress(args.value(QStringLiteral("address")).toString());
            if (!parsed)
                throw FieldError(QStringLiteral("address must be 0x and 40 hex digits"));
            const Address a = *parsed;
            return Resolved::object(
                Node{&c, h, RecordJson::wallet(a, c.indexer->wallet(a, h)), -1});
        },
        {arg(QStringLiteral("address"), nonNull(named(QStringLiteral("Address")))), heightArg()});
}

graphql::Field activityField()
{
    return field(
        QStringLiteral("activity"), nonNull(named(QStringLiteral("ActivityConnection"))),
        [](const std::any &p, const Arguments &args) {
            const Context &c = contextOf(p);
            const Page page = pageOf(c, args, heightOf(c, args), true);
            chain::ActivityFilter filter;
            filter.types = activityTypes(args);
            if (args.value(QStringLiteral("key")).isString()) {
                filter.object = c.state->objectIndex(args.value(QStringLiteral("key")).toString());
                if (filter.object < 0)
                    return connection(c, page, 0, [](std::uint64_t) { return QJsonObject(); });
            }
            if (args.value(QStringLiteral("collection")).isString()) {
                filter.collection =
                    c.state->collectionIndex(args.value(QStringLiteral("collection")).toString());
                if (filter.collection < 0)
                    return connection(c, page, 0, [](std::uint64_t) { return QJsonObject(); });
            }
            if (args.value(QStringLiteral("since")).isDouble())
                filter.since = static_cast<std::uint64_t>(
                    std::max<qint64>(0, args.value(QStringLiteral("since")).toInteger()));
            if (args.value(QStringLiteral("address")).isString())
                filter.address = parseAddress(args.value(QStringLiteral("address")).toString());
            return activityPage(c, page, filter);
        },
        connectionArgs({arg(QStringLiteral("types"),
                            graphql::listOf(nonNull(named(QStringLiteral("ActivityType"))))),
                        arg(QStringLiteral("collection"), kString),
                        arg(QStringLiteral("key"), kString, QStringLiteral("One object: slug#id.")),
                        arg(QStringLiteral("address"), named(QStringLiteral("Address"))),
                        arg(QStringLiteral("since"), named(QStringLiteral("Int")))}));
}

} // namespace

void ChainGraphql::addRootFields()
{
    addArgumentTypes(m_schema);
    graphql::Type query;
    query.name = QStringLiteral("Query");
    query.description = QStringLiteral("What the indexer answers, at the head or at any height.");
    for (auto make :
         {headField, blocksField, blockField, transactionField, objectField, objectsField,
          collectionField, collectionsField, walletField, activityField}) {
        // Every root field may demand a height the server must have read
        // (as REST's ?minHeight=): read servers on replicas lag one another.
        graphql::Field f = make();
        f.args.push_back(minHeightArg());
        f.resolve = [inner = std::move(f.resolve)](const std::any &p, const Arguments &args) {
            requireHeight(contextOf(p), args);
            return inner(p, args);
        };
        query.fields.push_back(std::move(f));
    }
    m_schema.add(std::move(query));
}

} // namespace gifscan::server
