// CliCommands, continued: which node a command talks to when none is named —
// the explorer's local devnet, found by the file it writes in its folder
// while it runs. Same thread and object as clicommands.cpp.
#include "app/clicommands.h"
#include "core/protocol/nodeannouncement.h"
#include "core/settings/localdevnetfolder.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

using namespace gifscan;

void CliCommands::findLocalDevnet()
{
    // The explorer's folder, or the one of before while a node of before
    // still runs there (it is moved when that explorer starts again).
    const QString folder =
        localDevnetRunsIn(oldLocalDevnetFolder()) && !localDevnetRunsIn(localDevnetFolder())
            ? oldLocalDevnetFolder()
            : localDevnetFolder();
    QFile file(nodeFileIn(folder));
    if (!file.open(QIODevice::ReadOnly)) {
        m_localDevnetProblem = QStringLiteral("no local devnet has run in %1").arg(folder);
        return;
    }
    if (!localDevnetRunsIn(folder)) {
        m_localDevnetProblem = QStringLiteral("the local devnet in %1 is not running").arg(folder);
        return;
    }
    QString why;
    const auto said = parseAnnouncement(file.readLine().trimmed(), &why);
    if (!said || !std::holds_alternative<NodeReady>(*said)) {
        m_localDevnetProblem =
            QStringLiteral("%1 does not say where the node listens: %2").arg(file.fileName(), why);
        return;
    }
    const NodeReady &ready = std::get<NodeReady>(*said);
    m_rest = ready.rest;
    m_rpc = ready.rpc;
    m_ws = ready.ws;
    m_nodeSource = QStringLiteral("local devnet"); // the clients are made over these next
}

// Which node the commands would talk to, and why; exit 2 when none.
int CliCommands::nodes(const QStringList &args)
{
    if (!args.isEmpty()) {
        return usage(QStringLiteral("nodes"));
    }
    QJsonObject o{{QStringLiteral("using"), m_nodeSource.isEmpty() ? QJsonValue(QJsonValue::Null)
                                                                   : QJsonValue(m_nodeSource)},
                  {QStringLiteral("localDevnetFolder"), localDevnetFolder()}};
    if (!m_nodeSource.isEmpty()) {
        o.insert(QStringLiteral("rest"), m_rest.toString());
        o.insert(QStringLiteral("rpc"), m_rpc.toString());
        o.insert(QStringLiteral("ws"), m_ws.toString());
    }
    if (!m_localDevnetProblem.isEmpty())
        o.insert(QStringLiteral("localDevnet"), m_localDevnetProblem);
    printLine(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)));
    return m_nodeSource.isEmpty() ? Usage : Ok;
}
