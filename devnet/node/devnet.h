#pragma once

#include "core/base/outcome.h"
#include "devnet/node/devnetconfig.h"

#include <QObject>
#include <QThread>
#include <atomic>
#include <memory>

namespace gifscan::devnet {

class DevnetNode;

// A whole devnet node on a thread of its own, so that neither a busy GUI nor
// a slow client stalls block production. The Devnet object lives on the
// thread that created it; everything it owns lives on the node thread.
class Devnet : public QObject
{
    Q_OBJECT
public:
    explicit Devnet(QObject *parent = nullptr);
    ~Devnet() override;

    // Blocks until the node has opened its chain and listens, or failed.
    Outcome<> start(const DevnetConfig &config);
    // Returns at once; started() or startFailed() follows. For a GUI, whose
    // thread must not wait through a genesis.
    void startAsync(const DevnetConfig &config);
    void stop();
    // Stopping gently (SIGTERM): the node takes no new connection (from
    // the return on) and finishes what it owes; drained() follows once it
    // owes nothing, or after `maxMs` whatever it still owes. Then stop().
    void drain(int maxMs);
    bool isRunning() const { return m_node.load() != nullptr; }
    DevnetEndpoints endpoints() const { return m_endpoints; }

Q_SIGNALS:
    void started();
    void startFailed(const QString &error);
    void blockAnnounced(quint64 height); // queued from the node thread
    void failed(const QString &error);
    void drained(); // queued from the node thread

private:
    QThread m_thread;
    QObject *m_anchor = nullptr;                // a context object on the node thread
    std::atomic<DevnetNode *> m_node = nullptr; // written and deleted on the node thread only
    DevnetEndpoints m_endpoints;
};

} // namespace gifscan::devnet
