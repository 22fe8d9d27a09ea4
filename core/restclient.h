#pragma once

#include "core/httpclient.h"
#include "core/records.h"

#include <QObject>
#include <QUrlQuery>

namespace gifscan {

// Typed access to every REST endpoint (PROTOCOL §5). Lives on the thread
// that created it, like its HttpClient; callbacks run there, and only while
// their context object lives.
class RestClient : public QObject
{
    Q_OBJECT
public:
    template <typename T> using Done = std::function<void(const Result<T> &)>;

    struct ObjectQuery
    {
        QString collection;
        std::optional<Address> owner;
        QList<Trait> traits;
        QString sort; // id | rarity
    };
    struct ActivityQuery
    {
        QStringList types;
        QString collection;
        std::optional<std::uint64_t> since;
        std::optional<Address> address; // a devnet addition
    };

    RestClient(const QUrl &baseUrl, HttpClient *http, QObject *parent = nullptr);
    const QUrl &baseUrl() const { return m_base; }

    void blocks(const QString &cursor, int limit, QObject *context, Done<Page<BlockHeader>> done);
    void block(std::uint64_t height, QObject *context, Done<Block> done);
    // A devnet addition: /v1/blocks/0x<hash>.
    void blockByHash(const Hash32 &hash, QObject *context, Done<Block> done);
    void transaction(const Hash32 &hash, QObject *context, Done<TransactionWithReceipt> done);
    void objects(const ObjectQuery &query, const QString &cursor, int limit, QObject *context,
                 Done<Page<ObjectRecord>> done);
    void object(const QString &slug, std::uint64_t tokenId, QObject *context,
                Done<ObjectRecord> done);
    // The whole GIF, or one composited frame; unchanged bytes come from the ETag cache.
    void frames(const QString &slug, std::uint64_t tokenId, std::optional<int> frame,
                QObject *context, Done<QByteArray> done);
    void collections(const QString &category, const QString &sort, const QString &cursor, int limit,
                     QObject *context, Done<Page<Collection>> done);
    // A devnet addition: /v1/collections/:slug/traits.
    void traitCounts(const QString &slug, QObject *context, Done<TraitCounts> done);
    void wallet(const Address &address, QObject *context, Done<Wallet> done);
    void activity(const ActivityQuery &query, const QString &cursor, int limit, QObject *context,
                  Done<Page<ActivityEntry>> done);

    // Every page of a list, following cursors, all at the first page's
    // height. onPage returns false to stop early.
    template <typename T>
    void walk(std::function<void(const QString &cursor, Done<Page<T>>)> fetch,
              std::function<bool(const Page<T> &)> onPage,
              std::function<void(const ClientError &)> finished, int maxPages = kMaxWalkPages);

    int cachedFrames() const { return static_cast<int>(m_etagCache.size()); }
    // 10,000 pages of 100 rows: more than the devnet's week, less than memory.
    static constexpr int kMaxWalkPages = 10000;

private:
    template <typename T>
    void getPage(const QString &path, QUrlQuery query, const QString &cursor, int limit,
                 QObject *context, Done<Page<T>> done);
    template <typename T> void getSingle(const QString &path, QObject *context, Done<T> done);
    QUrl url(const QString &path, const QUrlQuery &query = {}) const;

    QUrl m_base;
    HttpClient *m_http;
    void remember(const QString &key, const QByteArray &etag, const QByteArray &body);

    static constexpr qsizetype kMaxEtagBytes = 64 * 1024 * 1024;
    QHash<QString, QPair<QByteArray, QByteArray>> m_etagCache; // url -> etag, bytes
    QStringList m_etagOrder;                                   // oldest first
    qsizetype m_etagBytes = 0;
};

template <typename T>
void RestClient::walk(std::function<void(const QString &, Done<Page<T>>)> fetch,
                      std::function<bool(const Page<T> &)> onPage,
                      std::function<void(const ClientError &)> finished, int maxPages)
{
    // The step holds itself only weakly; the request in flight holds it
    // strongly. A walk whose callback is dropped (its context is gone) is
    // freed with the callback instead of keeping itself alive.
    auto step = std::make_shared<std::function<void(const QString &)>>();
    std::weak_ptr<std::function<void(const QString &)>> weak = step;
    // A node that hands out cursors for ever (or the same one again) is told
    // off after kMaxWalkPages pages instead of being followed into memory.
    auto pages = std::make_shared<int>(0);
    *step = [fetch, onPage, finished, weak, pages, maxPages](const QString &cursor) {
        auto self = weak.lock();
        if (!self)
            return;
        fetch(cursor, [onPage, finished, self, pages, cursor, maxPages](const Result<Page<T>> &r) {
            if (!r.ok())
                return finished(r.error);
            if (!onPage(*r.value) || r.value->cursor.isEmpty())
                return finished({});
            if (++*pages >= maxPages || r.value->cursor == cursor)
                return finished(
                    {ClientError::Kind::TooLarge,
                     0,
                     {},
                     0,
                     {},
                     QStringLiteral("the node's list did not end after %1 pages").arg(*pages),
                     0});
            (*self)(r.value->cursor);
        });
    };
    (*step)(QString());
}

} // namespace gifscan
