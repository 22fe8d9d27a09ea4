#pragma once

#include "core/client/clienterror.h"
#include "core/client/pagerecords.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>

class QObject;

namespace gifscan {

// What a node's indexer answers (the REST API, PROTOCOL §5), as models and
// live sync ask it: the seam before the network. RestClient is the real one;
// a test may put a fake of its own here. Every answer arrives later, on the
// asking thread, and only while `context` lives; none arrives inside the call.
class NodeIndex
{
public:
    template <typename T> using Done = std::function<void(const Result<T> &)>;

    struct ObjectQuery
    {
        QString collection;
        std::optional<Address> owner;
        QList<Trait> traits;
        QString sort;            // id | rarity | price | lastSale | listed (devnet additions)
        bool listedOnly = false; // a devnet addition: ?listed=true
        // Devnet additions: values of one trait of which any may hold
        // (?anyTrait=), the order the other way round, and a price range.
        QList<Trait> anyTraits;
        bool reverse = false;
        std::optional<Amount> minPrice;
        std::optional<Amount> maxPrice;
    };
    struct ActivityQuery
    {
        QStringList types;
        QString collection;
        std::optional<std::uint64_t> since;
        std::optional<Address> address; // a devnet addition
    };

    virtual ~NodeIndex() = default;

    virtual void blocks(const QString &cursor, int limit, QObject *context,
                        Done<Page<BlockHeader>> done) = 0;
    virtual void block(std::uint64_t height, QObject *context, Done<Block> done) = 0;
    // A devnet addition: /v1/blocks/0x<hash>.
    virtual void blockByHash(const Hash32 &hash, QObject *context, Done<Block> done) = 0;
    virtual void transaction(const Hash32 &hash, QObject *context,
                             Done<TransactionWithReceipt> done) = 0;
    virtual void objects(const ObjectQuery &query, const QString &cursor, int limit,
                         QObject *context, Done<Page<ObjectRecord>> done) = 0;
    // At the head, or as the indexer saw it at `height`.
    virtual void object(const QString &slug, std::uint64_t tokenId,
                        std::optional<std::uint64_t> height, QObject *context,
                        Done<ObjectRecord> done) = 0;
    // The whole GIF, or one composited frame.
    virtual void frames(const QString &slug, std::uint64_t tokenId, std::optional<int> frame,
                        QObject *context, Done<QByteArray> done) = 0;
    virtual void collections(const QString &category, const QString &sort, const QString &cursor,
                             int limit, QObject *context, Done<Page<Collection>> done) = 0;
    // A devnet addition: /v1/collections/:slug/traits.
    // At the head, or at `height` (both devnet additions).
    virtual void traitCounts(const QString &slug, std::optional<std::uint64_t> height,
                             QObject *context, Done<TraitCounts> done) = 0;
    // At the head, or as the indexer saw it at `height`.
    virtual void wallet(const Address &address, std::optional<std::uint64_t> height,
                        QObject *context, Done<Wallet> done) = 0;
    // A devnet addition: /v1/mempool.
    virtual void mempool(QObject *context, Done<MempoolStatus> done) = 0;
    virtual void activity(const ActivityQuery &query, const QString &cursor, int limit,
                          QObject *context, Done<Page<ActivityEntry>> done) = 0;

    // A page's first records together (GraphQL's one request where the node
    // has it). The object page: the object at the head or `height`, its
    // collection's trait counts and its newest history entries.
    virtual void objectPage(const QString &slug, std::uint64_t tokenId,
                            std::optional<std::uint64_t> height, QObject *context,
                            Done<ObjectPageRecords> done) = 0;
    // The collection page's header and trait panel.
    virtual void collectionPage(const QString &slug, std::optional<std::uint64_t> height,
                                QObject *context, Done<CollectionPageRecords> done) = 0;
    // The address page: the wallet and the first `pageSize` of its objects
    // and of its activity.
    virtual void addressPage(const Address &address, int pageSize, QObject *context,
                             Done<AddressPageRecords> done) = 0;

    // Every page of a list, following cursors, all at the first page's
    // height. onPage returns false to stop early.
    template <typename T>
    static void walk(std::function<void(const QString &cursor, Done<Page<T>>)> fetch,
                     std::function<bool(const Page<T> &)> onPage,
                     std::function<void(const ClientError &)> finished,
                     int maxPages = kMaxWalkPages);
    // 10,000 pages of 100 rows: more than the devnet's week, less than memory.
    static constexpr int kMaxWalkPages = 10000;
};

template <typename T>
void NodeIndex::walk(std::function<void(const QString &, Done<Page<T>>)> fetch,
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
                     0,
                     {}});
            (*self)(r.value->cursor);
        });
    };
    (*step)(QString());
}

} // namespace gifscan
