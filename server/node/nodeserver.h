#pragma once

#include "core/base/outcome.h"
#include "server/node/serverconfig.h"

#include <QObject>
#include <QThread>
#include <atomic>
#include <memory>

namespace gifscan::server {

class ServerParts;

// A node's servers over one chain, on a thread of their own: the devnet's
// node (making blocks) or a read server (chain.readsOnly, over the
// follower's database). Neither a busy GUI nor a slow client stalls block
// production. The NodeServer object lives on the thread that created it;
// everything it owns lives on the node thread.
class NodeServer : public QObject
{
    Q_OBJECT
public:
    explicit NodeServer(QObject *parent = nullptr);
    ~NodeServer() override;

    // Blocks until the node has opened its chain and listens, or failed.
    Outcome<> start(const ServerConfig &config);
    // Returns at once; started() or startFailed() follows. For a GUI, whose
    // thread must not wait through a genesis.
    void startAsync(const ServerConfig &config);
    void stop();
    // Stopping gently (SIGTERM): the node takes no new connection (from
    // the return on) and finishes what it owes; drained() follows once it
    // owes nothing, or after `maxMs` whatever it still owes. Then stop().
    void drain(int maxMs);
    bool isRunning() const { return m_node.load() != nullptr; }
    ServerEndpoints endpoints() const { return m_endpoints; }

Q_SIGNALS:
    void started();
    void startFailed(const QString &error);
    void blockAnnounced(quint64 height); // queued from the node thread
    void failed(const QString &error);
    void drained(); // queued from the node thread

private:
    QThread m_thread;
    QObject *m_anchor = nullptr;                 // a context object on the node thread
    std::atomic<ServerParts *> m_node = nullptr; // written and deleted on the node thread only
    ServerEndpoints m_endpoints;
};

} // namespace gifscan::server
