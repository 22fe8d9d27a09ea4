#pragma once

#include "tests/support/loopbacksocket.h"

#include <QString>
#include <atomic>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace gifscan::test {

// A peer that answers one HTTP request with 200 and an endless chunked
// body, written from a thread of its own as fast as the kernel takes it:
// what a reader on a busy thread (the node's, the explorer's) meets from a
// hostile peer. A peer on the test's thread cannot show it: it writes only
// when the reader's event loop lets it. Plain POSIX sockets, so that no Qt
// object crosses threads; stopped and joined on destruction.
class ThreadedFlood
{
public:
    explicit ThreadedFlood(qint64 limit = qint64(1) << 30)
    {
        const LoopbackListener listener = listenOnLoopback(4);
        m_listen = listener.fd;
        m_port = listener.port;
        if (m_listen < 0)
            return;
        m_thread = std::thread([this, limit] { run(limit); });
    }
    ~ThreadedFlood()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        ::close(m_listen);
    }
    QString url(const QString &path = QStringLiteral("/")) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path);
    }
    // Bytes of body the kernel took from it so far.
    qint64 written() const { return m_written; }
    // The reader closed the connection (or the limit was reached).
    bool finished() const { return m_done; }

private:
    bool ready(int fd, short events) const
    {
        pollfd p{fd, events, 0};
        return ::poll(&p, 1, 100) > 0;
    }
    void run(qint64 limit)
    {
        int fd = -1;
        while (!m_stop && fd < 0) {
            if (ready(m_listen, POLLIN))
                fd = ::accept(m_listen, nullptr, nullptr);
        }
        if (fd < 0)
            return;
        std::string head;
        char buffer[4096];
        while (!m_stop && head.find("\r\n\r\n") == std::string::npos) {
            if (!ready(fd, POLLIN))
                continue;
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0)
                break;
            head.append(buffer, static_cast<std::size_t>(n));
        }
        const std::string answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                   "Transfer-Encoding: chunked\r\n\r\n";
        ::send(fd, answer.data(), answer.size(), MSG_NOSIGNAL);
        const std::string chunk = "10000\r\n" + std::string(0x10000, '0') + "\r\n";
        std::size_t at = 0;
        while (!m_stop && m_written < limit) {
            if (!ready(fd, POLLOUT))
                continue;
            const ssize_t n = ::send(fd, chunk.data() + at, chunk.size() - at, MSG_NOSIGNAL);
            if (n <= 0)
                break;
            m_written += n;
            at = (at + static_cast<std::size_t>(n)) % chunk.size();
        }
        m_done = true;
        ::close(fd);
    }

    int m_listen = -1;
    quint16 m_port = 0;
    std::thread m_thread;
    std::atomic<qint64> m_written{0};
    std::atomic<bool> m_done{false};
    std::atomic<bool> m_stop{false};
};

} // namespace gifscan::test
