#include "devnet/net/transactionforwarder.h"

#include "core/base/bytes.h"
#include "core/base/outcome.h"
#include "core/support/clock.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>

namespace gifscan::devnet {

namespace {
Submission unreachable(const QString &why)
{
    Submission s;
    s.reason = QStringLiteral("unavailable");
    s.message = QStringLiteral("the node behind this server did not answer: %1").arg(why);
    return s;
}

// The body of an HTTP/1.1 response read whole from `socket` (Content-Length).
Outcome<QByteArray> readResponse(QTcpSocket &socket, const QDeadlineTimer &deadline)
{
    QByteArray buffer;
    qsizetype headEnd = -1;
    qint64 length = -1;
    while (true) {
        if (headEnd < 0 && (headEnd = buffer.indexOf("\r\n\r\n")) >= 0) {
            const QByteArray head = buffer.left(headEnd).toLower();
            const qsizetype at = head.indexOf("\r\ncontent-length:");
            if (at < 0)
                return Failure::invalid(QStringLiteral("its answer has no Content-Length"));
            const qsizetype end = head.indexOf("\r\n", at + 2);
            length = head.mid(at + 17, end < 0 ? -1 : end - at - 17).trimmed().toLongLong();
        }
        if (headEnd >= 0 && buffer.size() - headEnd - 4 >= length)
            return buffer.mid(headEnd + 4, length);
        if (buffer.size() > 1024 * 1024)
            return Failure::invalid(QStringLiteral("its answer is over 1 MiB"));
        if (!socket.waitForReadyRead(static_cast<int>(deadline.remainingTime())))
            return Failure::unavailable(socket.errorString());
        buffer += socket.readAll();
    }
}
} // namespace

Submission TransactionForwarder::operator()(std::span<const std::uint8_t> raw)
{
    const qint64 now = Clock::steady().nowMs();
    if (now < m_quietUntilMs)
        return unreachable(QStringLiteral("it did not answer a moment ago; try again shortly"));
    Submission s = forward(raw);
    if (s.reason == QLatin1String("unavailable"))
        m_quietUntilMs = Clock::steady().nowMs() + kQuietMs;
    return s;
}

Submission TransactionForwarder::forward(std::span<const std::uint8_t> raw) const
{
    const QDeadlineTimer deadline(m_timeoutMs);
    QTcpSocket socket;
    socket.connectToHost(m_rpc.host(), static_cast<quint16>(m_rpc.port(80)));
    if (!socket.waitForConnected(static_cast<int>(deadline.remainingTime())))
        return unreachable(socket.errorString());
    const QByteArray body =
        QJsonDocument(
            QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                        {QStringLiteral("id"), 1},
                        {QStringLiteral("method"), QStringLiteral("gif_sendRawTransaction")},
                        {QStringLiteral("params"), QJsonArray{toHexString(raw)}}})
            .toJson(QJsonDocument::Compact);
    const QByteArray path = m_rpc.path(QUrl::FullyEncoded).isEmpty()
                                ? QByteArrayLiteral("/")
                                : m_rpc.path(QUrl::FullyEncoded).toLatin1();
    socket.write("POST " + path + " HTTP/1.1\r\nHost: " + m_rpc.authority().toLatin1() +
                 "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " +
                 QByteArray::number(body.size()) + "\r\n\r\n" + body);
    const Outcome<QByteArray> answer = readResponse(socket, deadline);
    if (!answer)
        return unreachable(answer.error().message);
    const QJsonObject reply = QJsonDocument::fromJson(answer.value()).object();
    Submission s;
    if (const auto hash = parseHash(reply.value(QStringLiteral("result")).toString())) {
        s.hash = *hash;
        return s;
    }
    const QJsonObject error = reply.value(QStringLiteral("error")).toObject();
    if (error.isEmpty())
        return unreachable(QStringLiteral("its answer is not JSON-RPC"));
    // Its rate limit is this server's (every client's transactions come
    // from here): not a verdict on the transaction.
    if (error.value(QStringLiteral("code")).toInt() == -32005) {
        s.reason = QStringLiteral("unavailable");
        s.message = QStringLiteral("the node behind this server is busy: %1")
                        .arg(error.value(QStringLiteral("message")).toString());
        return s;
    }
    // The node's own reason and words, as if this server had refused it.
    s.reason = error.value(QStringLiteral("data"))
                   .toObject()
                   .value(QStringLiteral("reason"))
                   .toString(QStringLiteral("rejected"));
    s.message = error.value(QStringLiteral("message")).toString();
    if (s.message.startsWith(s.reason + QStringLiteral(": ")))
        s.message = s.message.mid(s.reason.size() + 2); // said again by our own answer
    return s;
}

} // namespace gifscan::devnet
