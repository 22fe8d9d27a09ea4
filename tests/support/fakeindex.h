#pragma once

#include "core/client/nodeindex.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <deque>
#include <vector>

namespace gifscan::test {

// A node's indexer the test writes: a chain of headers and a feed of
// activity, answered from memory. Answers wait until the test calls
// deliver(), so it decides when they arrive and in what order — a late
// answer for a question since replaced is a line of the test, not a race.
// What it was not given to know it answers with a Decode error saying so.
// Lives on the test's thread.
class FakeIndex final : public NodeIndex
{
public:
    // Genesis and `count - 1` blocks after it, each naming its parent and
    // signed by the devnet's validators (ValidatorSet::devnet()), as a
    // genuine devnet's are: HeaderVerifier takes them against
    // TrustAnchor::devnet().
    static std::vector<BlockHeader> chain(std::uint64_t count);
    // The same validators' chain from another genesis (its clock starts a
    // day later): a node restarted as another network.
    static std::vector<BlockHeader> otherChain(std::uint64_t count);
    // The header after `parent`, signed the same way.
    static BlockHeader next(const BlockHeader &parent);

    // What it answers from: headers()[h] is the block at height h; the feed
    // is newest first.
    std::vector<BlockHeader> &headers() { return m_headers; }
    std::vector<ActivityEntry> &feed() { return m_feed; }
    // The collections in the order the node lists them, and the GIF bytes
    // of objects by key ("slug#id"); none: Decode, as for anything unknown.
    std::vector<Collection> &collectionList() { return m_collections; }
    QHash<QString, QByteArray> &gifs() { return m_gifs; }
    // Objects in token order; once there are any, one not among them is
    // not_found, as on a node.
    std::vector<ObjectRecord> &objectList() { return m_objects; }
    // Balances by address (hex); none: 0.
    QHash<QString, Amount> &balances() { return m_balances; }

    // Runs the answers waiting, oldest first (only those; what they cause
    // waits for the next call). Returns how many ran.
    int deliver();
    // Runs only the newest answer waiting: an out-of-order reply.
    bool deliverNewest();
    int waiting() const { return static_cast<int>(m_waiting.size()); }
    // The next question to `endpoint` is answered with `error` instead.
    void failNext(const QString &endpoint, ClientError error) { m_failures[endpoint] = error; }
    // Unreachable, every question is answered with a Network error, as a
    // node that is down: its data stays for when it comes back.
    void setReachable(bool on) { m_reachable = on; }
    // How often each endpoint was asked ("blocks", "activity", …).
    int asked(const QString &endpoint) const { return m_asked.value(endpoint); }

    void blocks(const QString &cursor, int limit, QObject *context,
                Done<Page<BlockHeader>> done) override;
    void activity(const ActivityQuery &query, const QString &cursor, int limit, QObject *context,
                  Done<Page<ActivityEntry>> done) override;
    void block(std::uint64_t height, QObject *context, Done<Block> done) override;
    void blockByHash(const Hash32 &hash, QObject *context, Done<Block> done) override;
    void transaction(const Hash32 &hash, QObject *context,
                     Done<TransactionWithReceipt> done) override;
    void objects(const ObjectQuery &query, const QString &cursor, int limit, QObject *context,
                 Done<Page<ObjectRecord>> done) override;
    void object(const QString &slug, std::uint64_t tokenId, std::optional<std::uint64_t> height,
                QObject *context, Done<ObjectRecord> done) override;
    void frames(const QString &slug, std::uint64_t tokenId, std::optional<int> frame,
                QObject *context, Done<QByteArray> done) override;
    void collections(const QString &category, const QString &sort, const QString &cursor, int limit,
                     QObject *context, Done<Page<Collection>> done) override;
    void traitCounts(const QString &slug, std::optional<std::uint64_t> height, QObject *context,
                     Done<TraitCounts> done) override;
    // At the fake's one height, whatever `height` asks.
    void wallet(const Address &address, std::optional<std::uint64_t> height, QObject *context,
                Done<Wallet> done) override;
    void mempool(QObject *context, Done<MempoolStatus> done) override;
    void objectPage(const QString &slug, std::uint64_t tokenId, std::optional<std::uint64_t> height,
                    QObject *context, Done<ObjectPageRecords> done) override;
    void collectionPage(const QString &slug, std::optional<std::uint64_t> height, QObject *context,
                        Done<CollectionPageRecords> done) override;
    void addressPage(const Address &address, int pageSize, QObject *context,
                     Done<AddressPageRecords> done) override;

    // Queues `result` for `done`, as every endpoint does (FakeProver's too:
    // one queue, so deliver() runs both in the order they were asked).
    template <typename T>
    void answer(const QString &endpoint, QObject *context, Done<T> done, Result<T> result);
    // A Decode error naming what the fake was not given to know.
    template <typename T> void unknown(const QString &endpoint, QObject *context, Done<T> done);

private:
    std::uint64_t topHeight() const; // 0 before any block
    struct Waiting
    {
        bool hadContext; // as the real client: no context, always answered
        QPointer<QObject> context;
        std::function<void()> run;
        bool live() const { return !hadContext || context; }
    };
    std::vector<BlockHeader> m_headers;
    std::vector<ActivityEntry> m_feed;
    std::vector<Collection> m_collections;
    std::vector<ObjectRecord> m_objects;
    QHash<QString, Amount> m_balances;
    QHash<QString, QByteArray> m_gifs;
    std::deque<Waiting> m_waiting;
    QHash<QString, int> m_asked;
    QHash<QString, ClientError> m_failures;
    bool m_reachable = true;
};

} // namespace gifscan::test
