#pragma once

#include "core/httpclient.h"
#include "core/nodeindex.h"
#include "core/records.h"

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
    void wallet(const Address &address, QObject *context, Done<Wallet> done) override;
    void mempool(QObject *context, Done<MempoolStatus> done) override;
    void activity(const ActivityQuery &query, const QString &cursor, int limit, QObject *context,
                  Done<Page<ActivityEntry>> done) override;

    int cachedFrames() const { return static_cast<int>(m_etagCache.size()); }

private:
    template <typename T>
    void getPage(const QString &path, QUrlQuery query, const QString &cursor, int limit,
                 QObject *context, Done<Page<T>> done);
    template <typename T>
    void getSingle(const QString &path, QObject *context, Done<T> done,
                   const QUrlQuery &query = {});
    QUrl url(const QString &path, const QUrlQuery &query = {}) const;

    QUrl m_base;
    HttpClient *m_http;
    void remember(const QString &key, const QByteArray &etag, const QByteArray &body);

    static constexpr qsizetype kMaxEtagBytes = 64 * 1024 * 1024;
    QHash<QString, QPair<QByteArray, QByteArray>> m_etagCache; // url -> etag, bytes
    QStringList m_etagOrder;                                   // oldest first
    qsizetype m_etagBytes = 0;
};

} // namespace gifscan
