#include "server/net/nodeheadwatch.h"

#include "core/support/clock.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkProxy>
#include <QNetworkReply>

namespace gifscan::server {

NodeHeadWatch::NodeHeadWatch(QUrl rpc, std::function<quint64()> ownHead, int intervalMs,
                             QObject *parent)
    : QObject(parent), m_rpc(std::move(rpc)), m_ownHead(std::move(ownHead)),
      m_caughtUpMs(Clock::steady().nowMs())
{
    m_nam.setProxy(QNetworkProxy::NoProxy);
    connect(&m_timer, &QTimer::timeout, this, &NodeHeadWatch::ask);
    m_timer.start(intervalMs);
    ask();
}

std::optional<qint64> NodeHeadWatch::lagMs() const
{
    if (!m_nodeHead)
        return std::nullopt;
    if (m_ownHead() >= *m_nodeHead)
        return 0;
    return Clock::steady().nowMs() - m_caughtUpMs;
}

void NodeHeadWatch::ask()
{
    // The server's own head, read as often: caught up when it reached the
    // head the node last named.
    if (m_nodeHead && m_ownHead() >= *m_nodeHead)
        m_caughtUpMs = Clock::steady().nowMs();
    QNetworkRequest request(m_rpc);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setTransferTimeout(5000);
    QNetworkReply *reply = m_nam.post(
        request,
        QByteArrayLiteral(R"({"jsonrpc":"2.0","id":1,"method":"gif_blockNumber","params":[]})"));
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        reply->deleteLater();
        const QJsonValue result = QJsonDocument::fromJson(reply->read(64 * 1024))
                                      .object()
                                      .value(QStringLiteral("result"));
        if (!result.isDouble())
            return; // the node away: its last head stands, and the lag grows
        m_nodeHead = std::max(m_nodeHead.value_or(0), static_cast<quint64>(result.toInteger()));
        if (m_ownHead() >= *m_nodeHead)
            m_caughtUpMs = Clock::steady().nowMs();
    });
}

} // namespace gifscan::server
