#pragma once

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

class QTcpSocket;

namespace gifscan {

// A websocket client (RFC 6455) of our own over QTcpSocket (QSslSocket for
// wss), for a node we do not control. Qt 6.4's QWebSocket buffered what a
// hostile node sent before its size limits looked: a frame announcing
// 1.9 GB, endless 1 KiB continuation frames and a ping flood each took the
// CLI to 500-800 MB. Here nothing is taken from the kernel past a small read
// buffer until it has been parsed: a frame is refused on the length its
// header announces, a message once its frames add up past the cap, a
// control frame past 125 bytes, anything masked, reserved or unknown; and
// pongs are not queued while the node leaves what was sent unread (RFC
// 6455 §5.5.3 lets a pong answer only the latest ping). Text messages only:
// no extensions, no subprotocol, and no Origin (a program, not a page).
//
// Lives on the thread that created it; its signals are emitted there.
class WebSocketConnection : public QObject
{
    Q_OBJECT
public:
    struct Limits
    {
        qint64 maxMessageBytes = 1024 * 1024;
        qint64 readBufferBytes = 64 * 1024; // what Qt takes from the kernel ahead of us
        qsizetype maxHandshakeBytes = 16 * 1024;
        qint64 maxUnsentBytes = 64 * 1024; // past it, pings go unanswered
    };

    explicit WebSocketConnection(QObject *parent = nullptr);
    WebSocketConnection(const Limits &limits, QObject *parent = nullptr);
    ~WebSocketConnection() override;

    // ws:// or wss://; connected() or disconnected() follows.
    void open(const QUrl &url);
    // At once, without a closing handshake; disconnected() follows if open.
    void abort();
    bool isOpen() const { return m_state == State::Open; }

    void sendTextMessage(const QString &text);
    void ping(const QByteArray &payload = {});

    // Why the last connection ended: the node's close reason, or what broke.
    QString closeReason() const { return m_closeReason; }
    QString errorString() const { return m_error; }
    qint64 bytesToWrite() const;

Q_SIGNALS:
    void connected();
    void disconnected();
    void textMessageReceived(const QString &message);
    void pong();

private:
    enum class State { Closed, Connecting, Handshake, Open, Closing };
    enum Opcode : quint8 { Continuation = 0, Text = 1, Binary = 2, Close = 8, Ping = 9, Pong = 10 };

    void onConnected();
    void onReadyRead();
    void onDisconnected();
    bool readHandshake();
    // One frame from m_buffer if it has arrived whole; false when more must
    // come first (or the connection was failed).
    bool readFrame();
    void onFrame(quint8 opcode, bool fin, const QByteArray &payload);
    void sendFrame(quint8 opcode, const QByteArray &payload);
    // Ends the connection for a broken rule: a close frame with `code`, then closed.
    void fail(quint16 code, const QString &why);

    Limits m_limits;
    QTcpSocket *m_socket = nullptr;
    State m_state = State::Closed;
    QUrl m_url;
    QByteArray m_key;     // Sec-WebSocket-Key sent
    QByteArray m_buffer;  // read, not yet parsed: at most a frame's header and payload
    QByteArray m_message; // the text message being assembled from its frames
    bool m_inMessage = false;
    QString m_closeReason;
    QString m_error;
};

} // namespace gifscan
