#pragma once

#include <QtGlobal>
#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace gifscan::test {

// Plain POSIX sockets on 127.0.0.1, for the test peers that write or read
// from threads of their own (a Qt socket may not cross threads): one
// prologue where each peer had written its own.

// A listening socket on a port the kernel picks, and that port.
struct LoopbackListener
{
    int fd = -1; // -1 when the kernel refused
    quint16 port = 0;
};

inline LoopbackListener listenOnLoopback(int backlog)
{
    LoopbackListener l;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof a;
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return l;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || ::listen(fd, backlog) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &size) != 0) {
        ::close(fd);
        return l;
    }
    l.fd = fd;
    l.port = ntohs(a.sin_port);
    return l;
}

// A connection to 127.0.0.1:`port`, or -1 with errno set when refused.
inline int connectToLoopback(quint16 port)
{
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(port);
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
        const int refused = errno; // the caller's to read, not close's
        ::close(fd);
        errno = refused;
        return -1;
    }
    return fd;
}

} // namespace gifscan::test
