#pragma once

#include "devnet/websocketframescanner.h"

#include <QObject>

class QTcpSocket;

namespace gifscan::devnet {

// Holds a websocket client to the frame rules Qt's server does not enforce
// (unmasked frames, reserved bits: WebSocketFrameScanner) by reading each
// piece of the stream as it arrives, before Qt's websocket reads it, and
// closing the connection at the first broken rule.
//
// Qt's reader may leave the tail of a frame header in the socket for the
// next round; the guard therefore reads only what arrived since it last
// looked, which it learns from a second reader connected after Qt's.
// Lives on the node thread as a child of the socket it watches.
class ClientFrameGuard : public QObject
{
    Q_OBJECT
public:
    // Before anyone else reads `socket`.
    explicit ClientFrameGuard(QTcpSocket *socket);
    // Once the handshake is done and Qt's websocket reads the socket: from
    // here on every byte is a frame byte.
    void start();

private:
    void arrived();

    QTcpSocket *m_socket;
    WebSocketFrameScanner m_scanner;
    qint64 m_leftover = 0; // bytes Qt's reader left in the socket, already scanned
    bool m_started = false;
};

} // namespace gifscan::devnet
