#pragma once

#include <QNetworkAccessManager>
#include <QObject>
#include <QTimer>
#include <QUrl>
#include <functional>
#include <optional>

namespace gifscan::server {

// A read server's view of the node it indexes: the node's head, asked
// every `intervalMs` (gif_blockNumber), and how long the server's own head
// has been below it: its lag, which /ready judges. Lives on the node thread.
class NodeHeadWatch : public QObject
{
    Q_OBJECT
public:
    // `ownHead`: the server's head now.
    NodeHeadWatch(QUrl rpc, std::function<quint64()> ownHead, int intervalMs = 2000,
                  QObject *parent = nullptr);

    std::optional<quint64> nodeHead() const { return m_nodeHead; }
    // Since when the server has been behind the node, in ms; 0 when it is
    // not; none while the node's head is not known.
    std::optional<qint64> lagMs() const;

private:
    void ask();

    QUrl m_rpc;
    std::function<quint64()> m_ownHead;
    QNetworkAccessManager m_nam;
    QTimer m_timer;
    std::optional<quint64> m_nodeHead;
    qint64 m_caughtUpMs; // steady clock: when the server was last at the node's head
};

} // namespace gifscan::server
