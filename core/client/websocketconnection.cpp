#include "core/client/websocketconnection.h"

#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QSslSocket>
#include <QStringDecoder>
#include <QTcpSocket>
#include <QtEndian>

namespace gifscan {

namespace {

// RFC 6455 §1.3: what the server appends to the key before hashing it.
const QByteArray kAcceptGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

// §7.4.1 close codes.
constexpr quint16 kProtocolError = 1002;
constexpr quint16 kUnsupportedData = 1003;
constexpr quint16 kInvalidPayload = 1007;
constexpr quint16 kMessageTooBig = 1009;

// §7.4.1-2: the close codes an endpoint may send (1004-1006 and 1015 are
// never sent; 1012-2999 are unassigned or the registry's).
bool sendableCode(const QByteArray &payload)
{
    const quint16 code = qFromBigEndian<quint16>(payload.constData());
    return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1011) ||
           (code >= 3000 && code <= 4999);
}

// A header field's value in a response head, or empty (names compare
// without case; the first of repeated fields).
QByteArray fieldOf(const QList<QByteArray> &lines, const char *name)
{
    for (const QByteArray &line : lines) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().compare(name, Qt::CaseInsensitive) == 0)
            return line.mid(colon + 1).trimmed();
    }
    return {};
}

} // namespace

WebSocketConnection::WebSocketConnection(QObject *parent) : WebSocketConnection(Limits{}, parent) {}

WebSocketConnection::WebSocketConnection(const Limits &limits, QObject *parent)
    : QObject(parent), m_limits(limits)
{
}

WebSocketConnection::~WebSocketConnection()
{
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        delete m_socket;
    }
}

qint64 WebSocketConnection::bytesToWrite() const
{
    return m_socket ? m_socket->bytesToWrite() : 0;
}

void WebSocketConnection::open(const QUrl &url)
{
    abort();
    m_url = url;
    m_buffer.clear();
    m_message.clear();
    m_inMessage = false;
    m_closeReason.clear();
    m_error.clear();
    const bool secure = url.scheme() == QLatin1String("wss");
    if (url.scheme() != QLatin1String("ws") && !secure) {
        m_error = QStringLiteral("not a websocket URL: %1").arg(url.toString());
        QMetaObject::invokeMethod(this, &WebSocketConnection::disconnected, Qt::QueuedConnection);
        return;
    }
    m_socket = secure ? new QSslSocket(this) : new QTcpSocket(this);
    // Qt takes no more from the kernel than this ahead of the parser: a
    // node that writes faster than we read fills its own send buffer.
    m_socket->setReadBufferSize(m_limits.readBufferBytes);
    connect(m_socket, &QTcpSocket::readyRead, this, &WebSocketConnection::onReadyRead);
    connect(m_socket, &QTcpSocket::disconnected, this, &WebSocketConnection::onDisconnected);
    connect(m_socket, &QAbstractSocket::errorOccurred, this, [this](QAbstractSocket::SocketError) {
        if (m_error.isEmpty())
            m_error = m_socket->errorString();
        // A connection that never came up ends here, not in disconnected().
        if (m_state == State::Connecting)
            onDisconnected();
    });
    m_state = State::Connecting;
    const quint16 port = static_cast<quint16>(url.port(secure ? 443 : 80));
    if (auto *ssl = qobject_cast<QSslSocket *>(m_socket)) {
        connect(ssl, &QSslSocket::encrypted, this, &WebSocketConnection::onConnected);
        ssl->connectToHostEncrypted(url.host(), port);
    } else {
        connect(m_socket, &QTcpSocket::connected, this, &WebSocketConnection::onConnected);
        m_socket->connectToHost(url.host(), port);
    }
}

void WebSocketConnection::abort()
{
    if (!m_socket)
        return;
    QTcpSocket *socket = m_socket;
    m_socket = nullptr;
    const bool wasUp = m_state != State::Closed;
    m_state = State::Closed;
    socket->disconnect(this);
    socket->abort();
    socket->deleteLater();
    if (wasUp)
        Q_EMIT disconnected();
}

