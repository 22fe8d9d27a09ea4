#pragma once

#include "chain/engine/chainoptions.h"
#include "chain/engine/mempoolasked.h"
#include "core/base/outcome.h"
#include "server/api/graphqlschema.h"
#include "server/api/restreply.h"
#include "server/api/rpcdispatcher.h"

#include <QObject>
#include <QUrl>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

class QThread;

namespace gifscan::chain {
class ServedChain;
struct PendingTx;
} // namespace gifscan::chain

namespace gifscan::server {

class PooledReader;
class RankCache;

// A GraphQL request over HTTP (ChainGraphql::answerHttp's arguments), its
// tokens taken through `take` and `owe` on whichever thread answers it.
struct GraphqlAsk
{
    QByteArray method;
    QUrl url;
    QByteArray body;
    QByteArray contentType;
    QByteArray accept;
    ChainGraphql::TokenTaker take;
    ChainGraphql::TokenCharger owe;
};

// A read server's REST reads on threads of their own. A read server waits
// on PostgreSQL a round trip a statement; answered one at a time on the
// node thread, its requests queued behind each other's waits while the
// machine idled (60 % idle under load, docs/BENCHMARKS.md). Each reader
// here has its own connection and its own QueryStore (caches included;
// the collections' ranks are the server's RankCache, shared by all), takes
// up the head it is asked for, and answers as RestRoutes, ChainGraphql and
// RpcDispatcher answer on the node thread. What stays on the node thread:
// the sockets, the answer cache, readiness, metrics, the websocket, the
// pool's own pages (the node's pool, which the node thread mirrors), what
// forwards a transaction or registers a webhook, and an answer a pending
// transaction changes (Done). The rate limiter is the node thread's;
// readers take its tokens under its lock. The pool
// lives on the node thread; each reader on its own.
class ReaderPool : public QObject
{
    Q_OBJECT
public:
    // The answer, what it asked of the reader's pool (empty but for what is
    // lent), and the head its reader read at (the head asked for, or a
    // later one it had taken up). An answer whose asks the node's pool
    // could answer otherwise (handsBack()) is asked again, its price
    // already paid: on a reader, with the node's transactions it looked for
    // lent (lentFor()), the node thread only finding them; on the node
    // thread only when it asked the pool whole (no request a reader takes
    // does today).
    using Done =
        std::function<void(RestReply reply, chain::MempoolAsked asked, std::uint64_t readAt)>;
    // Transactions of the node's pool lent to a reader for one request.
    using Lent = std::shared_ptr<const std::vector<chain::PendingTx>>;

    // `ranks`: the node thread's RecordReader's, which its readers share
    // (a list by rarity is priced there by the ranks they hold). `lieEvery`:
    // the devnet's audit option, as the node thread's reader has it.
    ReaderPool(chain::ChainOptions options, int threads, qint64 budgetMs,
               std::shared_ptr<RankCache> ranks, int lieEvery = 0, QObject *parent = nullptr);
    // Each reader finishes the request it is on; those still queued are not
    // read, and answers not handed back yet are dropped with the pool.
    ~ReaderPool() override;

    // Every reader's chain opened, in turn; the first that cannot says why.
    Outcome<> open();
    int threads() const { return static_cast<int>(m_readers.size()); }
    // Past kMostInHand requests a reader: the caller answers on its own
    // thread, which then stops reading requests, as a server of one thread
    // does (the queue here would otherwise grow with every connection).
    bool busy() const;
    static constexpr int kMostInHand = 16;

    // The answer to a GET of `url` at `head` or a later head, from the
    // reader with the fewest requests in hand; `done` is called on the
    // node thread.
    void answer(const QUrl &url, const QByteArray &ifNoneMatch, std::uint64_t head, Done done,
                Lent lent = {});

    // As Done.
    using GraphqlDone = std::function<void(ChainGraphql::HttpAnswer answer,
                                           chain::MempoolAsked asked, std::uint64_t readAt)>;
    void answerGraphql(GraphqlAsk ask, std::uint64_t head, GraphqlDone done, Lent lent = {});

    // A JSON-RPC request over HTTP whose calls read the chain alone
    // (RpcDispatcher::readsChainOnly), a batch's calls past the first paid
    // through `charge` on the reader's thread. As Done: a request the node
    // thread answers again is charged with what `charge` said to each call
    // replayed (replayed()), so that a call refused for its price stays
    // refused.
    struct RpcAnswer
    {
        QByteArray body;
        chain::MempoolAsked asked;
        std::vector<std::pair<bool, int>> charged; // each charge: taken, else the wait
    };
    using RpcDone = std::function<void(RpcAnswer answer, std::uint64_t readAt)>;
    void answerRpc(QByteArray body, RpcDispatcher::Charge charge, std::uint64_t head, RpcDone done,
                   Lent lent = {});
    // Whether the node thread answers a reader's answer again: it asked the
    // pool for something `chain`'s pool holds, or it asked the pool at all
    // and was read below `chain`'s head (where the pool may have let go a
    // transaction the reader's height had not mined yet). Called on the
    // node thread once `chain` has taken up `readAt`.
    bool handsBack(const chain::MempoolAsked &asked, std::uint64_t readAt,
                   const chain::ServedChain &chain);
    // A reader's answer read at `readAt`, past `chain`'s head: taken up
    // there too, so that no later answer on any connection says an older
    // one. Called on the node thread before the answer is written.
    static void takeUp(chain::ServedChain &chain, std::uint64_t readAt);
    // What of `chain`'s pool `asked` looked for, to lend a reader.
    static Lent lentFor(const chain::MempoolAsked &asked, const chain::ServedChain &chain);
    // Answers readers gave back (second trips, lent, not counted), and how
    // many of them were asked again (handsBack()): for the metrics.
    std::uint64_t answered() const { return m_answered; }
    std::uint64_t askedAgain() const { return m_askedAgain; }
    // A charge that says again, in order, what `charged` says.
    static RpcDispatcher::Charge replayed(std::vector<std::pair<bool, int>> charged);

private:
    // `read` runs on the reader with the fewest requests in hand; what it
    // returns is called on the node thread (not if the pool is gone).
    using Read = std::function<std::function<void()>(PooledReader &reader)>;
    void post(Read read, bool counted);

    chain::ChainOptions m_options;
    qint64 m_budgetMs;
    int m_lieEvery;
    std::vector<std::unique_ptr<QThread>> m_threads;
    std::vector<PooledReader *> m_readers; // each deleted on its own thread
    std::vector<int> m_inHand;             // requests given to each, not answered yet
    std::uint64_t m_answered = 0;
    std::uint64_t m_askedAgain = 0;
    // Set as the pool stops: what is still queued is skipped.
    std::shared_ptr<std::atomic<bool>> m_stopping = std::make_shared<std::atomic<bool>>(false);
};

} // namespace gifscan::server
