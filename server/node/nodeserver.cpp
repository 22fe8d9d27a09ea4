// NodeServer: the servers on a thread of their own, as the programs and the
// tests start them (nodeserver.h); the parts wired on that thread are
// ServerParts's (serverparts.cpp).
#include "server/node/nodeserver.h"

#include "chain/engine/servedchain.h"
#include "core/crypto/sha256.h"
#include "core/protocol/transaction.h"
#include "server/node/serverparts.h"

#include <QElapsedTimer>
#include <QTimer>

namespace gifscan::server {

NodeServer::NodeServer(QObject *parent) : QObject(parent)
{
    m_thread.setObjectName(QStringLiteral("devnet"));
}

NodeServer::~NodeServer()
{
    stop();
}

Outcome<> NodeServer::start(const ServerConfig &config)
{
    if (m_node.load())
        return success();
    m_thread.start();
    m_anchor = new QObject;
    m_anchor->moveToThread(&m_thread);
    // A failure until the node thread says otherwise.
    Outcome<> started = Failure::unavailable(QStringLiteral("the node's thread did not start it"));
    QMetaObject::invokeMethod(
        m_anchor,
        [&] {
            auto node = std::make_unique<ServerParts>();
            started = node->start(config);
            if (!started)
                return;
            m_endpoints = node->endpoints();
            connect(node->chain(), &chain::ServedChain::blockAnnounced, this,
                    &NodeServer::blockAnnounced, Qt::QueuedConnection);
            connect(node->chain(), &chain::ServedChain::failed, this, &NodeServer::failed,
                    Qt::QueuedConnection);
            m_node.store(node.release());
        },
        Qt::BlockingQueuedConnection);
    if (!started)
        stop();
    return started;
}

void NodeServer::startAsync(const ServerConfig &config)
{
    if (m_node.load() || m_thread.isRunning())
        return;
    m_thread.start();
    m_anchor = new QObject;
    m_anchor->moveToThread(&m_thread);
    QMetaObject::invokeMethod(
        m_anchor,
        [this, config] {
            auto node = std::make_unique<ServerParts>();
            if (auto begun = node->start(config); !begun) {
                node.reset();
                QMetaObject::invokeMethod(
                    this,
                    [this, error = begun.error().message] {
                        stop();
                        Q_EMIT startFailed(error);
                    },
                    Qt::QueuedConnection);
                return;
            }
            const ServerEndpoints endpoints = node->endpoints();
            connect(node->chain(), &chain::ServedChain::blockAnnounced, this,
                    &NodeServer::blockAnnounced, Qt::QueuedConnection);
            connect(node->chain(), &chain::ServedChain::failed, this, &NodeServer::failed,
                    Qt::QueuedConnection);
            m_node.store(node.release());
            QMetaObject::invokeMethod(
                this,
                [this, endpoints] {
                    m_endpoints = endpoints;
                    Q_EMIT started();
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void NodeServer::stop()
{
    if (!m_thread.isRunning())
        return;
    QMetaObject::invokeMethod(
        m_anchor,
        [this] {
            delete m_node.exchange(nullptr);
            delete m_anchor;
            m_anchor = nullptr;
            releaseThreadCryptoState();
        },
        Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void NodeServer::drain(int maxMs)
{
    if (!m_thread.isRunning() || !m_node.load()) {
        QMetaObject::invokeMethod(this, &NodeServer::drained, Qt::QueuedConnection);
        return;
    }
    // Waited for: once drain() returns no connection is taken (what the
    // caller then says is true), and a stop is no time to save a hop.
    QMetaObject::invokeMethod(
        m_anchor, [this] { m_node.load()->stopAccepting(); }, Qt::BlockingQueuedConnection);
    QMetaObject::invokeMethod(m_anchor, [this, maxMs] {
        ServerParts *node = m_node.load();
        // Polled: what is owed ends in many places (a socket's write, the
        // node's answer to a forwarded transaction), and 20 ms is nothing
        // beside a stop.
        auto *poll = new QTimer(m_anchor);
        QElapsedTimer since;
        since.start();
        connect(poll, &QTimer::timeout, m_anchor, [this, node, poll, since, maxMs] {
            if (!node->idle() && since.elapsed() < maxMs)
                return;
            poll->stop();
            poll->deleteLater();
            Q_EMIT drained();
        });
        poll->start(20);
    });
}

} // namespace gifscan::server
