#pragma once

#include "chain/engine/chainview.h"
#include "server/api/pagecursor.h"
#include "server/graphql/schema.h"
#include "server/records/recordjson.h"
#include "server/records/recordreader.h"

#include <QJsonArray>
#include <QJsonObject>
#include <algorithm>
#include <map>

// What ChainGraphql's resolvers share (server/api/graphqlschema.cpp builds the
// types, server/api/graphqlqueryfields.cpp the root fields): a request's view of
// the chain, records as REST serves them, REST's pages as connections.
// Internal to those two files. Node thread, as ChainGraphql.
namespace gifscan::server::chaingraphql {

using graphql::Arguments;
using graphql::field;
using graphql::FieldError;
using graphql::InputValue;
using graphql::named;
using graphql::nonNull;
using graphql::Resolved;
using graphql::TypeRef;

// The named types the schema's builders use most.
inline const TypeRef kString = named(QStringLiteral("String"));
inline const TypeRef kInt = named(QStringLiteral("Int"));
inline const TypeRef kAddress = named(QStringLiteral("Address"));
inline const TypeRef kHash = named(QStringLiteral("Hash"));
inline const TypeRef kAmount = named(QStringLiteral("Amount"));

// One request's view of the chain: the head when it began, and the height
// a root field asked for (extensions.height).
struct Context
{
    const chain::ChainView *state = nullptr;
    RecordReader *indexer = nullptr;
    const chain::Mempool *mempool = nullptr;
    std::uint64_t head = 0;
    mutable std::optional<std::uint64_t> asked;
    // The highest minHeight a root field demanded past the head: the whole
    // answer is then "ask again" (HTTP 503), never data older than that.
    mutable std::optional<std::uint64_t> behind;
    // What the cost check read of the chain, once a request: a collection's
    // items at the head, by index (-1: the largest collection's).
    mutable std::map<int, std::size_t> itemsAtHead;
};

// What one `objects` or `holders` resolution reads, in cost nodes
// (RecordReader::scanCost): every object in its scope, counted at the head
// (never fewer than at a lower height), or a list read as a page the objects
// up to the page's end (RecordReader::objectsCost), so that a query within the cost
// limit runs for some 70 ms at most (bench_abuse's graphql_scans: a normal
// client's p99 under 100 ms).

inline std::size_t itemsAtHead(const Context &c, int collection)
{
    const auto known = c.itemsAtHead.find(collection);
    if (known != c.itemsAtHead.end())
        return known->second;
    std::size_t items = 0;
    if (collection >= 0) {
        items = c.indexer->itemsAt(collection, c.head);
    } else {
        for (int i = 0; i < static_cast<int>(c.state->collectionCount()); ++i)
            items = std::max(items, itemsAtHead(c, i));
    }
    c.itemsAtHead.emplace(collection, items);
    return items;
}

// A record as REST serves it, at the height it was read, with the row it
// came from for the fields REST does not carry.
struct Node
{
    const Context *context = nullptr;
    std::uint64_t height = 0;
    QJsonObject record;
    int row = -1;
};

inline const Context &contextOf(const std::any &parent)
{
    if (const auto *c = std::any_cast<const Context *>(&parent))
        return **c;
    return *std::any_cast<const Node &>(parent).context;
}

inline const Node &nodeOf(const std::any &parent)
{
    return std::any_cast<const Node &>(parent);
}

// A field read from the record under the same name.
inline graphql::Field recordField(const QString &name, TypeRef type,
                                  const QString &description = {})
{
    return field(
        name, std::move(type),
        [name](const std::any &p, const Arguments &) {
            return Resolved::leaf(nodeOf(p).record.value(name));
        },
        {}, description);
}

// What a single object's record carries beyond a list's summary (its
// content, its leaf, its mint): read from the record when it has it, else
// made for the object at the record's height.
inline graphql::Field objectDetail(const QString &name, TypeRef type,
                                   const QString &description = {})
{
    return field(
        name, std::move(type),
        [name](const std::any &p, const Arguments &) {
            const Node &n = nodeOf(p);
            if (n.record.contains(name))
                return Resolved::leaf(n.record.value(name));
            const Context &c = *n.context;
            const int o = c.state->objectIndex(n.record.value(QStringLiteral("key")).toString());
            return Resolved::leaf(
                RecordJson::object(*c.state, *c.indexer, o, n.height).value(name));
        },
        {}, description);
}

// A nested record (a listing, a last sale), null when the record has none.
inline graphql::Field nestedField(const QString &name, const QString &typeName)
{
    return field(name, named(typeName), [name](const std::any &p, const Arguments &) {
        const Node &n = nodeOf(p);
        const QJsonValue v = n.record.value(name);
        return v.isObject() ? Resolved::object(Node{n.context, n.height, v.toObject(), -1})
                            : Resolved();
    });
}

// A list of nested records (traits, holdings).
inline graphql::Field nestedList(const QString &name, const QString &typeName,
                                 const QString &key = {})
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

inline InputValue arg(const QString &name, TypeRef type, const QString &description = {})
{
    return InputValue{name, description, std::move(type), {}};
}

inline InputValue heightArg()
{
    return arg(QStringLiteral("height"), named(QStringLiteral("Int")),
               QStringLiteral("Read the chain as it was at the end of this block (the head when "
                              "absent)."));
}

inline InputValue minHeightArg()
{
    return arg(QStringLiteral("minHeight"), named(QStringLiteral("Int")),
               QStringLiteral("Answer only from a server that has read this block: one behind "
                              "it answers HTTP 503 with Retry-After, never older data."));
}

// A root field's minHeight, checked against the head the request reads.
inline void requireHeight(const Context &c, const Arguments &args)
{
    const QJsonValue v = args.value(QStringLiteral("minHeight"));
    if (v.isUndefined() || v.isNull())
        return;
    const qint64 h = v.toInteger();
    if (h < 0)
        throw FieldError(QStringLiteral("minHeight is a block height: 0 or more"));
    if (static_cast<std::uint64_t>(h) <= c.head)
        return;
    c.behind = std::max(c.behind.value_or(0), static_cast<std::uint64_t>(h));
    throw FieldError(QStringLiteral("this server has read up to block %1 and the query needs "
                                    "block %2: ask again in a moment")
                         .arg(c.head)
                         .arg(h));
}

inline std::vector<InputValue> pageArgs()
{
    graphql::Value first;
    first.kind = graphql::Value::Kind::Int;
    first.text = QStringLiteral("25");
    return {InputValue{QStringLiteral("first"), QStringLiteral("How many, 1 to 100."),
                       named(QStringLiteral("Int")), first},
            arg(QStringLiteral("after"), named(QStringLiteral("String")),
                QStringLiteral("The endCursor of the page before: it pins that page's height."))};
}

// The height a root field reads at: the one `args` ask for (not beyond the
// head), or the head; throws for one it refuses. What a price reads: it
// says nothing to the answer's extensions.
inline std::uint64_t askedHeight(const Context &c, const Arguments &args)
{
    if (!args.contains(QStringLiteral("height")) || args.value(QStringLiteral("height")).isNull())
        return c.head;
    const qint64 h = args.value(QStringLiteral("height")).toInteger();
    if (h < 0)
        throw FieldError(QStringLiteral("height is a block height: 0 or more"));
    if (static_cast<std::uint64_t>(h) > c.head)
        throw FieldError(QStringLiteral("height %1 is beyond the head %2").arg(h).arg(c.head));
    return static_cast<std::uint64_t>(h);
}

// askedHeight for a field being resolved: the first height asked is the
// answer's (extensions.height).
inline std::uint64_t heightOf(const Context &c, const Arguments &args)
{
    const std::uint64_t h = askedHeight(c, args);
    if (!c.asked && args.contains(QStringLiteral("height")) &&
        !args.value(QStringLiteral("height")).isNull())
        c.asked = h;
    return h;
}

// REST's page: the cursor pins the height of the first page; a keyed
// list's (the activity feed) says where the last page ended.
struct Page
{
    std::uint64_t height = 0;
    std::uint64_t offset = 0;
    std::optional<std::uint64_t> key; // a keyed list's: the last key of the page before
    std::uint64_t first = 25;
};
// The page `args` ask for from `height`; throws for a cursor it refuses.
// What a price reads: it says nothing to the answer's extensions.
inline Page askedPage(const Context &c, const Arguments &args, std::uint64_t height,
                      bool keyed = false)
{
    Page p;
    p.height = height;
    // The limits refuse a `first` outside 1 to 100 before anything runs; a
    // price weighed before that takes a negative one as none.
    p.first =
        static_cast<std::uint64_t>(std::max(0, args.value(QStringLiteral("first")).toInt(25)));
    const QString after = args.value(QStringLiteral("after")).toString();
    if (!after.isEmpty()) {
        const auto cursor = PageCursor::decode(after);
        if (!cursor || cursor->height > c.head || cursor->key.has_value() != keyed)
            throw FieldError(QStringLiteral("after is not a cursor this node issued"));
        p.height = cursor->height;
        p.offset = cursor->offset;
        p.key = cursor->key;
    }
    return p;
}

// askedPage for a field being resolved: a page is read at its cursor's
// height, and says so in extensions.height, as REST's `height` does.
inline Page pageOf(const Context &c, const Arguments &args, std::uint64_t height,
                   bool keyed = false)
{
    const Page p = askedPage(c, args, height, keyed);
    if (!c.asked && !args.value(QStringLiteral("after")).toString().isEmpty())
        c.asked = p.height;
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
        out.cursors.push_back(PageCursor::at(p.height, i + 1).encode());
    }
    out.pageInfo = {
        {QStringLiteral("hasNextPage"), end < total},
        {QStringLiteral("endCursor"),
         end > p.offset ? QJsonValue(PageCursor::at(p.height, end).encode()) : QJsonValue()}};
    return Resolved::object(std::move(out));
}

