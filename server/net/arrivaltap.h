#pragma once

#include <QByteArrayView>
#include <QObject>
#include <functional>

class QTcpSocket;

namespace gifscan::server {

// Hands each piece of a socket's incoming bytes, once, to `arrived`, before
// the socket's own reader (Qt's HTTP or websocket server) reads it: the
// node's guards follow requests and frames with it, to refuse what Qt would
// accept. Qt's readers may leave a part line or a frame header unread for
// the next round, so the tap hands on only what arrived since it last
// looked, which it learns from a second handler connected after the
// reader's, by start(). Lives on the node thread as a child of the socket.
class ArrivalTap : public QObject
{
    Q_OBJECT
public:
    using Arrived = std::function<void(QByteArrayView fresh)>;

    // Before anyone else reads `socket`.
    ArrivalTap(QTcpSocket *socket, Arrived arrived);
    // Once the socket's reader is connected: from here on every byte is
    // handed on, beginning with what is buffered now.
    void start();
    // The reader was connected anew (GuardedTcpServer::holdWhileUnread):
    // the second handler goes after it again, and what is buffered now was
    // handed on already.
    void readerReconnected();

private:
    void look();

    QTcpSocket *m_socket;
    Arrived m_arrived;
    qint64 m_leftover = 0; // what the reader left unread, already handed on
    QMetaObject::Connection m_afterReader;
    bool m_started = false;
};

} // namespace gifscan::server
