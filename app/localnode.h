#pragma once

#include "core/protocol/nodeannouncement.h"

#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QTimer>
#include <QUrl>
#include <optional>

namespace gifscan {

// The user's own devnet node, run as a child process (gifscan-devnet), so
// that the explorer never dies with it and never holds its archive: started
// on free loopback ports with the user's data folder, told by its first
// stdout line where it listens, stopped when this object goes (and by the
// kernel should the explorer itself be killed), and started again on the
// same ports whenever it dies after it was up, with a growing pause (on
// others if those were taken meanwhile: `started` then says where).
// A node that refuses to start (its data folder in use, a damaged chain) is
// not retried: that needs the user.
//
// Lives on the thread that created it (the GUI thread); its signals arrive
// there.
class LocalNode : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        QString program; // gifscan-devnet; empty: the one beside this executable
        QString dataDir;
        std::optional<double> blockTime;
        QStringList extraArguments;
        // Web pages allowed besides those served from loopback (--cors-origins).
        QStringList corsOrigins;
        int firstRestartDelayMs = 1000; // doubled after each death, up to maxRestartDelayMs
        int maxRestartDelayMs = 30000;
        int stopTimeoutMs = 10000; // SIGTERM, then kill
    };

    struct Endpoints
    {
        QUrl rest;
        QUrl rpc;
        QUrl ws;
        friend bool operator==(const Endpoints &, const Endpoints &) = default;
    };

    // Why the node is not running, as the UI translates it.
    struct Failure
    {
        enum class Kind {
            NotFound, // the program could not be started
            Refused,  // it exited before it was ready: `detail` is its last words
            Died,     // it was up and exited or was killed
        };
        Kind kind = Kind::Died;
        int exitCode = 0;     // when it exited rather than crashed
        bool crashed = false; // killed by a signal rather than exiting
        QString detail;       // the node's last line on stderr, if any
    };

    enum class State { Stopped, Starting, Running, WaitingToRestart };
    Q_ENUM(State)

    explicit LocalNode(Options options, QObject *parent = nullptr);
    ~LocalNode() override; // stops the node

    void start();
    void stop();
    // Pages allowed to use the node besides loopback's: a running node is
    // started again with them, on the same ports (a page keeps its URLs).
    void setCorsOrigins(const QStringList &origins);
    State state() const { return m_state; }
    std::optional<Endpoints> endpoints() const { return m_endpoints; }
    qint64 processId() const { return m_process.processId(); }
    int restartDelayMs() const { return m_delayMs; } // the pause before the next restart

    // How a long start goes (the node imports a block log or brings an older
    // database up to date): blocks done of all.
    // The node's progress lines, as core/protocol/nodeannouncement.h reads them.
    using Progress = NodeProgress;

Q_SIGNALS:
    void progressed(const gifscan::LocalNode::Progress &progress); // while Starting
    void started(const gifscan::LocalNode::Endpoints &endpoints);  // first start and every restart
    void startFailed(const gifscan::LocalNode::Failure &failure);  // not retried
    void
    died(const gifscan::LocalNode::Failure &failure); // a restart follows after restartDelayMs()

private:
    void launch();
    void readReady();
    void finished(int exitCode, QProcess::ExitStatus status);

    Options m_options;
    QProcess m_process;
    QTimer m_restart;
    QElapsedTimer m_upSince;
    State m_state = State::Stopped;
    std::optional<Endpoints> m_endpoints;
    quint16 m_port = 0; // the REST port once known: restarts ask for the same
    int m_delayMs = 0;
    int m_attempts = 0; // launches since the node was last up
    QString m_lastError;
    QByteArray m_stdout;
};

} // namespace gifscan

Q_DECLARE_METATYPE(gifscan::LocalNode::Endpoints)
Q_DECLARE_METATYPE(gifscan::LocalNode::Failure)
Q_DECLARE_METATYPE(gifscan::LocalNode::Progress)
