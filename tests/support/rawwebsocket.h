#pragma once

#include <QTcpSocket>
#include <QTest>
#include <QUrl>
#include <memory>

namespace gifscan::test {

// A raw client past the websocket handshake. With `readBuffer` set, Qt
// reads no more than that for it, so what it does not read stays with the node.
inline std::unique_ptr<QTcpSocket> rawWebSocketClient(const QUrl &url, qint64 readBuffer = 0)
{
    auto s = std::make_unique<QTcpSocket>();
    s->setReadBufferSize(readBuffer);
    s->connectToHost(url.host(), static_cast<quint16>(url.port()));
    if (!s->waitForConnected(3000))
        return nullptr;
    s->write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
    // The answer to the handshake is all it reads; frames sent before it are lost.
    if (!QTest::qWaitFor([&] { return s->peek(12) == "HTTP/1.1 101"; }, 5000))
        return nullptr;
    s->read(s->bytesAvailable());
    return s;
}

} // namespace gifscan::test