void WebSocketConnection::onConnected()
{
    QByteArray nonce(16, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(nonce.data()), 4);
    m_key = nonce.toBase64();
    QByteArray path = m_url.path(QUrl::FullyEncoded).toLatin1();
    if (path.isEmpty())
        path = "/";
    if (m_url.hasQuery())
        path += '?' + m_url.query(QUrl::FullyEncoded).toLatin1();
    const QByteArray host = m_url.host(QUrl::FullyEncoded).toLatin1();
    const QByteArray authority =
        (host.contains(':') ? '[' + host + ']' : host) +
        (m_url.port() > 0 ? ':' + QByteArray::number(m_url.port()) : QByteArray());
    m_state = State::Handshake;
    m_socket->write("GET " + path + " HTTP/1.1\r\nHost: " + authority +
                    "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + m_key +
                    "\r\nSec-WebSocket-Version: 13\r\n\r\n");
}

void WebSocketConnection::onReadyRead()
{
    // Parse as it comes; what is buffered is never more than a frame.
    while (m_socket && m_socket->bytesAvailable() > 0) {
        m_buffer += m_socket->read(m_limits.readBufferBytes);
        if (m_state == State::Handshake && !readHandshake())
            return;
        while (m_state == State::Open || m_state == State::Closing) {
            if (!readFrame())
                break;
        }
    }
}

bool WebSocketConnection::readHandshake()
{
    const qsizetype end = m_buffer.indexOf("\r\n\r\n");
    if (end < 0) {
        if (m_buffer.size() > m_limits.maxHandshakeBytes)
            fail(kProtocolError, QStringLiteral("the node's handshake answer has no end"));
        return false;
    }
    const QList<QByteArray> lines = m_buffer.left(end).split('\n');
    const QByteArray expected =
        QCryptographicHash::hash(QByteArray(m_key + kAcceptGuid), QCryptographicHash::Sha1)
            .toBase64();
    const QList<QByteArray> status = lines.value(0).trimmed().split(' ');
    if (status.size() < 2 || !status[0].startsWith("HTTP/1.") || status[1] != "101") {
        fail(kProtocolError, QStringLiteral("the node answered the handshake with %1")
                                 .arg(QString::fromLatin1(lines.value(0).trimmed().left(80))));
        return false;
    }
    if (fieldOf(lines, "Upgrade").compare("websocket", Qt::CaseInsensitive) != 0 ||
        !fieldOf(lines, "Connection").toLower().contains("upgrade") ||
        fieldOf(lines, "Sec-WebSocket-Accept") != expected ||
        !fieldOf(lines, "Sec-WebSocket-Extensions").isEmpty()) {
        fail(kProtocolError, QStringLiteral("the node's handshake answer is not RFC 6455's"));
        return false;
    }
    m_buffer.remove(0, end + 4);
    m_state = State::Open;
    Q_EMIT connected();
    return m_state == State::Open;
}

bool WebSocketConnection::readFrame()
{
    // §5.2: FIN, RSV1-3, opcode; MASK, payload length (7, 16 or 64 bits).
    if (m_buffer.size() < 2)
        return false;
    const auto b0 = static_cast<quint8>(m_buffer[0]), b1 = static_cast<quint8>(m_buffer[1]);
    const bool fin = b0 & 0x80;
    const quint8 opcode = b0 & 0x0f;
    qsizetype headerSize = 2;
    quint64 length = b1 & 0x7f;
    if (length == 126)
        headerSize += 2;
    else if (length == 127)
        headerSize += 8;
    if (m_buffer.size() < headerSize)
        return false;
    if (length == 126)
        length = qFromBigEndian<quint16>(m_buffer.constData() + 2);
    else if (length == 127)
        length = qFromBigEndian<quint64>(m_buffer.constData() + 2);
    // Every rule is checked on the header, before any of the payload is kept.
    if (b0 & 0x70) {
        fail(kProtocolError,
             QStringLiteral("the node set reserved bits no extension was agreed for"));
        return false;
    }
    if (b1 & 0x80) {
        fail(kProtocolError, QStringLiteral("the node masked a frame (servers must not)"));
        return false;
    }
    const bool control = opcode >= 8;
    if (control &&
        (!fin || length > 125 || (opcode != Close && opcode != Ping && opcode != Pong))) {
        fail(kProtocolError, QStringLiteral("the node sent a control frame that breaks RFC 6455"));
        return false;
    }
    if (!control) {
        if (opcode == Binary) {
            fail(kUnsupportedData,
                 QStringLiteral("the node sent binary data; it speaks JSON text"));
            return false;
        }
        if (opcode != Text && opcode != Continuation) {
            fail(kProtocolError,
                 QStringLiteral("the node sent a frame of unknown kind %1").arg(opcode));
            return false;
        }
        if ((opcode == Continuation) != m_inMessage) {
            fail(kProtocolError, QStringLiteral("the node's message fragments are out of order"));
            return false;
        }
        if (length > quint64(m_limits.maxMessageBytes - m_message.size())) {
            fail(kMessageTooBig, QStringLiteral("the node's message is larger than %1 bytes")
                                     .arg(m_limits.maxMessageBytes));
            return false;
        }
    }
    if (quint64(m_buffer.size() - headerSize) < length)
        return false;
    const QByteArray payload = m_buffer.mid(headerSize, static_cast<qsizetype>(length));
    m_buffer.remove(0, headerSize + static_cast<qsizetype>(length));
    onFrame(opcode, fin, payload);
    return m_socket != nullptr;
}