// A page of a keyed list, read from where the last page ended: up to
// `first` of `entries`, one more saying another page follows. Each edge's
// cursor is its own entry's key.
template <typename T, typename Key, typename Record>
Resolved keyedConnection(const Context &c, const Page &page, const std::vector<T> &entries,
                         Key &&keyOf, Record &&recordOf)
{
    Connection out;
    out.context = &c;
    out.height = page.height;
    const std::size_t n = std::min<std::size_t>(entries.size(), page.first);
    for (std::size_t i = 0; i < n; ++i) {
        out.records.push_back(recordOf(entries[i]));
        out.cursors.push_back(PageCursor::keyed(page.height, keyOf(entries[i])).encode());
    }
    out.pageInfo = {
        {QStringLiteral("hasNextPage"), entries.size() > n},
        {QStringLiteral("endCursor"), n > 0 ? QJsonValue(out.cursors.back()) : QJsonValue()}};
    return Resolved::object(std::move(out));
}

// A page of the activity feed, newest first.
inline Resolved activityPage(const Context &c, const Page &page, chain::ActivityFilter filter)
{
    filter.before = page.key;
    const auto entries = c.indexer->activity(filter, page.height, page.first + 1);
    return keyedConnection(
        c, page, entries, [](const chain::ActivityEntry &e) { return e.id; },
        [&c](const chain::ActivityEntry &e) { return RecordJson::activity(*c.state, e); });
}

// The feed's types as the ActivityType enum names them (MINT, SALE, …).
inline QStringList activityTypes(const Arguments &args)
{
    QStringList types;
    for (const QJsonValue &t : args.value(QStringLiteral("types")).toArray())
        types.append(t.toString().toLower());
    return types;
}

// ObjectConnection, ActivityConnection, …: the same three fields over nodes
// of `nodeType`.
inline void addConnection(graphql::Schema &schema, const QString &nodeType)
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

} // namespace gifscan::server::chaingraphql
