#include "server/api/readerpool.h"

#include "chain/engine/chainreadscope.h"
#include "chain/engine/mempool.h"
#include "chain/engine/querystore.h"
#include "chain/store/statereader.h"
#include "core/crypto/sha256.h"
#include "server/api/readfailure.h"
#include "server/api/restroutes.h"
#include "server/records/recordreader.h"

#include <QLoggingCategory>
#include <QThread>
#include <algorithm>

namespace gifscan::server {

// One reader: a query store of its own over the pool's database, and the
// routes over it. Lives on its own thread, where its store is opened, read
// and deleted.
class PooledReader : public QObject
{
public:
    PooledReader(chain::ChainOptions options, qint64 budgetMs, int lieEvery,
                 std::shared_ptr<RankCache> ranks)
        : m_options(std::move(options)), m_budgetMs(budgetMs), m_lieEvery(lieEvery),
          m_ranks(std::move(ranks))
    {
    }

    Outcome<> open()
    {
        m_store = std::make_unique<chain::QueryStore>(m_options);
        if (auto opened = m_store->open(); !opened)
            return opened;
        m_store->recordPoolAsks();
        m_records = std::make_unique<RecordReader>(m_store->state(), m_ranks);
        m_records->setLieEvery(m_lieEvery);
        m_routes = std::make_unique<RestRoutes>(*m_store, *m_records);
        m_graphql = std::make_unique<ChainGraphql>(m_store->state(), *m_records, m_store->mempool(),
                                                   Clock::steady());
        m_graphql->setTimeBudget(m_budgetMs);
        m_rpc = std::make_unique<RpcDispatcher>(*m_store, *m_records);
        m_rpc->setTimeBudget(m_budgetMs);
        return success();
    }

    std::uint64_t head() const { return m_store->state().head(); }

    RestReply answer(const QUrl &url, const QByteArray &ifNoneMatch, std::uint64_t head)
    {
        takeUp(head);
        const chain::ChainReadScope scope(*m_store);
        if (!scope.ok())
            return readfailure::unavailable(scope.failure().message, head);
        const chain::ReadDeadline deadline(m_store->state().tables(), m_budgetMs);
        try {
            return m_routes->answer(url, ifNoneMatch);
        } catch (const std::exception &e) {
            return readfailure::of(e, deadline.passed(), m_budgetMs, m_store->state().head(), url);
        }
    }

    // What the last request asked of this reader's pool (empty but for
    // what is lent).
    chain::MempoolAsked asked() { return m_store->takePoolAsked(); }
    // The node's transactions a request looked for, in this reader's pool
    // while it is answered again; taken back after, with what was asked.
    void lend(const ReaderPool::Lent &lent)
    {
        if (lent)
            m_store->lendPending(*lent);
    }
    void takeBack() { m_store->takeBackLent(); }
    // A request's loan, taken back however the request ends.
    class Loan
    {
    public:
        Loan(PooledReader &reader, const ReaderPool::Lent &lent) : m_reader(reader)
        {
            reader.lend(lent);
        }
        ~Loan() { m_reader.takeBack(); }
        Loan(const Loan &) = delete;
        Loan &operator=(const Loan &) = delete;

    private:
        PooledReader &m_reader;
    };

    ChainGraphql::HttpAnswer graphql(const GraphqlAsk &ask, std::uint64_t head)
    {
        takeUp(head);
        const chain::ChainReadScope scope(*m_store);
        ChainGraphql::HttpAnswer answer;
        if (!scope.ok()) {
            // As the node thread answers a read server that cannot read.
            const RestReply refused = readfailure::unavailable(scope.failure().message, head);
            answer.status = static_cast<int>(refused.status);
            answer.body = refused.body;
            answer.mime = refused.mime;
            answer.height = refused.height;
            answer.headers = refused.headers;
            return answer;
        }
        try {
            answer = m_graphql->answerHttp(ask.method, ask.url, ask.body, ask.contentType,
                                           ask.accept, ask.take, ask.owe);
        } catch (const std::exception &e) {
            qCCritical(lcRest).noquote() << "internal error on /graphql:" << e.what();
            // In GraphQL's shape, as a GraphQL client reads every answer.
            answer.status = 500;
            answer.height = m_store->state().head();
            answer.body = QByteArrayLiteral("{\"errors\":[{\"message\":\"internal error\"}]}");
        }
        return answer;
    }

