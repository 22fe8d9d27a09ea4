#pragma once

#include "tests/support/childprocess.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/testpaths.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

namespace gifscan::test {

// gifscan-indexer as a child process, following or serving, and what it
// said: its log (stderr, kept as it is read) and, for a read server, its
// ready line. Killed with the object.
class IndexerProcess
{
public:
    explicit IndexerProcess(const QStringList &args)
    {
        dieWithTheTest(m_process);
        m_process.start(indexerBinary(), args);
        m_process.waitForStarted(5000);
    }
    // A follower of `node` writing `db`.
    IndexerProcess(const QString &db, const DevnetProcess &node)
        : IndexerProcess({QStringLiteral("--db"), db, QStringLiteral("--rpc"), node.rpcUrl(),
                          QStringLiteral("--ws"), node.wsUrl()})
    {
    }
    ~IndexerProcess() { kill(); }
    void kill()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    // A read server's ready line: where it listens.
    QJsonObject readyLine()
    {
        if (m_ready.isEmpty() && QTest::qWaitFor([this] { return m_process.canReadLine(); }, 30000))
            m_ready = QJsonDocument::fromJson(m_process.readLine()).object();
        return m_ready;
    }
    QString base() { return readyLine().value(QStringLiteral("base_url")).toString(); }
    QString rpc() { return readyLine().value(QStringLiteral("rpc_url")).toString(); }
    QString ws() { return readyLine().value(QStringLiteral("rpc_ws_url")).toString(); }
    QString log()
    {
        m_log += QString::fromUtf8(m_process.readAllStandardError());
        return m_log;
    }
    QProcess &process() { return m_process; }

private:
    QProcess m_process;
    QJsonObject m_ready;
    QString m_log;
};

} // namespace gifscan::test
