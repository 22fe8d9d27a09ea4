#include "core/client/restclient.h"

#include "core/client/graphqlpages.h"
#include "core/client/restpageloads.h"
#include "core/protocol/recordcodec.h"

#include <QUrlQuery>

namespace gifscan {

namespace {
template <typename T> Result<T> failed(const HttpResponse &r)
{
    Result<T> out;
    out.error = r.error;
    out.height = r.height.value_or(0);
    return out;
}

// A single record's `?height=` (PROTOCOL §5), or no query: at the head.
QUrlQuery atHeight(std::optional<std::uint64_t> height)
{
    QUrlQuery query;
    if (height)
        query.addQueryItem(QStringLiteral("height"), QString::number(*height));
    return query;
}
} // namespace

RestClient::RestClient(const QUrl &baseUrl, HttpClient *http, QObject *parent)
    : QObject(parent), m_base(baseUrl), m_http(http)
{
}

QUrl RestClient::url(const QString &path, const QUrlQuery &query) const
{
    QUrl u = m_base;
    u.setPath(m_base.path() + QStringLiteral("/v1") + path);
    u.setQuery(query);
    return u;
}

template <typename T>
void RestClient::getPage(const QString &path, QUrlQuery query, const QString &cursor, int limit,
                         QObject *context, Done<Page<T>> done)
{
    if (!cursor.isEmpty())
        query.addQueryItem(QStringLiteral("cursor"), cursor);
    if (limit > 0)
        query.addQueryItem(QStringLiteral("limit"), QString::number(limit));
    m_http->get(url(path, query), context, [done](const HttpResponse &r) {
        if (!r.error.ok())
            return done(failed<Page<T>>(r));
        Result<Page<T>> out;
        Page<T> page;
        DecodeError e;
        if (!RecordCodec::decodePage(QJsonDocument::fromJson(r.body), &page, &e)) {
            out.error = {ClientError::Kind::Decode, r.status, {}, 0, {}, e.toString(), 0, {}};
        } else {
            out.height = page.height;
            out.value = std::move(page);
        }
        done(out);
    });
}

template <typename T>
void RestClient::getSingle(const QString &path, QObject *context, Done<T> done,
                           const QUrlQuery &query)
{
    m_http->get(url(path, query), context, [done](const HttpResponse &r) {
        if (!r.error.ok())
            return done(failed<T>(r));
        Result<T> out;
        T record;
        DecodeError e;
        std::uint64_t height = 0;
        const QJsonDocument doc = QJsonDocument::fromJson(r.body);
        if (!RecordCodec::decodeSingle(doc, &record, &height, &e)) {
            out.error = {ClientError::Kind::Decode, r.status, {}, 0, {}, e.toString(), 0, {}};
        } else {
            out.height = height;
            out.raw = doc.object().value(QStringLiteral("data"));
            out.value = std::move(record);
        }
        done(out);
    });
}

void RestClient::blocks(const QString &cursor, int limit, QObject *context,
                        Done<Page<BlockHeader>> done)
{
    getPage<BlockHeader>(QStringLiteral("/blocks"), {}, cursor, limit, context, std::move(done));
}

void RestClient::block(std::uint64_t height, QObject *context, Done<Block> done)
{
    getSingle<Block>(QStringLiteral("/blocks/%1").arg(height), context, std::move(done));
}

void RestClient::blockByHash(const Hash32 &hash, QObject *context, Done<Block> done)
{
    getSingle<Block>(QStringLiteral("/blocks/") + toHexString(hash), context, std::move(done));
}

void RestClient::transaction(const Hash32 &hash, QObject *context,
                             Done<TransactionWithReceipt> done)
{
    getSingle<TransactionWithReceipt>(QStringLiteral("/txs/") + toHexString(hash), context,
                                      std::move(done));
}

void RestClient::objects(const ObjectQuery &q, const QString &cursor, int limit, QObject *context,
                         Done<Page<ObjectRecord>> done)
{
    QUrlQuery query;
    if (!q.collection.isEmpty())
        query.addQueryItem(QStringLiteral("collection"), q.collection);
    if (q.owner)
        query.addQueryItem(QStringLiteral("owner"), toHexString(*q.owner));
    for (const Trait &t : q.traits)
        query.addQueryItem(QStringLiteral("trait"), t.trait + u':' + t.value);
    if (!q.sort.isEmpty())
        query.addQueryItem(QStringLiteral("sort"), q.sort);
    if (q.listedOnly)
        query.addQueryItem(QStringLiteral("listed"), QStringLiteral("true"));
    // Sent only when asked for: a node without the devnet's additions still
    // answers every other question.
    for (const Trait &t : q.anyTraits)
        query.addQueryItem(QStringLiteral("anyTrait"), t.trait + u':' + t.value);
    if (q.reverse)
        query.addQueryItem(QStringLiteral("reverse"), QStringLiteral("true"));
    if (q.minPrice)
        query.addQueryItem(QStringLiteral("minPrice"), amountToString(*q.minPrice));
    if (q.maxPrice)
        query.addQueryItem(QStringLiteral("maxPrice"), amountToString(*q.maxPrice));
    getPage<ObjectRecord>(QStringLiteral("/objects"), query, cursor, limit, context,
                          std::move(done));
}

void RestClient::object(const QString &slug, std::uint64_t tokenId,
                        std::optional<std::uint64_t> height, QObject *context,
                        Done<ObjectRecord> done)
{
    getSingle<ObjectRecord>(QStringLiteral("/objects/%1/%2").arg(slug).arg(tokenId), context,
                            std::move(done), atHeight(height));
}

void RestClient::frames(const QString &slug, std::uint64_t tokenId, std::optional<int> frame,
                        QObject *context, Done<QByteArray> done)
{
    QUrlQuery query;
    if (frame)
        query.addQueryItem(QStringLiteral("frame"), QString::number(*frame));
    const QUrl u = url(QStringLiteral("/objects/%1/%2/frames").arg(slug).arg(tokenId), query);
    const QString key = u.toString();
    QList<QPair<QByteArray, QByteArray>> headers;
    if (m_etagCache.contains(key))
        headers.append({QByteArrayLiteral("If-None-Match"), m_etagCache.value(key).first});
    m_http->get(
        u, context,
        [this, key, done](const HttpResponse &r) {
            if (!r.error.ok())
                return done(failed<QByteArray>(r));
            Result<QByteArray> out;
            out.height = r.height.value_or(0);
            if (r.status == 304 && m_etagCache.contains(key)) {
                out.value = m_etagCache.value(key).second;
            } else {
                out.value = r.body;
                if (!r.etag.isEmpty())
                    remember(key, r.etag, r.body);
            }
            done(out);
        },
        headers);
}

void RestClient::remember(const QString &key, const QByteArray &etag, const QByteArray &body)
{
    // Bounded by bytes, oldest out first: a node that names a new ETag for
    // every frame of every object cannot make the cache the whole memory.
    if (auto old = m_etagCache.find(key); old != m_etagCache.end()) {
        m_etagBytes -= old->second.size();
        m_etagCache.erase(old);
        m_etagOrder.removeOne(key);
    }
    while (!m_etagOrder.isEmpty() && m_etagBytes + body.size() > kMaxEtagBytes) {
        const QString oldest = m_etagOrder.takeFirst();
        m_etagBytes -= m_etagCache.value(oldest).second.size();
        m_etagCache.remove(oldest);
    }
    if (body.size() > kMaxEtagBytes)
        return;
    m_etagCache.insert(key, {etag, body});
    m_etagOrder.append(key);
    m_etagBytes += body.size();
}

void RestClient::collections(const QString &category, const QString &sort, const QString &cursor,
                             int limit, QObject *context, Done<Page<Collection>> done)
{
    QUrlQuery query;
    if (!category.isEmpty())
        query.addQueryItem(QStringLiteral("category"), category);
    if (!sort.isEmpty())
        query.addQueryItem(QStringLiteral("sort"), sort);
    getPage<Collection>(QStringLiteral("/collections"), query, cursor, limit, context,
                        std::move(done));
}

void RestClient::traitCounts(const QString &slug, std::optional<std::uint64_t> height,
                             QObject *context, Done<TraitCounts> done)
{
    getSingle<TraitCounts>(QStringLiteral("/collections/%1/traits").arg(slug), context,
                           std::move(done), atHeight(height));
}

void RestClient::mempool(QObject *context, Done<MempoolStatus> done)
{
    getSingle<MempoolStatus>(QStringLiteral("/mempool"), context, std::move(done));
}

void RestClient::wallet(const Address &address, std::optional<std::uint64_t> height,
                        QObject *context, Done<Wallet> done)
{
    getSingle<Wallet>(QStringLiteral("/wallets/") + toHexString(address), context, std::move(done),
                      atHeight(height));
}

void RestClient::activity(const ActivityQuery &q, const QString &cursor, int limit,
                          QObject *context, Done<Page<ActivityEntry>> done)
{
    QUrlQuery query;
    if (!q.types.isEmpty())
        query.addQueryItem(QStringLiteral("type"), q.types.join(u','));
    if (!q.collection.isEmpty())
        query.addQueryItem(QStringLiteral("collection"), q.collection);
    if (q.since)
        query.addQueryItem(QStringLiteral("since"), QString::number(*q.since));
    if (q.address)
        query.addQueryItem(QStringLiteral("address"), toHexString(*q.address));
    getPage<ActivityEntry>(QStringLiteral("/activity"), query, cursor, limit, context,
                           std::move(done));
}

template <typename T, typename Read>
void RestClient::askGraphql(const QByteArray &body, QObject *context, Done<T> done, Read read,
                            std::function<void()> fallback)
{
    if (m_graphql == Graphql::Absent)
        return fallback();
    QUrl u = m_base;
    u.setPath(m_base.path() + QStringLiteral("/graphql"));
    QPointer<RestClient> self(this);
    m_http->post(u, body, true, context, [self, done, read, fallback](const HttpResponse &r) {
        if (!self)
            return;
        // No /graphql here (404, 405, 415, 501), or an answer that is not
        // GraphQL's: this node is asked over REST from now on, unless it
        // has answered GraphQL already (then it was this request's trouble).
        const bool absent =
            r.status == 404 || r.status == 405 || r.status == 415 || r.status == 501;
        T records;
        GraphqlPages::Answer a;
        if (!absent && r.error.ok())
            a = read(r.body, &records);
        if (absent || (r.error.ok() && a.unsupported)) {
            if (self->m_graphql != Graphql::Served)
                self->m_graphql = Graphql::Absent;
            return fallback();
        }
        // Refused for its own sake (400, 401, 403, a variable or a limit):
        // REST answers this one.
        if (r.status == 400 || r.status == 401 || r.status == 403 || a.refused)
            return fallback();
        Result<T> out;
        if (!r.error.ok()) {
            out.error = r.error;
            return done(out);
        }
        self->m_graphql = Graphql::Served;
        out.error = a.error;
        // A node that leaves extensions.height out still says X-Block-Height.
        out.height = a.height ? a.height : r.height.value_or(0);
        if (a.error.ok())
            out.value = std::move(records);
        done(out);
    });
}

void RestClient::objectPage(const QString &slug, std::uint64_t tokenId,
                            std::optional<std::uint64_t> height, QObject *context,
                            Done<ObjectPageRecords> done)
{
    askGraphql<ObjectPageRecords>(
        GraphqlPages::objectPage(slug, tokenId, height, kHistoryLimit), context, done,
        &GraphqlPages::readObjectPage, [this, slug, tokenId, height, context, done] {
            RestPageLoads::objectPage(*this, slug, tokenId, height, context, done);
        });
}

void RestClient::collectionPage(const QString &slug, std::optional<std::uint64_t> height,
                                QObject *context, Done<CollectionPageRecords> done)
{
    askGraphql<CollectionPageRecords>(
        GraphqlPages::collectionPage(slug, height), context, done,
        &GraphqlPages::readCollectionPage, [this, slug, height, context, done] {
            RestPageLoads::collectionPage(*this, slug, height, context, done);
        });
}

void RestClient::addressPage(const Address &address, int pageSize, QObject *context,
                             Done<AddressPageRecords> done)
{
    askGraphql<AddressPageRecords>(
        GraphqlPages::addressPage(address, pageSize), context, done, &GraphqlPages::readAddressPage,
        [this, address, pageSize, context, done] {
            RestPageLoads::addressPage(*this, address, pageSize, context, done);
        });
}

} // namespace gifscan
