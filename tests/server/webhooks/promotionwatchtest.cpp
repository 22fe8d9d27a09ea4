// A read server on a standby waits for it to be promoted before it takes
// webhooks. The asking is on a thread of its own: a database host that does
// not answer holds that thread for libpq's connect timeout, never the
// thread that answers requests (a real PostgreSQL, and a peer that accepts
// connections and never says a word).
#include "server/webhooks/promotionwatch.h"

#include "chain/store/postgresdatabase.h"
#include "tests/support/loopbacksocket.h"
#include "tests/support/postgresserver.h"

#include <QSignalSpy>
#include <QTest>
#include <atomic>
#include <cerrno>
#include <gtest/gtest.h>
#include <memory>
#include <mutex>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

using gifscan::server::PromotionWatch;
using gifscan::test::listenOnLoopback;
using gifscan::test::LoopbackListener;
using gifscan::test::PostgresServer;
using namespace std::chrono_literals;

namespace {

// Accepts on its own thread and keeps every connection open, silent, until
// silenced(): then it closes them and the port, so that a client waiting on
// it fails at once and a new one is refused.
class SilentPeer
{
public:
    SilentPeer()
    {
        const LoopbackListener listener = listenOnLoopback(8);
        m_listener = listener.fd;
        m_port = listener.port;
        if (m_listener < 0)
            return;
        m_thread = std::thread([this] {
            for (;;) {
                const int s = ::accept(m_listener, nullptr, nullptr);
                if (s < 0)
                    return; // the listener was shut down
                std::lock_guard lock(m_mutex);
                m_held.push_back(s);
                ++m_accepted;
            }
        });
    }
    ~SilentPeer() { silence(); }

    int port() const { return m_port; }
    int accepted() const { return m_accepted; }
    // Connections accepted and still open on the client's side (a client
    // that gave up has closed its end: a read says so at once).
    int stillWaiting()
    {
        std::lock_guard lock(m_mutex);
        int open = 0;
        for (int s : m_held) {
            char c;
            const ssize_t n = ::recv(s, &c, 1, MSG_PEEK | MSG_DONTWAIT);
            // The client's startup packet is data (n > 0); no data yet (EAGAIN,
            // which is EWOULDBLOCK on Linux) is open too.
            if (n > 0 || (n < 0 && errno == EAGAIN)) {
                char buf[512];
                while (::recv(s, buf, sizeof buf, MSG_DONTWAIT) > 0) {
                }
                if (::recv(s, &c, 1, MSG_PEEK | MSG_DONTWAIT) != 0)
                    ++open;
            }
        }
        return open;
    }
    void silence()
    {
        if (m_listener >= 0) {
            ::shutdown(m_listener, SHUT_RDWR);
            if (m_thread.joinable())
                m_thread.join();
            ::close(m_listener);
            m_listener = -1;
        }
        std::lock_guard lock(m_mutex);
        for (int s : m_held)
            ::close(s);
        m_held.clear();
    }

private:
    int m_listener = -1;
    int m_port = 0;
    std::thread m_thread;
    std::mutex m_mutex;
    std::vector<int> m_held;
    std::atomic<int> m_accepted{0};
};

} // namespace

TEST(PromotionWatch, AHostThatDoesNotAnswerHoldsTheWatchsThreadNotTheCallers)
{
    SilentPeer peer;
    ASSERT_GT(peer.port(), 0);
    // The URL's timeout wins over the 5 s default: long enough that an
    // attempt is still waiting whatever the machine's speed.
    const QString url =
        QStringLiteral("postgresql://gifscan@127.0.0.1:%1/x?connect_timeout=60").arg(peer.port());
    auto watch = std::make_unique<PromotionWatch>(url, 1ms);
    QSignalSpy promoted(watch.get(), &PromotionWatch::promoted);
    watch->start();
    // start() returned, and this thread's event loop turns (qWaitFor's)
    // while the watch's attempt is held.
    ASSERT_TRUE(QTest::qWaitFor([&] { return peer.accepted() >= 1; }, 20000));
    EXPECT_EQ(peer.stillWaiting(), 1);
    EXPECT_EQ(promoted.count(), 0);
    // A server stopping does not wait for the attempt either: the watch is
    // gone while its attempt is still held (a destructor that waited would
    // have returned after the 60 s timeout, the attempt ended).
    watch.reset();
    EXPECT_EQ(peer.stillWaiting(), 1);
    // Closed: the attempt under way fails at once and its thread ends.
    peer.silence();
}

TEST(PromotionWatch, ADatabaseThatTakesWritesAgainIsSaid)
{
    PostgresServer pg;
    ASSERT_TRUE(pg.running()) << pg.error().toStdString();
    const QString url = pg.createDatabase(QStringLiteral("standby"));
    ASSERT_FALSE(url.isEmpty()) << pg.error().toStdString();
    // Asked from another database, so that asking adds no session to it.
    const QString admin = pg.url(QStringLiteral("postgres"));
    const auto exec = [&](const char *sql) { gifscan::chain::PostgresDatabase(admin).exec(sql); };
    const auto sessions = [&] {
        return gifscan::chain::PostgresDatabase(admin).queryInt(
            "SELECT sessions FROM pg_stat_database WHERE datname = 'standby'");
    };
    // Read only as a standby is: every new session's transactions.
    exec("ALTER DATABASE standby SET default_transaction_read_only = on");

    PromotionWatch watch(url, 10ms);
    QSignalSpy promoted(&watch, &PromotionWatch::promoted);
    const std::int64_t before = sessions();
    watch.start();
    // Asked three times, a session each, and not said.
    ASSERT_TRUE(QTest::qWaitFor([&] { return sessions() >= before + 3; }, 20000));
    EXPECT_EQ(promoted.count(), 0);

    exec("ALTER DATABASE standby RESET default_transaction_read_only");
    ASSERT_TRUE(QTest::qWaitFor([&] { return promoted.count() > 0; }, 20000));
}
