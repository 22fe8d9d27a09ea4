#pragma once

#include "core/client/httpclient.h"
#include "core/client/nodeindex.h"
#include "core/protocol/records.h"

#include <QObject>
#include <QUrlQuery>

namespace gifscan {

// Typed access to every REST endpoint (PROTOCOL §5): the real NodeIndex.
// Lives on the thread that created it, like its HttpClient; callbacks run
// there, and only while their context object lives.
class RestClient : public QObject, public NodeIndex
{
    Q_OBJECT
public:
    RestClient(const QUrl &baseUrl, HttpClient *http, QObject *parent = nullptr);
    const QUrl &baseUrl() const { return m_base; }

    void blocks(const QString &cursor, int limit, QObject *context,
                Done<Page<BlockHeader>> done) override;
    void block(std::uint64_t height, QObject *context, Done<Block> done) override;
    void blockByHash(const Hash32 &hash, QObject *context, Done<Block> done) override;
    void transaction(const Hash32 &hash, QObject *context,
                     Done<TransactionWithReceipt> done) override;
    void objects(const ObjectQuery &query, const QString &cursor, int limit, QObject *context,
                 Done<Page<ObjectRecord>> done) override;
    void object(const QString &slug, std::uint64_t tokenId, std::optional<std::uint64_t> height,
                QObject *context, Done<ObjectRecord> done) override;
    // Unchanged bytes come from the ETag cache.
    void frames(const QString &slug, std::uint64_t tokenId, std::optional<int> frame,
                QObject *context, Done<QByteArray> done) override;
    void collections(const QString &category, const QString &sort, const QString &cursor, int limit,
                     QObject *context, Done<Page<Collection>> done) override;
    void traitCounts(const QString &slug, std::optional<std::uint64_t> height, QObject *context,
                     Done<TraitCounts> done) override;
    void wallet(const Address &address, std::optional<std::uint64_t> height, QObject *context,
                Done<Wallet> done) override;
    void mempool(QObject *context, Done<MempoolStatus> done) override;
    void activity(const ActivityQuery &query, const QString &cursor, int limit, QObject *context,
                  Done<Page<ActivityEntry>> done) override;

    // In one request to {base_url}/graphql while the node answers there; from
    // REST (RestPageLoads) once it has shown it does not.
    void objectPage(const QString &slug, std::uint64_t tokenId, std::optional<std::uint64_t> height,
                    QObject *context, Done<ObjectPageRecords> done) override;
    void collectionPage(const QString &slug, std::optional<std::uint64_t> height, QObject *context,
                        Done<CollectionPageRecords> done) override;
    void addressPage(const Address &address, int pageSize, QObject *context,
                     Done<AddressPageRecords> done) override;
    // Whether the node was found to answer GraphQL: unknown until asked.
    enum class Graphql { Unknown, Served, Absent };
    Graphql graphql() const { return m_graphql; }
    // The newest history entries the object page asks for.
    static constexpr int kHistoryLimit = 100;

    int cachedFrames() const { return static_cast<int>(m_etagCache.size()); }

private:
    template <typename T>
    void getPage(const QString &path, QUrlQuery query, const QString &cursor, int limit,
                 QObject *context, Done<Page<T>> done);
    template <typename T>
    void getSingle(const QString &path, QObject *context, Done<T> done,
                   const QUrlQuery &query = {});
    QUrl url(const QString &path, const QUrlQuery &query = {}) const;
    // POSTs a GraphqlPages request; `read` turns the answer into the page's
    // records, `fallback` asks REST when the node has no GraphQL for it.
    template <typename T, typename Read>
    void askGraphql(const QByteArray &body, QObject *context, Done<T> done, Read read,
                    std::function<void()> fallback);
    Graphql m_graphql = Graphql::Unknown;

    QUrl m_base;
    HttpClient *m_http;
    void remember(const QString &key, const QByteArray &etag, const QByteArray &body);

    static constexpr qsizetype kMaxEtagBytes = 64 * 1024 * 1024;
    QHash<QString, QPair<QByteArray, QByteArray>> m_etagCache; // url -> etag, bytes
    QStringList m_etagOrder;                                   // oldest first
    qsizetype m_etagBytes = 0;
};

} // namespace gifscan
