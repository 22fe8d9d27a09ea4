#pragma once

#include "tests/support/loopbacksocket.h"

#include <QByteArray>
#include <atomic>
#include <map>
#include <mutex>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace gifscan::test {

// A hostile page's loop, as a browser would run it on several connections:
// each of `connections` threads sends `request` to 127.0.0.1:`port` on a
// connection of its own, reads the answer's status line, closes, and again,
// as fast as the node answers, until destroyed. Threads of their own, so
// that the flood does not wait for the test's event loop (which would make
// it polite). Plain POSIX sockets: no Qt object crosses threads.
class RequestFlood
{
public:
    RequestFlood(quint16 port, const QByteArray &request, int connections = 6)
        : m_port(port), m_request(request.toStdString())
    {
        for (int i = 0; i < connections; ++i)
            m_threads.emplace_back([this] { run(); });
    }
    ~RequestFlood()
    {
        m_stop = true;
        for (std::thread &t : m_threads)
            t.join();
    }
    // Answers by status code (0: the connection closed without one).
    std::map<int, long> statuses() const
    {
        std::lock_guard lock(m_mutex);
        return m_statuses;
    }
    long sent() const { return m_sent; }

private:
    void run()
    {
        while (!m_stop) {
            const int fd = connectToLoopback(m_port);
            int status = 0;
            if (fd >= 0 && ::send(fd, m_request.data(), m_request.size(), MSG_NOSIGNAL) > 0)
                status = readStatus(fd);
            if (fd >= 0)
                ::close(fd);
            std::lock_guard lock(m_mutex);
            ++m_statuses[status];
            ++m_sent;
        }
    }
    int readStatus(int fd) const
    {
        std::string line;
        char buffer[512];
        while (!m_stop && line.find("\r\n") == std::string::npos) {
            pollfd p{fd, POLLIN, 0};
            if (::poll(&p, 1, 100) <= 0)
                continue;
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0)
                break;
            line.append(buffer, static_cast<std::size_t>(n));
        }
        // "HTTP/1.1 403 Forbidden"
        return line.size() > 12 ? std::atoi(line.substr(9, 3).c_str()) : 0;
    }

    quint16 m_port;
    std::string m_request;
    std::vector<std::thread> m_threads;
    std::atomic<bool> m_stop{false};
    std::atomic<long> m_sent{0};
    mutable std::mutex m_mutex;
    std::map<int, long> m_statuses;
};

} // namespace gifscan::test