    ReaderPool::RpcAnswer rpc(const QByteArray &body, const RpcDispatcher::Charge &charge,
                              std::uint64_t head)
    {
        takeUp(head);
        ReaderPool::RpcAnswer answer;
        const RpcDispatcher::Charge recorded = [&charge, &answer](int *wait) {
            const bool taken = !charge || charge(wait);
            answer.charged.emplace_back(taken, taken ? 0 : *wait);
            return taken;
        };
        // Its own scope: a database it cannot read is the call's answer.
        answer.body = m_rpc->handle(body, nullptr, recorded);
        answer.asked = asked();
        return answer;
    }

private:
    // The node thread took up `head` from the same database: so can this.
    // What taking up asked of the pool is not the request's.
    void takeUp(std::uint64_t head)
    {
        if (m_store->state().head() < head)
            m_store->announceStored();
        m_store->takePoolAsked();
    }
    chain::ChainOptions m_options;
    qint64 m_budgetMs;
    int m_lieEvery;
    std::shared_ptr<RankCache> m_ranks; // the server's, shared by its readers
    std::unique_ptr<chain::QueryStore> m_store;
    std::unique_ptr<RecordReader> m_records;
    std::unique_ptr<RestRoutes> m_routes;
    std::unique_ptr<ChainGraphql> m_graphql;
    std::unique_ptr<RpcDispatcher> m_rpc;
};

ReaderPool::ReaderPool(chain::ChainOptions options, int threads, qint64 budgetMs,
                       std::shared_ptr<RankCache> ranks, int lieEvery, QObject *parent)
    : QObject(parent), m_options(std::move(options)), m_budgetMs(budgetMs), m_lieEvery(lieEvery)
{
    for (int i = 0; i < threads; ++i) {
        auto thread = std::make_unique<QThread>();
        thread->setObjectName(QStringLiteral("reader %1").arg(i + 1));
        auto *reader = new PooledReader(m_options, m_budgetMs, m_lieEvery, ranks);
        reader->moveToThread(thread.get());
        thread->start();
        m_threads.push_back(std::move(thread));
        m_readers.push_back(reader);
        m_inHand.push_back(0);
    }
}

ReaderPool::~ReaderPool()
{
    m_stopping->store(true);
    for (std::size_t i = 0; i < m_readers.size(); ++i) {
        PooledReader *reader = m_readers[i];
        // Its chain was made on its thread: deleted there, after the
        // request it is on (those queued behind it are skipped), with the
        // thread's OpenSSL state, as the node thread's.
        QMetaObject::invokeMethod(
            reader,
            [reader] {
                delete reader;
                releaseThreadCryptoState();
            },
            Qt::BlockingQueuedConnection);
        m_threads[i]->quit();
        m_threads[i]->wait();
    }
}

Outcome<> ReaderPool::open()
{
    for (PooledReader *reader : m_readers) {
        Outcome<> opened = success();
        QMetaObject::invokeMethod(
            reader, [reader, &opened] { opened = reader->open(); }, Qt::BlockingQueuedConnection);
        if (!opened)
            return opened;
    }
    return success();
}

bool ReaderPool::busy() const
{
    return *std::min_element(m_inHand.begin(), m_inHand.end()) >= kMostInHand;
}

void ReaderPool::answer(const QUrl &url, const QByteArray &ifNoneMatch, std::uint64_t head,
                        Done done, Lent lent)
{
    post(
        [url, ifNoneMatch, head, done = std::move(done), lent](PooledReader &reader) {
            const PooledReader::Loan loan(reader, lent);
            RestReply reply = reader.answer(url, ifNoneMatch, head);
            chain::MempoolAsked asked = reader.asked();
            return std::function<void()>([done, reply = std::move(reply), asked = std::move(asked),
                                          readAt = reader.head()]() mutable {
                done(std::move(reply), std::move(asked), readAt);
            });
        },
        !lent);
}

void ReaderPool::answerGraphql(GraphqlAsk ask, std::uint64_t head, GraphqlDone done, Lent lent)
{
    post(
        [ask = std::move(ask), head, done = std::move(done), lent](PooledReader &reader) {
            const PooledReader::Loan loan(reader, lent);
            ChainGraphql::HttpAnswer answer = reader.graphql(ask, head);
            chain::MempoolAsked asked = reader.asked();
            return std::function<void()>([done, answer = std::move(answer),
                                          asked = std::move(asked),
                                          readAt = reader.head()]() mutable {
                done(std::move(answer), std::move(asked), readAt);
            });
        },
        !lent);
}

void ReaderPool::answerRpc(QByteArray body, RpcDispatcher::Charge charge, std::uint64_t head,
                           RpcDone done, Lent lent)
{
    post(
        [body = std::move(body), charge = std::move(charge), head, done = std::move(done),
         lent](PooledReader &reader) {
            const PooledReader::Loan loan(reader, lent);
            RpcAnswer answer = reader.rpc(body, charge, head);
            return std::function<void()>(
                [done, answer = std::move(answer), readAt = reader.head()]() mutable {
                    done(std::move(answer), readAt);
                });
        },
        !lent);
}

void ReaderPool::takeUp(chain::ServedChain &chain, std::uint64_t readAt)
{
    if (readAt > chain.state().head())
        chain.announceStored();
}

ReaderPool::Lent ReaderPool::lentFor(const chain::MempoolAsked &asked,
                                     const chain::ServedChain &chain)
{
    auto lent = std::make_shared<std::vector<chain::PendingTx>>();
    for (const Hash32 &hash : asked.hashes) {
        if (const chain::PendingTx *tx = chain.mempool().find(hash))
            lent->push_back(*tx);
    }
    return lent;
}

bool ReaderPool::handsBack(const chain::MempoolAsked &asked, std::uint64_t readAt,
                           const chain::ServedChain &chain)
{
    if (asked.empty())
        return false;
    const bool again = readAt < chain.state().head() || chain.mempool().couldChange(asked);
    m_askedAgain += again ? 1 : 0;
    return again;
}

RpcDispatcher::Charge ReaderPool::replayed(std::vector<std::pair<bool, int>> charged)
{
    return [charged = std::move(charged), next = std::size_t{0}](int *wait) mutable {
        // A call past those charged (none should be) is refused, not free.
        const auto [taken, after] = next < charged.size() ? charged[next] : std::pair(false, 1);
        ++next;
        if (!taken)
            *wait = after;
        return taken;
    };
}

void ReaderPool::post(Read read, bool counted)
{
    const auto i = static_cast<std::size_t>(std::min_element(m_inHand.begin(), m_inHand.end()) -
                                            m_inHand.begin());
    ++m_inHand[i];
    PooledReader *reader = m_readers[i];
    QMetaObject::invokeMethod(
        reader,
        [this, i, reader, stopping = m_stopping, read = std::move(read), counted] {
            if (stopping->load())
                return;
            std::function<void()> back = read(*reader);
            // Back on the node thread; dropped if the pool is gone by then.
            QMetaObject::invokeMethod(
                this,
                [this, i, back = std::move(back), counted] {
                    --m_inHand[i];
                    m_answered += counted ? 1 : 0;
                    back();
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

} // namespace gifscan::server
