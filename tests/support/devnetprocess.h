#pragma once

#include "core/client/portpicker.h"
#include "tests/support/childprocess.h"
#include "tests/support/testpaths.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <iostream>
#include <signal.h>
#include <string>

namespace gifscan::test {

// gifscan-devnet as a child process, for what only a process can show:
// kill -9, SIGSTOP, a restart on the same ports.
class DevnetProcess
{
public:
    // Where the node's log goes. Kept: in a pipe, read by the test when it
    // fails (and the node stalls once 64 KiB of it wait unread, which a node
    // under abuse logs in moments); Dropped: to /dev/null (benchmarks).
    enum class Log { Kept, Dropped };
    explicit DevnetProcess(const QStringList &args, Log log = Log::Kept)
    {
        if (log == Log::Dropped)
            m_process.setStandardErrorFile(QProcess::nullDevice());
        start(args);
    }
    // Another build's node (benchmarks compare them).
    DevnetProcess(const QString &program, const QStringList &args, Log log = Log::Kept)
        : m_program(program)
    {
        if (log == Log::Dropped)
            m_process.setStandardErrorFile(QProcess::nullDevice());
        start(args);
    }
    ~DevnetProcess() { kill(); }

    void start(const QStringList &args)
    {
        m_process.setProgram(m_program);
        m_process.setArguments(args);
        dieWithTheTest(m_process);
        m_process.start();
        // A node that exits (a port taken, a bad option) is not waited for.
        bool ready = false;
        const auto readyOrGone = [this, &ready] {
            ready = readReadyLine();
            return ready || m_process.state() == QProcess::NotRunning;
        };
        m_started = m_process.waitForStarted(5000) && QTest::qWaitFor(readyOrGone, 60000) &&
                    (ready || readReadyLine());
        if (!m_started)
            sayWhyNotStarted();
    }
    void kill()
    {
        if (m_process.state() != QProcess::NotRunning) {
            ::kill(static_cast<pid_t>(m_process.processId()), SIGCONT);
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    // As a user stops it: SIGTERM, and the node closes in order.
    void stop()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            m_process.waitForFinished(10000);
        }
    }
    void pause() { ::kill(static_cast<pid_t>(m_process.processId()), SIGSTOP); }
    void resume() { ::kill(static_cast<pid_t>(m_process.processId()), SIGCONT); }

    bool started() const { return m_started; }
    // The progress lines the node printed before it was ready (a long start).
    const QList<QJsonObject> &progress() const { return m_progress; }
    QJsonObject endpoints() const { return m_endpoints; }
    QString baseUrl() const { return m_endpoints[QStringLiteral("base_url")].toString(); }
    QString rpcUrl() const { return m_endpoints[QStringLiteral("rpc_url")].toString(); }
    QString wsUrl() const { return m_endpoints[QStringLiteral("rpc_ws_url")].toString(); }
    QString rest(const QString &path) const { return baseUrl() + path; }
    QProcess &process() { return m_process; }

    // A small, fast node on `port` keeping its chain in `dir`, so a restart
    // on the same arguments continues where it stopped; `extra` adds options.
    static QStringList smallNodeArgs(quint16 port, const QString &dir, const QString &extra = {})
    {
        QStringList args{QStringLiteral("--port"),       QString::number(port),
                         QStringLiteral("--objects"),    QStringLiteral("12"),
                         QStringLiteral("--block-time"), QStringLiteral("0.05"),
                         QStringLiteral("--data-dir"),   dir};
        if (!extra.isEmpty())
            args += extra.split(u' ');
        return args;
    }

    // A port P with P, P+1 and P+2 free right now: 4000 triples from 20000,
    // below the explorer's own node (app/localnode.cpp) and the kernel's
    // ephemeral ports, where any other test's outgoing connection or port-0
    // listener could take P+1 or P+2 between this check and the node's
    // bind. Started at a triple picked by the pid, so test processes
    // started together (consecutive pids) never pick overlapping triples
    // before their nodes have bound them.
    static quint16 freePortTriple() { return gifscan::freePortTriple(20000, 4000); }

private:
    // Said on the test's output as soon as it is known, so every test that
    // asserts started() shows why: the node's exit and its log.
    void sayWhyNotStarted()
    {
        std::string why;
        if (m_process.state() != QProcess::NotRunning)
            why = " did not say it was ready within 60 s";
        else if (m_process.error() == QProcess::FailedToStart)
            why = " did not start: " + m_process.errorString().toStdString();
        else if (m_process.exitStatus() == QProcess::CrashExit)
            why = " crashed before it was ready";
        else
            why = " exited before it was ready, code " + std::to_string(m_process.exitCode());
        std::cerr << "gifscan-devnet " << m_process.arguments().join(u' ').toStdString() << why
                  << "; its log:\n"
                  << m_process.readAllStandardError().toStdString() << std::endl;
    }

    // Progress lines come first; the ready line names where the node listens.
    bool readReadyLine()
    {
        while (m_process.canReadLine()) {
            const QJsonObject line = QJsonDocument::fromJson(m_process.readLine()).object();
            if (line.contains(QStringLiteral("progress"))) {
                m_progress.append(line[QStringLiteral("progress")].toObject());
                continue;
            }
            m_endpoints = line;
            return true;
        }
        return false;
    }

    QString m_program = gifscan::test::devnetBinary();
    QList<QJsonObject> m_progress;
    QProcess m_process;
    bool m_started = false;
    QJsonObject m_endpoints;
};

} // namespace gifscan::test
