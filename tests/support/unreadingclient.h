#pragma once

#include "tests/support/loopbacksocket.h"

#include <QByteArray>
#include <atomic>
#include <chrono>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace gifscan::test {

// A client that sends `request` `count` times on one connection to
// 127.0.0.1:`port`, pipelined, from a thread of its own, and reads none of
// the answers until destroyed, which closes the connection. Plain POSIX
// sockets: no Qt object crosses threads.
class UnreadingClient
{
public:
    UnreadingClient(quint16 port, const QByteArray &request, int count)
    {
        std::string all;
        for (int i = 0; i < count; ++i)
            all += request.toStdString();
        m_thread = std::thread([this, port, all = std::move(all)] {
            m_fd = connectToLoopback(port);
            if (m_fd < 0)
                return;
            // Sent whole, however long the node takes to read it.
            for (std::size_t at = 0; at < all.size() && !m_stop;) {
                const ssize_t n =
                    ::send(m_fd, all.data() + at, all.size() - at, MSG_NOSIGNAL | MSG_DONTWAIT);
                if (n > 0)
                    at += static_cast<std::size_t>(n);
                else
                    std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
            m_sent = true;
            while (!m_stop)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
        });
    }
    ~UnreadingClient()
    {
        m_stop = true;
        m_thread.join();
        if (m_fd >= 0)
            ::close(m_fd);
    }
    bool sent() const { return m_sent; }

private:
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_sent{false};
    int m_fd = -1;
};

} // namespace gifscan::test
