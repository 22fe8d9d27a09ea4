#pragma once

#include "tests/support/rewritingproxy.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

namespace gifscan::test {

// An honest node behind a stricter rate limit: a proxy in front of a real
// devnet's JSON-RPC that answers every second call of a batch with the
// protocol's -32005 {retryAfter: 1} in place of the node's answer, as a
// node whose bucket ran dry in the middle of the batch does. Each such call
// is refused once (Once), or every time it is asked again (Always: a node
// that never relents), with the wait it asks for (`retryAfter` seconds: one
// past the client's deadline is given up at once). Requests are forwarded
// whole and answered whole, one at a time, on the test's thread (the devnet
// answers from its own).
//
// Refusal::Mixed plays an honest node's other refusals instead: the refused
// calls answered in turn -32603 (an internal error) and -32006 (a read
// server behind, retryAfter 1), and the first `wholeFailures` batches
// answered 503 as a whole, more than the HTTP client's own retries absorb.
class BatchLimitingProxy : public QObject
{
public:
    enum class Mode { Once, Always };
    enum class Refusal { RateLimit, Mixed };

    BatchLimitingProxy(const QString &rpcUrl, Mode mode, int retryAfter = 1,
                       Refusal refusal = Refusal::RateLimit, int wholeFailures = 0)
        : m_target(rpcUrl), m_mode(mode), m_retryAfter(retryAfter), m_refusal(refusal),
          m_wholeFailures(wholeFailures)
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection())
                connect(s, &QTcpSocket::readyRead, this, [this, s] { serve(s); });
        });
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    int refused() const { return m_refused; }
    int batches() const { return m_batches; }

private:
    void serve(QTcpSocket *s)
    {
        m_buffer[s] += s->readAll();
        for (QByteArray request = RewritingProxy::whole(m_buffer[s]); !request.isEmpty();
             request = RewritingProxy::whole(m_buffer[s])) {
            const QByteArray body = request.mid(request.indexOf("\r\n\r\n") + 4);
            if (body.startsWith('[') && m_wholeFailures > 0) {
                --m_wholeFailures;
                ++m_refused;
                s->write("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 4\r\n\r\nbusy");
                continue;
            }
            const QByteArray answer = RewritingProxy::forward(m_target, request);
            s->write(body.startsWith('[') ? limited(body, answer) : answer);
        }
    }
    // The node's answer to a batch with every second call refused.
    QByteArray limited(const QByteArray &requestBody, const QByteArray &answer)
    {
        ++m_batches;
        const QJsonArray calls = QJsonDocument::fromJson(requestBody).array();
        QJsonArray answers =
            QJsonDocument::fromJson(answer.mid(answer.indexOf("\r\n\r\n") + 4)).array();
        for (qsizetype i = 0; i < answers.size(); ++i) {
            const QJsonObject call = calls.at(i).toObject();
            const QByteArray what = QJsonDocument(QJsonArray{call.value(QStringLiteral("method")),
                                                             call.value(QStringLiteral("params"))})
                                        .toJson(QJsonDocument::Compact);
            // A call at an odd place, asked for the first time; and, for a node
            // that never relents, every call it refused before, wherever it is.
            const bool before = m_refusedCalls.contains(what);
            if (before ? m_mode == Mode::Once : i % 2 == 0)
                continue;
            m_refusedCalls.insert(what);
            ++m_refused;
            answers[i] = QJsonObject{
                {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                {QStringLiteral("id"), answers.at(i).toObject().value(QStringLiteral("id"))},
                {QStringLiteral("error"), refusal(i)}};
        }
        return RewritingProxy::answerWith(QJsonDocument(answers).toJson(QJsonDocument::Compact),
                                          "1");
    }

    // The error a refused call gets, the call at `i` of its batch.
    QJsonObject refusal(qsizetype i) const
    {
        const QJsonObject wait{{QStringLiteral("retryAfter"), m_retryAfter}};
        if (m_refusal == Refusal::RateLimit)
            return {{QStringLiteral("code"), -32005},
                    {QStringLiteral("message"),
                     QStringLiteral("rate limited: retry in %1 s").arg(m_retryAfter)},
                    {QStringLiteral("data"), wait}};
        if ((i / 2) % 2 == 0)
            return {{QStringLiteral("code"), -32603},
                    {QStringLiteral("message"), QStringLiteral("internal error")}};
        return {{QStringLiteral("code"), -32006},
                {QStringLiteral("message"), QStringLiteral("behind: the read server is at 1")},
                {QStringLiteral("data"), wait}};
    }

    QTcpServer m_server;
    QUrl m_target;
    Mode m_mode;
    int m_retryAfter;
    Refusal m_refusal;
    int m_wholeFailures;
    QHash<QTcpSocket *, QByteArray> m_buffer;
    QSet<QByteArray> m_refusedCalls;
    int m_refused = 0;
    int m_batches = 0;
};

} // namespace gifscan::test
