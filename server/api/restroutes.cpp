#include "server/api/restroutes.h"

#include "chain/content/framerenderer.h"
#include "chain/engine/servedchain.h"
#include "core/base/outcome.h"
#include "server/api/objectfilterquery.h"
#include "server/records/recordjson.h"
#include "server/records/recordreader.h"

#include <limits>

namespace gifscan::server {

using namespace rest;

namespace {

// A request as the handlers see it: the path's parts after the split, the
// head when it arrived and the height it is answered at (the head, or a
// single record's `?height=`).
struct Request
{
    QUrl url;
    QUrlQuery query;
    QStringList parts;
    QByteArray ifNoneMatch;
    std::uint64_t head = 0;
    std::uint64_t at = 0;
};

// What the handlers read: the chain and the indexer of the thread that asks.
struct Sources
{
    chain::ServedChain &chain;
    RecordReader &indexer;
};

Request requestOf(const chain::ServedChain &chain, const QUrl &url, const QByteArray &ifNoneMatch)
{
    const std::uint64_t head = chain.state().head();
    return Request{url,         QUrlQuery(url), url.path().split(u'/', Qt::SkipEmptyParts),
                   ifNoneMatch, head,           head};
}

const QStringList kActivityTypes = {QStringLiteral("mint"), QStringLiteral("sale"),
                                    QStringLiteral("transfer"), QStringLiteral("list"),
                                    QStringLiteral("delist")};
const QStringList kCollectionSorts = {QStringLiteral("volume"), QStringLiteral("floor"),
                                      QStringLiteral("items"),  QStringLiteral("owners"),
                                      QStringLiteral("name"),   QStringLiteral("newest")};

// A miss is told at the height asked about; a malformed request at the head.
RestReply notFound(const Request &r, const QString &what)
{
    return error(Status::NotFound, "not_found", what, r.at);
}

RestReply badRequest(const Request &r, const QString &what)
{
    return error(Status::BadRequest, "bad_request", what, r.head);
}

RestReply noEndpoint(const Request &r)
{
    return notFound(r, QStringLiteral("no such endpoint: %1").arg(r.url.path()));
}

// `?height=H` on a single record (an object, a wallet, a collection's trait
// counts): the record as it was at the end of block H, as the JSON-RPC reads
// take a trailing height; lists pin theirs in the cursor, and other
// endpoints ignore the parameter.
bool pinsHeight(const Request &r)
{
    const QString &resource = r.parts[1];
    return r.query.hasQueryItem(QStringLiteral("height")) &&
           ((resource == QLatin1String("objects") && r.parts.size() == 4) ||
            (resource == QLatin1String("wallets") && r.parts.size() == 3) ||
            (resource == QLatin1String("collections") && r.parts.size() == 4));
}

RestReply getBlocks(const Sources &s, const Request &r)
{
    const chain::ChainView &state = s.chain.state();
    const ListPage p = page(r.query, r.head);
    if (p.failure)
        return *p.failure;
    return p.answer(p.height + 1, [&](std::uint64_t i) {
        return RecordJson::header(*state.header(p.height - i));
    });
}

RestReply getBlock(const Sources &s, const Request &r)
{
    const chain::ChainView &state = s.chain.state();
    const QString &id = r.parts[2];
    // A devnet addition: a block by its hash as well as by its height.
    if (id.startsWith(QLatin1String("0x"))) {
        const auto hash = parseHash(id);
        if (!hash)
            return badRequest(r, QStringLiteral("a block hash is 0x and 64 hex digits"));
        const std::optional<chain::Block> b = state.blockByHash(*hash);
        if (!b)
            return notFound(r, QStringLiteral("no block %1").arg(id.toLower()));
        return single(RecordJson::block(state, *b, true), r.head);
    }
    std::uint64_t height = 0;
    if (!isDecimal(id))
        return badRequest(r, QStringLiteral("a block height is a non-negative integer"));
    // A well-formed height past 2^64 - 1 names no block, like one past the head.
    if (!parseUint(id, &height) || height > r.head)
        return notFound(r, QStringLiteral("no block %1: the head is %2").arg(id).arg(r.head));
    return single(RecordJson::block(state, *state.block(height), true), r.head);
}

RestReply getTransaction(const Sources &s, const Request &r)
{
    auto hash = parseHash(r.parts[2]);
    if (!hash)
        return badRequest(r, QStringLiteral("a transaction hash is 0x and 64 hex digits"));
    const QJsonObject both =
        RecordJson::transactionWithReceipt(s.chain.state(), s.chain.mempool(), *hash);
    if (both.isEmpty())
        return notFound(r, QStringLiteral("no transaction %1").arg(r.parts[2].toLower()));
    return single(both, r.head);
}

RestReply getMempool(const Sources &s, const Request &r)
{
    // A devnet addition: what waits for a block, for the Live page's tile.
    const chain::Mempool &pool = s.chain.mempool();
    return single(QJsonObject{{QStringLiteral("pending"), static_cast<qint64>(pool.size())}},
                  r.head);
}

RestReply getWallet(const Sources &s, const Request &r)
{
    auto address = parseAddress(r.parts[2]);
    if (!address)
        return badRequest(r, QStringLiteral("an address is 0x and 40 hex digits"));
    return single(RecordJson::wallet(*address, s.indexer.wallet(*address, r.at)), r.at);
}

// A list's `?collection=`: the filter's index, or the answer already known
// (a malformed slug; an empty page for a collection that does not exist).
std::optional<RestReply> collectionFilter(const Request &r, const chain::ChainView &state,
                                          const ListPage &p, int *collection, bool mustExistAt)
{
    if (!r.query.hasQueryItem(QStringLiteral("collection")))
        return std::nullopt;
    const QString slug = r.query.queryItemValue(QStringLiteral("collection"));
    if (!isValidSlug(slug))
        return badRequest(r, QStringLiteral("\"%1\" is not a collection slug").arg(slug));
    *collection = state.collectionIndex(slug);
    if (*collection < 0 || (mustExistAt && !state.collectionExists(*collection, p.height)))
        return p.answer(0, [](std::uint64_t) { return QJsonValue(); });
    return std::nullopt;
}

std::optional<RestReply> objectsAsked(const Sources &s, const Request &r, ListPage *p,
                                      ObjectFilter *filter)
{
    // Which kind of cursor the list takes depends on its filter (keyable).
    *p = page(r.query, r.head, std::nullopt);
    if (p->failure)
        return p->failure;
    if (auto known = collectionFilter(r, s.chain.state(), *p, &filter->collection, true))
        return known;
    if (r.query.hasQueryItem(QStringLiteral("owner"))) {
        filter->owner = parseAddress(r.query.queryItemValue(QStringLiteral("owner")));
        if (!filter->owner)
            return badRequest(r, QStringLiteral("owner must be an address: 0x and 40 hex digits"));
    }
    if (auto failure = readObjectFilter(r.query, r.head, filter))
        return failure;
    if (r.query.hasQueryItem(QStringLiteral("cursor")) && p->key.has_value() != filter->keyable())
        return foreignCursor(r.head);
    return std::nullopt;
}

RestReply getObjects(const Sources &s, const Request &r)
{
    const chain::ChainView &state = s.chain.state();
    ListPage p;
    ObjectFilter filter;
    if (auto refused = objectsAsked(s, r, &p, &filter))
        return *refused;
    auto record = [&](int object) {
        return RecordJson::objectSummary(state, s.indexer, object, p.height);
    };
    if (filter.keyable()) {
        // Read a page at a time from where the last one ended.
        if (p.key)
            filter.after =
                static_cast<int>(std::min<std::uint64_t>(*p.key, std::numeric_limits<int>::max()));
        filter.limit = p.limit + 1; // one past it says another page follows
        const std::vector<int> objects = s.indexer.objects(filter, p.height);
        state.prefetchVersions(objects, p.height); // the page's, at once
        return p.answerKeyed(
            objects, [](int object) { return static_cast<std::uint64_t>(object); }, record);
    }
    if (const auto page = s.indexer.page(filter, p.height, p.offset, p.limit)) {
        state.prefetchVersions(page->objects, p.height);
        return p.answer(page->total,
                        [&](std::uint64_t i) { return record(page->objects[i - p.offset]); });
    }
    const std::vector<int> objects = s.indexer.objects(filter, p.height);
    if (p.offset < objects.size()) {
        const auto from = objects.begin() + static_cast<std::ptrdiff_t>(p.offset);
        const auto count = std::min<std::uint64_t>(p.limit, objects.size() - p.offset);
        state.prefetchVersions({from, from + static_cast<std::ptrdiff_t>(count)}, p.height);
    }
    return p.answer(objects.size(), [&](std::uint64_t i) { return record(objects[i]); });
}

RestReply getFrames(const Sources &s, const Request &r, int object)
{
    const chain::ChainView &state = s.chain.state();
    const chain::ObjectRecord o = state.object(object);
    RestReply reply;
    reply.height = r.head;
    reply.mime = QByteArrayLiteral("image/gif");
    QByteArray etag = '"' + toHexString(o.contentHash).toLatin1();
    std::optional<int> frame;
    if (r.query.hasQueryItem(QStringLiteral("frame"))) {
        std::uint64_t n = 0;
        if (!parseUint(r.query.queryItemValue(QStringLiteral("frame")), &n))
            return badRequest(r, QStringLiteral("frame is a 0-based integer"));
        if (n >= static_cast<std::uint64_t>(o.frames))
            return notFound(r, QStringLiteral("%1 has %2 frames").arg(o.displayKey).arg(o.frames));
        etag += "/" + QByteArray::number(n);
        frame = static_cast<int>(n);
    }
    etag += '"';
    reply.headers.append({QByteArrayLiteral("ETag"), etag});
    if (r.ifNoneMatch == etag) {
        // The client holds these bytes: nothing to read from the store.
        reply.status = Status::NotModified;
        return reply;
    }
    Outcome<QByteArray> body = state.content(o.contentHash);
    if (body && frame)
        body = chain::FrameRenderer::frameAsGif(body.value(), *frame);
    if (!body)
        return error(Status::InternalServerError, "internal", body.error().message, r.head);
    reply.body = std::move(body.value());
    return reply;
}

RestReply getObject(const Sources &s, const Request &r)
{
    const chain::ChainView &state = s.chain.state();
    std::uint64_t tokenId = 0;
    if (!isValidSlug(r.parts[2]) || !parseUint(r.parts[3], &tokenId))
        return badRequest(r,
                          QStringLiteral("objects are addressed as /v1/objects/<slug>/<token id>"));
    const QString key = displayKey(r.parts[2], tokenId);
    const int object = r.parts.size() == 5 ? state.objectIndex(key) : state.objectAt(key, r.at);
    if (object < 0)
        return notFound(r, QStringLiteral("no object %1").arg(key));
    if (r.parts.size() == 5)
        return r.parts[4] == QLatin1String("frames") ? getFrames(s, r, object) : noEndpoint(r);
    if (!state.objectExists(object, r.at))
        return notFound(r, QStringLiteral("no object %1 at height %2").arg(key).arg(r.at));
    return single(RecordJson::object(state, s.indexer, object, r.at), r.at);
}

RestReply getCollections(const Sources &s, const Request &r)
{
    const ListPage p = page(r.query, r.head);
    if (p.failure)
        return *p.failure;
    const QString sort = r.query.queryItemValue(QStringLiteral("sort"));
    if (!sort.isEmpty() && !kCollectionSorts.contains(sort))
        return badRequest(r, QStringLiteral("sort is one of %1").arg(kCollectionSorts.join(u'|')));
    const auto list =
        s.indexer.collections(r.query.queryItemValue(QStringLiteral("category")), sort, p.height);
    return p.answer(list.size(), [&](std::uint64_t i) {
        return RecordJson::collection(s.chain.state(), list[i]);
    });
}

RestReply getTraits(const Sources &s, const Request &r)
{
    const chain::ChainView &state = s.chain.state();
    if (!isValidSlug(r.parts[2]))
        return badRequest(r, QStringLiteral("\"%1\" is not a collection slug").arg(r.parts[2]));
    const int collection = state.collectionIndex(r.parts[2]);
    if (collection < 0 || !state.collectionExists(collection, r.at))
        return notFound(r, QStringLiteral("no collection %1").arg(r.parts[2]));
    return single(RecordJson::traitCounts(s.indexer.traitCounts(collection, r.at)), r.at);
}

RestReply getActivity(const Sources &s, const Request &r)
{
    const chain::ChainView &state = s.chain.state();
    const ListPage p = page(r.query, r.head, true);
    if (p.failure)
        return *p.failure;
    chain::ActivityFilter filter;
    filter.before = p.key;
    // Decoded whole: a client that writes the comma as %2C means a list.
    const QString types = r.query.queryItemValue(QStringLiteral("type"), QUrl::FullyDecoded);
    if (!types.isEmpty()) {
        filter.types = types.split(u',');
        for (const QString &t : filter.types) {
            if (!kActivityTypes.contains(t))
                return badRequest(
                    r, QStringLiteral("type is a list of %1").arg(kActivityTypes.join(u',')));
        }
        filter.types.removeDuplicates(); // each kind once: mint,mint,… asks for mints
    }
    if (auto known = collectionFilter(r, state, p, &filter.collection, false))
        return *known;
    if (r.query.hasQueryItem(QStringLiteral("since")) &&
        !parseUint(r.query.queryItemValue(QStringLiteral("since")), &filter.since))
        return badRequest(r, QStringLiteral("since is a block height"));
    if (r.query.hasQueryItem(QStringLiteral("address"))) {
        filter.address = parseAddress(r.query.queryItemValue(QStringLiteral("address")));
        if (!filter.address)
            return badRequest(r, QStringLiteral("address must be 0x and 40 hex digits"));
    }
    // One entry past the page says whether another page follows.
    const auto entries = s.indexer.activity(filter, p.height, p.limit + 1);
    return p.answerKeyed(
        entries, [](const chain::ActivityEntry &e) { return e.id; },
        [&](const chain::ActivityEntry &e) { return RecordJson::activity(state, e); });
}

using Handler = RestReply (*)(const Sources &, const Request &);

// A route: the path's resource (parts[1]), how many parts it has, and what
// the last must be (or nullptr).
struct Route
{
    const char *resource;
    int parts;
    const char *last;
    Handler handler;
};

const Route kRoutes[] = {
    {"blocks", 2, nullptr, &getBlocks},
    {"blocks", 3, nullptr, &getBlock},
    {"txs", 3, nullptr, &getTransaction},
    {"objects", 2, nullptr, &getObjects},
    {"objects", 4, nullptr, &getObject},
    {"objects", 5, nullptr, &getObject}, // .../frames, checked after the object
    {"collections", 2, nullptr, &getCollections},
    {"collections", 4, "traits", &getTraits},
    {"mempool", 2, nullptr, &getMempool},
    {"wallets", 3, nullptr, &getWallet},
    {"activity", 2, nullptr, &getActivity},
};

} // namespace

RestRoutes::RestRoutes(chain::ServedChain &chain, RecordReader &indexer)
    : m_chain(chain), m_indexer(indexer)
{
}

QString RestRoutes::routeOf(const QUrl &url)
{
    const QStringList parts = url.path().split(u'/', Qt::SkipEmptyParts);
    if (parts.size() < 2 || parts[0] != QLatin1String("v1"))
        return QStringLiteral("other");
    for (const Route &route : kRoutes) {
        if (parts[1] != QLatin1String(route.resource) || parts.size() != route.parts ||
            (route.last && parts.back() != QLatin1String(route.last)))
            continue;
        QString out = QStringLiteral("/v1/") + QLatin1String(route.resource);
        for (int i = 2; i < route.parts; ++i)
            out += i + 1 == route.parts && route.last
                       ? QStringLiteral("/") + QLatin1String(route.last)
                       : QStringLiteral("/{}");
        return out;
    }
    return QStringLiteral("other");
}

bool RestRoutes::isMempoolPage(const QUrl &url)
{
    const QStringList parts = url.path().split(u'/', Qt::SkipEmptyParts);
    return parts.size() >= 2 && parts[1] == QLatin1String("mempool");
}

RestReply RestRoutes::answer(const QUrl &url, const QByteArray &ifNoneMatch) const
{
    Request r = requestOf(m_chain, url, ifNoneMatch);
    if (r.parts.size() < 2 || r.parts[0] != QLatin1String("v1"))
        return noEndpoint(r);
    // Answers at a pinned height, errors included, carry that height.
    if (pinsHeight(r)) {
        std::uint64_t asked = 0;
        if (!parseUint(r.query.queryItemValue(QStringLiteral("height")), &asked))
            return badRequest(r, QStringLiteral("height is a block height: digits, no sign"));
        if (asked > r.head)
            return notFound(
                r, QStringLiteral("height %1 is beyond the head %2").arg(asked).arg(r.head));
        r.at = asked;
    }
    for (const Route &route : kRoutes) {
        if (r.parts[1] == QLatin1String(route.resource) && r.parts.size() == route.parts &&
            (!route.last || r.parts.back() == QLatin1String(route.last)))
            return route.handler(Sources{m_chain, m_indexer}, r);
    }
    return noEndpoint(r);
}

double RestRoutes::cost(const QUrl &url) const
{
    // Asked of every GET on the node thread: only an object list's query is read.
    const QStringList parts = url.path().split(u'/', Qt::SkipEmptyParts);
    if (parts.size() != 2 || parts[0] != QLatin1String("v1") ||
        parts[1] != QLatin1String("objects"))
        return 1;
    Request r = requestOf(m_chain, url, {});
    // A cursor of a head this thread has not taken up yet may be within the
    // head of the reader thread that answers (ReaderPool), which takes up
    // the newest stored: priced as read at its height, not as a refusal.
    if (const auto c = PageCursor::decode(r.query.queryItemValue(QStringLiteral("cursor")));
        c && c->height > r.head)
        r.head = c->height;
    // Read as the handler reads it: a request it refuses, or answers with an
    // empty page, is one node.
    ListPage p;
    ObjectFilter filter;
    if (objectsAsked(Sources{m_chain, m_indexer}, r, &p, &filter))
        return 1;
    // Its limit and one more, which says another page follows.
    return m_indexer.objectsCost(filter, p.height, p.offset, p.limit + 1);
}

} // namespace gifscan::server
