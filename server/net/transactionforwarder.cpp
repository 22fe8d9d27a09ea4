#include "server/net/transactionforwarder.h"

#include "core/base/bytes.h"
#include "core/client/replyreadahead.h"
#include "core/support/clock.h"
#include "server/net/clientkey.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkProxy>
#include <QNetworkReply>

namespace gifscan::server {

namespace {
constexpr qint64 kMaxForwardAnswerBytes = 1024 * 1024;

chain::Submission refusal(const QString &reason, const QString &message)
{
    chain::Submission s;
    s.reason = reason;
    s.message = message;
    return s;
}

chain::Submission unreachable(const QString &why)
{
    return refusal(QStringLiteral("unavailable"),
                   QStringLiteral("the node behind this server did not answer: %1").arg(why));
}
} // namespace

TransactionForwarder::TransactionForwarder(QUrl rpc, int timeoutMs, QObject *parent)
    : QObject(parent), m_rpc(std::move(rpc)), m_timeoutMs(timeoutMs)
{
    // The node is named by the operator: no proxy from the environment.
    m_nam.setProxy(QNetworkProxy::NoProxy);
    m_nam.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

TransactionForwarder::~TransactionForwarder()
{
    // An answer arriving now would call into servers being torn down.
    for (QNetworkReply *reply : m_nam.findChildren<QNetworkReply *>()) {
        reply->disconnect();
        reply->abort();
    }
}

void TransactionForwarder::forward(std::span<const std::uint8_t> raw, const QHostAddress &client,
                                   Answered answered)
{
    // What the bytes themselves say wrong is said here, in the node's
    // words, without asking it.
    if (auto refused = chain::Chain::refusedAtTheEdge(raw))
        return answered(*refused);
    if (Clock::steady().nowMs() < m_quietUntilMs)
        return answered(
            unreachable(QStringLiteral("it did not answer a moment ago; try again shortly")));
    const QString key = clientKey(client, false);
    if (m_byClient.value(key) >= kPerClient)
        return answered(refusal(
            QStringLiteral("unavailable"),
            QStringLiteral("%1 of your transactions are on their way to the node behind this "
                           "server: send more once they are answered")
                .arg(kPerClient)));
    if (m_inFlight >= kInFlight)
        return answered(refusal(QStringLiteral("unavailable"),
                                QStringLiteral("this server has %1 transactions on their way to "
                                               "its node: try again shortly")
                                    .arg(kInFlight)));
    QNetworkRequest request(m_rpc);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("X-Forwarded-For", client.toString().toLatin1());
    request.setTransferTimeout(m_timeoutMs);
    const QByteArray body =
        QJsonDocument(
            QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                        {QStringLiteral("id"), 1},
                        {QStringLiteral("method"), QStringLiteral("gif_sendRawTransaction")},
                        {QStringLiteral("params"), QJsonArray{toHexString(raw)}}})
            .toJson(QJsonDocument::Compact);
    QNetworkReply *reply = m_nam.post(request, body);
    boundReadAhead(reply, kMaxForwardAnswerBytes);
    ++m_inFlight;
    ++m_byClient[key];
    connect(reply, &QNetworkReply::finished, this, [this, reply, key, answered] {
        reply->deleteLater();
        const QByteArray answer = reply->read(kMaxForwardAnswerBytes + 1);
        // No HTTP answer at all (refused, reset, the transfer timeout): the
        // node is away, and not asked again for a moment.
        const bool away = reply->error() != QNetworkReply::NoError &&
                          reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 0;
        const chain::Submission s = away ? unreachable(reply->errorString())
                                    : answer.size() > kMaxForwardAnswerBytes
                                        ? unreachable(QStringLiteral("its answer is over 1 MiB"))
                                        : fromNode(answer);
        finish(key, away);
        answered(s);
    });
}

void TransactionForwarder::finish(const QString &client, bool unreachable)
{
    --m_inFlight;
    if (--m_byClient[client] <= 0)
        m_byClient.remove(client);
    if (unreachable)
        m_quietUntilMs = Clock::steady().nowMs() + kQuietMs;
}

chain::Submission TransactionForwarder::fromNode(const QByteArray &body) const
{
    const QJsonObject reply = QJsonDocument::fromJson(body).object();
    chain::Submission s;
    if (const auto hash = parseHash(reply.value(QStringLiteral("result")).toString())) {
        s.hash = *hash;
        return s;
    }
    const QJsonObject error = reply.value(QStringLiteral("error")).toObject();
    if (error.isEmpty())
        return unreachable(QStringLiteral("its answer is not JSON-RPC"));
    // Its rate limit (the client's, when it believes this server's word for
    // whose it is; else this server's): not a verdict on the transaction.
    if (error.value(QStringLiteral("code")).toInt() == -32005)
        return refusal(QStringLiteral("unavailable"),
                       QStringLiteral("the node behind this server is busy: %1")
                           .arg(error.value(QStringLiteral("message")).toString()));
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

} // namespace gifscan::server
