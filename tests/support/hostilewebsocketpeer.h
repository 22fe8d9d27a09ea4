#pragma once

#include "tests/support/loopbacksocket.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <atomic>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace gifscan::test {

// A node's websocket gone hostile, written from a thread of its own as fast
// as the kernel takes it, never reading what the client sends past the
// handshake: what a client on a busy thread meets. (A peer on the test's
// thread writes only when the client's event loop lets it, and cannot show
// a client that buffers.) It answers one handshake, then runs its attack
// until the client closes or it is destroyed. Plain POSIX sockets: no Qt
// object crosses threads (QCryptographicHash::hash is a pure function).
class HostileWebSocketPeer
{
public:
    enum class Attack {
        HugeFrame,        // a text frame announcing 1.9 GB, then its bytes
        EndlessFragments, // a text message of endless 1 KiB continuation frames
        PingFlood,        // pings of 125 bytes, as fast as they go
        Once,             // `bytes`, once, then nothing
        TextFlood,        // endless small text messages that mean nothing
    };

    explicit HostileWebSocketPeer(Attack attack, QByteArray bytes = {})
        : m_attack(attack), m_once(bytes.toStdString())
    {
        const LoopbackListener listener = listenOnLoopback(4);
        m_listen = listener.fd;
        m_port = listener.port;
        if (m_listen < 0)
            return;
        m_thread = std::thread([this] { run(); });
    }
    ~HostileWebSocketPeer()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        ::close(m_listen);
    }
    QString url() const { return QStringLiteral("ws://127.0.0.1:%1/").arg(m_port); }
    qint64 written() const { return m_written; } // bytes the kernel took after the handshake
    bool upgraded() const { return m_upgraded; }
    bool finished() const { return m_done; } // the client closed the connection

private:
    bool ready(int fd, short events) const
    {
        pollfd p{fd, events, 0};
        return ::poll(&p, 1, 100) > 0;
    }
    std::string handshake(int fd) const
    {
        std::string head;
        char buffer[4096];
        while (!m_stop && head.find("\r\n\r\n") == std::string::npos) {
            if (!ready(fd, POLLIN))
                continue;
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0)
                return {};
            head.append(buffer, static_cast<std::size_t>(n));
        }
        const std::size_t at = head.find("Sec-WebSocket-Key: ");
        if (at == std::string::npos)
            return {};
        const std::string key = head.substr(at + 19, head.find("\r\n", at) - at - 19);
        const QByteArray accept =
            QCryptographicHash::hash(
                QByteArray::fromStdString(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"),
                QCryptographicHash::Sha1)
                .toBase64();
        return "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: "
               "Upgrade\r\nSec-WebSocket-Accept: " +
               accept.toStdString() + "\r\n\r\n";
    }
    // The attack's first bytes, then what it repeats.
    std::pair<std::string, std::string> attack() const
    {
        switch (m_attack) {
        case Attack::HugeFrame: {
            std::string frame("\x81\x7f", 2); // text, final, unmasked, 64-bit length
            const quint64 announced = 1'900'000'000;
            for (int shift = 56; shift >= 0; shift -= 8)
                frame.push_back(static_cast<char>((announced >> shift) & 0xff));
            return {frame, std::string(64 * 1024, 'x')};
        }
        case Attack::EndlessFragments: {
            const std::string length("\x7e\x04\x00", 3); // 1,024 in 16 bits
            return {std::string("\x01", 1) + length + std::string(1024, 'y'),
                    std::string("\x00", 1) + length + std::string(1024, 'y')};
        }
        case Attack::PingFlood:
            break;
        case Attack::Once:
            return {m_once, {}};
        case Attack::TextFlood: {
            const std::string message = std::string("\x81\x07", 2) + "garbage";
            std::string many;
            for (int i = 0; i < 256; ++i)
                many += message;
            return {many, many};
        }
        }
        const std::string ping = std::string("\x89\x7d", 2) + std::string(125, 'p');
        std::string many;
        for (int i = 0; i < 64; ++i)
            many += ping;
        return {ping, many};
    }
    void run()
    {
        int fd = -1;
        while (!m_stop && fd < 0) {
            if (ready(m_listen, POLLIN))
                fd = ::accept(m_listen, nullptr, nullptr);
        }
        if (fd < 0)
            return;
        const std::string answer = handshake(fd);
        if (answer.empty() || ::send(fd, answer.data(), answer.size(), MSG_NOSIGNAL) <= 0) {
            ::close(fd);
            return;
        }
        m_upgraded = true;
        const auto [first, again] = attack();
        std::string pending = first;
        while (!m_stop) {
            if (!ready(fd, POLLOUT))
                continue;
            const ssize_t n = ::send(fd, pending.data(), pending.size(), MSG_NOSIGNAL);
            if (n <= 0)
                break; // the client closed it
            m_written += n;
            pending.erase(0, static_cast<std::size_t>(n));
            if (pending.empty())
                pending = again;
            if (pending.empty())
                break; // said once: what follows is the client's
        }
        // Read what the client says (a close frame) until it closes.
        char buffer[512];
        while (m_attack == Attack::Once && !m_stop) {
            if (!ready(fd, POLLIN))
                continue;
            if (::recv(fd, buffer, sizeof buffer, 0) <= 0)
                break;
        }
        m_done = !m_stop;
        ::close(fd);
    }

    Attack m_attack;
    std::string m_once;
    int m_listen = -1;
    quint16 m_port = 0;
    std::thread m_thread;
    std::atomic<qint64> m_written{0};
    std::atomic<bool> m_upgraded{false};
    std::atomic<bool> m_done{false};
    std::atomic<bool> m_stop{false};
};

} // namespace gifscan::test
