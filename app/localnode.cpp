#include "app/localnode.h"

#include "core/client/portpicker.h"
#include "core/protocol/weborigin.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <signal.h>
#include <sys/prctl.h>

namespace gifscan {

Q_LOGGING_CATEGORY(lcLocalNode, "gifscan.localnode")

namespace {
// The node listens on P, P+1 and P+2, from 10000 to 19999. Not the port the
// kernel picks for a listener on port 0: that is one of its ephemeral ports,
// which it also gives every outgoing connection on the machine, so that once
// the node died one of its ports could be taken before the restart asked for
// them again, and the node came back on others (the release suite saw it).
// Below the test nodes' too (tests/support/devnetprocess.h, from 20000).
// 0 when none is free: the node then takes any three.
quint16 nodePorts()
{
    return freePortTriple(10000, 3333);
}
} // namespace

LocalNode::LocalNode(Options options, QObject *parent)
    : QObject(parent), m_options(std::move(options))
{
    qRegisterMetaType<Endpoints>();
    qRegisterMetaType<Failure>();
    qRegisterMetaType<Progress>();
    if (m_options.program.isEmpty())
        m_options.program =
            QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("gifscan-devnet"));
    m_delayMs = m_options.firstRestartDelayMs;
    m_restart.setSingleShot(true);
    connect(&m_restart, &QTimer::timeout, this, &LocalNode::launch);
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &LocalNode::readReady);
    connect(&m_process, &QProcess::readyReadStandardError, this, [this] {
        // The node's log joins ours; its last words explain a refusal.
        const QList<QByteArray> lines = m_process.readAllStandardError().split('\n');
        for (const QByteArray &line : lines) {
            if (line.trimmed().isEmpty())
                continue;
            m_lastError = QString::fromUtf8(line.trimmed());
            qCInfo(lcLocalNode).noquote() << m_lastError;
        }
    });
    connect(&m_process, &QProcess::finished, this, &LocalNode::finished);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return; // the others end in finished()
        m_state = State::Stopped;
        Q_EMIT startFailed({Failure::Kind::NotFound, 0, false,
                            m_options.program + QStringLiteral(": ") + m_process.errorString()});
    });
    // The child dies with us, even when we are killed and cannot stop it.
    m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
}

LocalNode::~LocalNode()
{
    stop();
}

void LocalNode::start()
{
    if (m_state != State::Stopped)
        return;
    m_delayMs = m_options.firstRestartDelayMs;
    m_attempts = 0;
    m_port = nodePorts();
    launch();
}

void LocalNode::launch()
{
    QStringList args{QStringLiteral("--data-dir"), m_options.dataDir, QStringLiteral("--port"),
                     QString::number(m_port)};
    if (m_options.blockTime)
        args << QStringLiteral("--block-time") << QString::number(*m_options.blockTime);
    // The loopback pages stay: --cors-origins replaces the node's defaults.
    if (!m_options.corsOrigins.isEmpty())
        args << QStringLiteral("--cors-origins")
             << (gifscan::WebOrigin::loopbackPages() + m_options.corsOrigins).join(u',');
    args += m_options.extraArguments;
    m_state = State::Starting;
    m_stdout.clear();
    m_lastError.clear();
    m_process.start(m_options.program, args);
}

void LocalNode::readReady()
{
    m_stdout += m_process.readAllStandardOutput();
    // Progress lines, then the ready line; after that the node says nothing
    // on stdout that we read.
    while (m_state == State::Starting && m_stdout.contains('\n')) {
        const qsizetype end = m_stdout.indexOf('\n');
        const QByteArray line = m_stdout.left(end);
        m_stdout.remove(0, end + 1);
        QString why;
        const auto said = parseAnnouncement(line, &why);
        if (said && std::holds_alternative<NodeProgress>(*said)) {
            Q_EMIT progressed(std::get<NodeProgress>(*said));
            continue;
        }
        if (!said) {
            m_lastError = why;
            stop();
            Q_EMIT startFailed({Failure::Kind::Refused, 0, false, m_lastError});
            return;
        }
        const NodeReady &ready = std::get<NodeReady>(*said);
        const Endpoints endpoints{ready.rest, ready.rpc, ready.ws};
        m_port = static_cast<quint16>(endpoints.rest.port());
        m_attempts = 0;
        m_endpoints = endpoints;
        m_state = State::Running;
        m_upSince.start();
        Q_EMIT started(endpoints);
    }
}

void LocalNode::finished(int exitCode, QProcess::ExitStatus status)
{
    const State was = m_state;
    if (was == State::Stopped)
        return; // asked to stop
    const bool crashed = status == QProcess::CrashExit;
    const Failure failure{was == State::Running ? Failure::Kind::Died : Failure::Kind::Refused,
                          exitCode, crashed, m_lastError};
    if (was == State::Starting) {
        // The ports picked may have been taken meanwhile: one more try on
        // others before the user is asked.
        if (++m_attempts < 2) {
            m_port = nodePorts();
            launch();
            return;
        }
        m_state = State::Stopped;
        Q_EMIT startFailed(failure);
        return;
    }
    // A node that stayed up a minute has recovered: its next death starts
    // the pauses again from the shortest.
    if (m_upSince.isValid() && m_upSince.elapsed() > 60000)
        m_delayMs = m_options.firstRestartDelayMs;
    m_state = State::WaitingToRestart;
    Q_EMIT died(failure);
    m_restart.start(m_delayMs);
    m_delayMs = std::min(m_delayMs * 2, m_options.maxRestartDelayMs);
}

void LocalNode::setCorsOrigins(const QStringList &origins)
{
    if (origins == m_options.corsOrigins)
        return;
    m_options.corsOrigins = origins;
    if (m_state != State::Running && m_state != State::WaitingToRestart)
        return;
    // Asked, not a death: no pause, no "crashed", the same ports.
    stop();
    m_attempts = 0;
    m_delayMs = m_options.firstRestartDelayMs;
    launch();
}

void LocalNode::stop()
{
    m_restart.stop();
    m_state = State::Stopped;
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(m_options.stopTimeoutMs)) {
        m_process.kill();
        m_process.waitForFinished(m_options.stopTimeoutMs);
    }
}

} // namespace gifscan
