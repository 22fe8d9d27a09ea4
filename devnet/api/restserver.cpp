#include "devnet/api/restserver.h"

#include "devnet/api/graphqlschema.h"
#include "devnet/api/indexer.h"
#include "devnet/api/pagecursor.h"
#include "devnet/api/recordjson.h"
#include "devnet/chain/chain.h"
#include "devnet/content/framerenderer.h"
#include "devnet/net/cors.h"
#include "devnet/net/guardedtcpserver.h"
#include "devnet/net/ratelimiter.h"

#include <QHttpServerResponder>
#include <QHttpServerResponse>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QUrlQuery>

namespace gifscan::devnet {

Q_LOGGING_CATEGORY(lcRest, "gifscan.devnet.rest")

using Status = QHttpServerResponder::StatusCode;

namespace {
constexpr qsizetype kMaxRestBody = 1024 * 1024;
const QStringList kActivityTypes = {QStringLiteral("mint"), QStringLiteral("sale"),
                                    QStringLiteral("transfer"), QStringLiteral("list"),
                                    QStringLiteral("delist")};
const QStringList kCollectionSorts = {QStringLiteral("volume"), QStringLiteral("floor"),
                                      QStringLiteral("items"),  QStringLiteral("owners"),
                                      QStringLiteral("name"),   QStringLiteral("newest")};

using Reply = RestServer::Reply;

Reply error(Status status, const char *code, const QString &message, std::uint64_t height)
{
    Reply r;
    r.status = status;
    r.height = height;
    const QJsonObject body{
        {QStringLiteral("error"), QJsonObject{{QStringLiteral("status"), static_cast<int>(status)},
                                              {QStringLiteral("code"), QLatin1String(code)},
                                              {QStringLiteral("message"), message}}},
        {QStringLiteral("height"), static_cast<qint64>(height)}};
    r.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return r;
}

Reply tooLargeReply(std::uint64_t height)
{
    return error(Status::PayloadTooLarge, "too_large",
                 QStringLiteral("request bodies are limited to 1 MiB"), height);
}

Reply json(const QJsonObject &body, std::uint64_t height)
{
    Reply r;
    r.height = height;
    r.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return r;
}

Reply single(const QJsonValue &record, std::uint64_t height)
{
    return json(
        {{QStringLiteral("data"), record}, {QStringLiteral("height"), static_cast<qint64>(height)}},
        height);
}

// Digits only, no leading zero: the form of a height or a count.
bool isDecimal(const QString &text)
{
    if (text.isEmpty() || (text.size() > 1 && text.front() == u'0'))
        return false;
    return std::all_of(text.begin(), text.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

// False for what is not a decimal and for what does not fit 64 bits.
bool parseUint(const QString &text, std::uint64_t *out)
{
    bool ok = false;
    *out = isDecimal(text) ? text.toULongLong(&ok) : 0;
    return ok;
}

// Paging shared by every list: limit and cursor checked, height pinned.
struct RestPage
{
    std::uint64_t height = 0;
    std::uint64_t offset = 0;
    std::uint64_t limit = 25;
    std::optional<Reply> failure;

    template <typename F> Reply answer(std::uint64_t total, F &&recordAt) const
    {
        QJsonArray data;
        // A forged cursor may say any offset: nothing here may wrap.
        const std::uint64_t end =
            offset >= total ? total : offset + std::min(limit, total - offset);
        for (std::uint64_t i = offset; i < end; ++i)
            data.append(recordAt(i));
        const QJsonValue cursor =
            end < total ? QJsonValue(PageCursor{height, end}.encode()) : QJsonValue();
        return json({{QStringLiteral("data"), data},
                     {QStringLiteral("cursor"), cursor},
                     {QStringLiteral("height"), static_cast<qint64>(height)}},
                    height);
    }
};

RestPage page(const QUrlQuery &q, std::uint64_t head)
{
    RestPage p;
    p.height = head;
    if (q.hasQueryItem(QStringLiteral("limit"))) {
        if (!parseUint(q.queryItemValue(QStringLiteral("limit")), &p.limit) || p.limit < 1 ||
            p.limit > 100)
            p.failure = error(Status::BadRequest, "bad_request",
                              QStringLiteral("limit must be an integer from 1 to 100"), head);
    }
    if (q.hasQueryItem(QStringLiteral("cursor"))) {
        auto c = PageCursor::decode(q.queryItemValue(QStringLiteral("cursor")));
        if (!c || c->height > head)
            p.failure = error(Status::BadRequest, "bad_request",
                              QStringLiteral("cursor is not one this node issued"), head);
        else {
            p.height = c->height;
            p.offset = c->offset;
        }
    }
    return p;
}
} // namespace

RestServer::RestServer(Chain &chain, Indexer &indexer, RateLimiter &limiter, QObject *parent)
    : QObject(parent), m_chain(chain), m_indexer(indexer), m_limiter(limiter),
      m_graphql(
          std::make_unique<ChainGraphql>(chain.state(), indexer, chain.mempool(), limiter.clock()))
{
    m_server.setMissingHandler(
        [this](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
            handle(request, std::move(responder));
        });
}

RestServer::~RestServer() = default;

quint16 RestServer::listen(const QHostAddress &address, quint16 port,
                           const GuardedTcpServer::Limits &limits)
{
    // A guarded socket, so that no stranger can hold every descriptor, and
    // a request that must be refused (a body past the limit, chunked, a bad
    // or huge head) is answered before any of its body is read.
    GuardedTcpServer::Limits guarded = limits;
    guarded.maxBodyBytes = kMaxRestBody;
    guarded.refusal = [this](int status, const QString &why) {
        const std::uint64_t head = m_chain.state().head();
        const Reply reply = status == 413 ? tooLargeReply(head)
                                          : error(static_cast<Status>(status),
                                                  status == 431   ? "too_large"
                                                  : status == 429 ? "rate_limited"
                                                                  : "bad_request",
                                                  why, head);
        return GuardedTcpServer::Limits::Answer{
            reply.body, cors::answerHeaders() +
                            cors::Headers{{QByteArrayLiteral("Content-Type"), reply.mime},
                                          {QByteArrayLiteral("X-Block-Height"),
                                           QByteArray::number(reply.height)},
                                          {QByteArrayLiteral("Cache-Control"), cacheControl()}}};
    };
    return GuardedTcpServer::listenFor(m_server, address, port, guarded);
}

void RestServer::handle(const QHttpServerRequest &request, QHttpServerResponder &&responder)
{
    const std::uint64_t head = m_chain.state().head();
    int retryAfter = 0;
    Reply reply;
    if (!m_limiter.take(request.remoteAddress(), &retryAfter)) {
        reply = error(Status::TooManyRequests, "rate_limited",
                      QStringLiteral("too many requests: retry in %1 s").arg(retryAfter), head);
        reply.headers.append({QByteArrayLiteral("Retry-After"), QByteArray::number(retryAfter)});
    } else if (request.body().size() > kMaxRestBody) {
        reply = tooLargeReply(head);
    } else if (request.method() == QHttpServerRequest::Method::Options) {
        reply.status = Status::NoContent;
        reply.height = head;
        reply.headers = cors::preflightHeaders(QByteArrayLiteral("GET, HEAD, POST, OPTIONS"));
    } else if (request.url().path() == QLatin1String("/graphql") && m_graphqlOn) {
        reply = graphql(request);
    } else if (request.method() != QHttpServerRequest::Method::Get &&
               request.method() != QHttpServerRequest::Method::Head) {
        reply = error(Status::MethodNotAllowed, "method_not_allowed",
                      QStringLiteral("the REST API is read-only: use GET"), head);
        reply.headers.append({QByteArrayLiteral("Allow"), QByteArrayLiteral("GET, HEAD")});
    } else {
        // As for JSON-RPC: a bug answers its one request with a 500.
        try {
            reply = route(request.url(), request.value(QByteArrayLiteral("If-None-Match")));
        } catch (const std::exception &e) {
            qCCritical(lcRest).noquote()
                << "internal error on" << request.url().path() << ":" << e.what();
            reply = error(Status::InternalServerError, "internal", QStringLiteral("internal error"),
                          head);
        }
    }
    // HEAD: the same status and headers as GET, and no body (RFC 9110 §9.3.2).
    const bool isHead = request.method() == QHttpServerRequest::Method::Head;
    QHttpServerResponse response(reply.mime, isHead ? QByteArray() : reply.body, reply.status);
    response.setHeader(QByteArrayLiteral("X-Block-Height"), QByteArray::number(reply.height));
    response.setHeader(QByteArrayLiteral("Cache-Control"), cacheControl());
    for (const auto &[name, value] : reply.headers)
        response.setHeader(name, value);
    for (const auto &[name, value] : cors::answerHeaders())
        response.setHeader(name, value);
    response.write(std::move(responder));
}

RestServer::Reply RestServer::graphql(const QHttpServerRequest &request)
{
    const auto m = request.method();
    const QByteArray method =
        m == QHttpServerRequest::Method::Get || m == QHttpServerRequest::Method::Head
            ? QByteArrayLiteral("GET")
        : m == QHttpServerRequest::Method::Post ? QByteArrayLiteral("POST")
                                                : QByteArrayLiteral("OTHER");
    Reply reply;
    try {
        const ChainGraphql::HttpAnswer a = m_graphql->answerHttp(
            method, request.url(), request.body(), request.value(QByteArrayLiteral("Content-Type")),
            request.value(QByteArrayLiteral("Accept")),
            [this, peer = request.remoteAddress()](int tokens, int *retryAfter) {
                return m_limiter.take(peer, retryAfter, tokens);
            });
        reply.status = static_cast<Status>(a.status);
        reply.body = a.body;
        reply.mime = a.mime;
        reply.height = a.height;
        reply.headers = a.headers;
    } catch (const std::exception &e) {
        qCCritical(lcRest).noquote() << "internal error on /graphql:" << e.what();
        // In GraphQL's shape, as a GraphQL client reads every answer.
        reply.status = Status::InternalServerError;
        reply.height = m_chain.state().head();
        reply.body = QByteArrayLiteral("{\"errors\":[{\"message\":\"internal error\"}]}");
    }
    return reply;
}

QByteArray RestServer::cacheControl() const
{
    // Nothing may be cached past one block; the mean block time is the bound.
    const double blockTime = m_chain.options().blockTime > 0 ? m_chain.options().blockTime : 5.0;
    return "max-age=" + QByteArray::number(std::min(5, static_cast<int>(blockTime)));
}

RestServer::Reply RestServer::route(const QUrl &url, const QByteArray &ifNoneMatch)
{
    const ChainState &state = m_chain.state();
    const std::uint64_t head = state.head();
    const QUrlQuery query(url);
    const QStringList parts = url.path().split(u'/', Qt::SkipEmptyParts);
    // The height answers are given at: the head, or the `?height=` below.
    std::uint64_t at = head;
    auto notFound = [&](const QString &what) {
        return error(Status::NotFound, "not_found", what, at);
    };
    auto bad = [&](const QString &what) {
        return error(Status::BadRequest, "bad_request", what, head);
    };
    if (parts.size() < 2 || parts[0] != QLatin1String("v1"))
        return notFound(QStringLiteral("no such endpoint: %1").arg(url.path()));
    const QString &resource = parts[1];
    // `?height=H` on a single record (an object, a wallet, a collection's
    // trait counts): the record as it was at the end of block H, as the
    // JSON-RPC reads take a trailing height; lists pin theirs in the cursor,
    // and other endpoints ignore the parameter. Their answers, errors
    // included, carry H.
    const bool atHeight = query.hasQueryItem(QStringLiteral("height")) &&
                          ((resource == QLatin1String("objects") && parts.size() == 4) ||
                           (resource == QLatin1String("wallets") && parts.size() == 3) ||
                           (resource == QLatin1String("collections") && parts.size() == 4));
    if (atHeight) {
        std::uint64_t asked = 0;
        if (!parseUint(query.queryItemValue(QStringLiteral("height")), &asked))
            return bad(QStringLiteral("height is a block height: digits, no sign"));
        if (asked > head)
            return notFound(QStringLiteral("height %1 is beyond the head %2").arg(asked).arg(head));
        at = asked;
    }

    if (resource == QLatin1String("blocks") && parts.size() == 2) {
        const RestPage p = page(query, head);
        if (p.failure)
            return *p.failure;
        return p.answer(p.height + 1, [&](std::uint64_t i) {
            return RecordJson::header(state.block(p.height - i)->header);
        });
    }
    if (resource == QLatin1String("blocks") && parts.size() == 3) {
        // A devnet addition: a block by its hash as well as by its height.
        if (parts[2].startsWith(QLatin1String("0x"))) {
            const auto hash = parseHash(parts[2]);
            if (!hash)
                return bad(QStringLiteral("a block hash is 0x and 64 hex digits"));
            const std::optional<Block> b = state.blockByHash(*hash);
            if (!b)
                return notFound(QStringLiteral("no block %1").arg(parts[2].toLower()));
            return single(RecordJson::block(state, *b, true), head);
        }
        std::uint64_t height = 0;
        if (!isDecimal(parts[2]))
            return bad(QStringLiteral("a block height is a non-negative integer"));
        // A well-formed height past 2^64 - 1 names no block, like one past the head.
        if (!parseUint(parts[2], &height) || height > head)
            return notFound(QStringLiteral("no block %1: the head is %2").arg(parts[2]).arg(head));
        return single(RecordJson::block(state, *state.block(height), true), head);
    }
    if (resource == QLatin1String("txs") && parts.size() == 3) {
        auto hash = parseHash(parts[2]);
        if (!hash)
            return bad(QStringLiteral("a transaction hash is 0x and 64 hex digits"));
        const QJsonObject both =
            RecordJson::transactionWithReceipt(state, m_chain.mempool(), *hash);
        if (both.isEmpty())
            return notFound(QStringLiteral("no transaction %1").arg(parts[2].toLower()));
        return single(both, head);
    }
    if (resource == QLatin1String("objects") && parts.size() == 2) {
        RestPage p = page(query, head);
        if (p.failure)
            return *p.failure;
        ObjectFilter filter;
        if (query.hasQueryItem(QStringLiteral("collection"))) {
            const QString slug = query.queryItemValue(QStringLiteral("collection"));
            if (!isValidSlug(slug))
                return bad(QStringLiteral("\"%1\" is not a collection slug").arg(slug));
            filter.collection = state.collectionIndex(slug);
            if (filter.collection < 0 || !state.collectionExists(filter.collection, p.height))
                return p.answer(0, [](std::uint64_t) { return QJsonValue(); });
        }
        if (query.hasQueryItem(QStringLiteral("owner"))) {
            filter.owner = parseAddress(query.queryItemValue(QStringLiteral("owner")));
            if (!filter.owner)
                return bad(QStringLiteral("owner must be an address: 0x and 40 hex digits"));
        }
        const QStringList traitFilters =
            query.allQueryItemValues(QStringLiteral("trait"), QUrl::FullyDecoded);
        // As many as an object can have: more could only match nothing, and
        // each is a clause of the query.
        if (traitFilters.size() > 64)
            return bad(QStringLiteral("at most 64 trait filters"));
        for (const QString &t : traitFilters) {
            const qsizetype colon = t.indexOf(u':');
            if (colon <= 0)
                return bad(QStringLiteral("trait filters are Name:Value"));
            filter.traits.append({t.left(colon), t.mid(colon + 1)});
        }
        const QString sort = query.queryItemValue(QStringLiteral("sort"));
        static const QHash<QString, ObjectFilter::Order> kOrders{
            {QStringLiteral("id"), ObjectFilter::Order::Id},
            {QStringLiteral("rarity"), ObjectFilter::Order::Rarity},
            {QStringLiteral("price"), ObjectFilter::Order::Price},
            {QStringLiteral("lastSale"), ObjectFilter::Order::LastSale},
            {QStringLiteral("listed"), ObjectFilter::Order::RecentlyListed},
        };
        if (!sort.isEmpty() && !kOrders.contains(sort))
            return bad(QStringLiteral("objects sort by id|rarity|price|lastSale|listed"));
        filter.order = kOrders.value(sort, ObjectFilter::Order::Id);
        const QString listed = query.queryItemValue(QStringLiteral("listed"));
        if (!listed.isEmpty() && listed != QLatin1String("true") &&
            listed != QLatin1String("false"))
            return bad(QStringLiteral("listed is true or false"));
        filter.listedOnly = listed == QLatin1String("true");
        const std::vector<int> objects = m_indexer.objects(filter, p.height);
        return p.answer(objects.size(), [&](std::uint64_t i) {
            return RecordJson::objectSummary(state, m_indexer, objects[i], p.height);
        });
    }
    if (resource == QLatin1String("objects") && (parts.size() == 4 || parts.size() == 5)) {
        std::uint64_t tokenId = 0;
        if (!isValidSlug(parts[2]) || !parseUint(parts[3], &tokenId))
            return bad(QStringLiteral("objects are addressed as /v1/objects/<slug>/<token id>"));
        const int object = state.objectIndex(displayKey(parts[2], tokenId));
        if (object < 0)
            return notFound(QStringLiteral("no object %1").arg(displayKey(parts[2], tokenId)));
        if (parts.size() == 4) {
            if (!state.objectExists(object, at))
                return notFound(QStringLiteral("no object %1 at height %2")
                                    .arg(displayKey(parts[2], tokenId))
                                    .arg(at));
            return single(RecordJson::object(state, m_indexer, object, at), at);
        }
        if (parts[4] != QLatin1String("frames"))
            return notFound(QStringLiteral("no such endpoint: %1").arg(url.path()));
        const ObjectRecord o = state.object(object);
        Reply r;
        r.height = head;
        r.mime = QByteArrayLiteral("image/gif");
        QByteArray etag = '"' + toHexString(o.contentHash).toLatin1();
        std::optional<int> frame;
        if (query.hasQueryItem(QStringLiteral("frame"))) {
            std::uint64_t n = 0;
            if (!parseUint(query.queryItemValue(QStringLiteral("frame")), &n))
                return bad(QStringLiteral("frame is a 0-based integer"));
            if (n >= static_cast<std::uint64_t>(o.frames))
                return notFound(QStringLiteral("%1 has %2 frames").arg(o.displayKey).arg(o.frames));
            etag += "/" + QByteArray::number(n);
            frame = static_cast<int>(n);
        }
        etag += '"';
        r.headers.append({QByteArrayLiteral("ETag"), etag});
        if (ifNoneMatch == etag) {
            // The client holds these bytes: nothing to read from the store.
            r.status = Status::NotModified;
            return r;
        }
        QString why;
        const QByteArray content = state.content(o.contentHash, &why);
        r.body = content.isEmpty() || !frame ? content
                                             : FrameRenderer::frameAsGif(content, *frame, &why);
        if (r.body.isEmpty())
            return error(Status::InternalServerError, "internal", why, head);
        return r;
    }
    if (resource == QLatin1String("collections") && parts.size() == 2) {
        const RestPage p = page(query, head);
        if (p.failure)
            return *p.failure;
        const QString sort = query.queryItemValue(QStringLiteral("sort"));
        if (!sort.isEmpty() && !kCollectionSorts.contains(sort))
            return bad(QStringLiteral("sort is one of %1").arg(kCollectionSorts.join(u'|')));
        const auto list =
            m_indexer.collections(query.queryItemValue(QStringLiteral("category")), sort, p.height);
        return p.answer(list.size(),
                        [&](std::uint64_t i) { return RecordJson::collection(state, list[i]); });
    }
    if (resource == QLatin1String("collections") && parts.size() == 4 &&
        parts[3] == QLatin1String("traits")) {
        if (!isValidSlug(parts[2]))
            return bad(QStringLiteral("\"%1\" is not a collection slug").arg(parts[2]));
        const int collection = state.collectionIndex(parts[2]);
        if (collection < 0 || !state.collectionExists(collection, at))
            return notFound(QStringLiteral("no collection %1").arg(parts[2]));
        return single(RecordJson::traitCounts(m_indexer.traitCounts(collection, at)), at);
    }
    if (resource == QLatin1String("mempool") && parts.size() == 2) {
        // A devnet addition: what waits for a block, for the Live page's tile.
        const Mempool &pool = m_chain.mempool();
        return single(QJsonObject{{QStringLiteral("pending"), static_cast<qint64>(pool.size())}},
                      head);
    }
    if (resource == QLatin1String("wallets") && parts.size() == 3) {
        auto address = parseAddress(parts[2]);
        if (!address)
            return bad(QStringLiteral("an address is 0x and 40 hex digits"));
        return single(RecordJson::wallet(*address, m_indexer.wallet(*address, at)), at);
    }
    if (resource == QLatin1String("activity") && parts.size() == 2) {
        const RestPage p = page(query, head);
        if (p.failure)
            return *p.failure;
        ActivityFilter filter;
        const QString types = query.queryItemValue(QStringLiteral("type"));
        if (!types.isEmpty()) {
            filter.types = types.split(u',');
            for (const QString &t : filter.types) {
                if (!kActivityTypes.contains(t))
                    return bad(
                        QStringLiteral("type is a list of %1").arg(kActivityTypes.join(u',')));
            }
        }
        if (query.hasQueryItem(QStringLiteral("collection"))) {
            const QString slug = query.queryItemValue(QStringLiteral("collection"));
            if (!isValidSlug(slug))
                return bad(QStringLiteral("\"%1\" is not a collection slug").arg(slug));
            filter.collection = state.collectionIndex(slug);
            if (filter.collection < 0)
                return p.answer(0, [](std::uint64_t) { return QJsonValue(); });
        }
        if (query.hasQueryItem(QStringLiteral("since")) &&
            !parseUint(query.queryItemValue(QStringLiteral("since")), &filter.since))
            return bad(QStringLiteral("since is a block height"));
        if (query.hasQueryItem(QStringLiteral("address"))) {
            filter.address = parseAddress(query.queryItemValue(QStringLiteral("address")));
            if (!filter.address)
                return bad(QStringLiteral("address must be 0x and 40 hex digits"));
        }
        // One entry past the page says whether another page follows.
        const auto entries = m_indexer.activity(filter, p.height, p.offset, p.limit + 1);
        return p.answer(p.offset + entries.size(), [&](std::uint64_t i) {
            return RecordJson::activity(state, entries[i - p.offset]);
        });
    }
    return notFound(QStringLiteral("no such endpoint: %1").arg(url.path()));
}

} // namespace gifscan::devnet