void WebSocketConnection::onFrame(quint8 opcode, bool fin, const QByteArray &payload)
{
    switch (opcode) {
    case Ping:
        // A node that does not read what we send gets no more pongs: they
        // would pile up here for as long as it pings.
        if (m_state == State::Open && m_socket->bytesToWrite() <= m_limits.maxUnsentBytes)
            sendFrame(Pong, payload);
        return;
    case Pong:
        Q_EMIT pong();
        return;
    case Close: {
        // §5.5.1, §7.4: no body, or a code one may send and a UTF-8 reason.
        if (payload.size() == 1 || (payload.size() >= 2 && !sendableCode(payload))) {
            fail(kProtocolError, QStringLiteral("the node's close frame breaks RFC 6455"));
            return;
        }
        QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        m_closeReason = utf8(payload.mid(2));
        if (utf8.hasError()) {
            fail(kInvalidPayload, QStringLiteral("the node's close reason is not UTF-8"));
            return;
        }
        if (m_state == State::Open)
            sendFrame(Close, payload.left(2));
        m_state = State::Closing;
        m_socket->disconnectFromHost();
        return;
    }
    default:
        break;
    }
    m_message += payload;
    m_inMessage = !fin;
    if (!fin)
        return;
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = utf8(m_message);
    m_message.clear();
    if (utf8.hasError()) {
        fail(kInvalidPayload, QStringLiteral("the node sent text that is not UTF-8"));
        return;
    }
    if (m_state == State::Open)
        Q_EMIT textMessageReceived(text);
}

void WebSocketConnection::sendFrame(quint8 opcode, const QByteArray &payload)
{
    if (!m_socket)
        return;
    // §5.3: every client frame is masked with a fresh key.
    QByteArray frame;
    frame.reserve(payload.size() + 14);
    frame.append(static_cast<char>(0x80 | opcode));
    const qsizetype n = payload.size();
    if (n < 126) {
        frame.append(static_cast<char>(0x80 | n));
    } else if (n <= 0xffff) {
        frame.append(static_cast<char>(0x80 | 126));
        char length[2];
        qToBigEndian<quint16>(static_cast<quint16>(n), length);
        frame.append(length, 2);
    } else {
        frame.append(static_cast<char>(0x80 | 127));
        char length[8];
        qToBigEndian<quint64>(static_cast<quint64>(n), length);
        frame.append(length, 8);
    }
    const quint32 key = QRandomGenerator::system()->generate();
    char mask[4];
    qToBigEndian<quint32>(key, mask);
    frame.append(mask, 4);
    const qsizetype at = frame.size();
    frame.append(payload);
    for (qsizetype i = 0; i < n; ++i)
        frame[at + i] = static_cast<char>(frame[at + i] ^ mask[i % 4]);
    m_socket->write(frame);
}

void WebSocketConnection::sendTextMessage(const QString &text)
{
    if (m_state == State::Open)
        sendFrame(Text, text.toUtf8());
}

void WebSocketConnection::ping(const QByteArray &payload)
{
    if (m_state == State::Open)
        sendFrame(Ping, payload.left(125));
}

void WebSocketConnection::fail(quint16 code, const QString &why)
{
    m_error = why;
    m_closeReason = why;
    if (m_state == State::Open) {
        char status[2];
        qToBigEndian<quint16>(code, status);
        sendFrame(Close, QByteArray(status, 2));
        m_socket->flush();
    }
    abort();
}

void WebSocketConnection::onDisconnected()
{
    if (!m_socket)
        return;
    if (m_error.isEmpty() && m_closeReason.isEmpty() && m_state != State::Closing)
        m_error = QStringLiteral("the connection closed");
    abort();
}

} // namespace gifscan
