// CliCommands, continued: the node's webhooks, for its operator.
#include "app/clicommands.h"
#include "core/client/awaitresult.h"

#include <QJsonArray>
#include <QJsonDocument>

int CliCommands::webhooks(const QStringList &args)
{
    using namespace gifscan;
    const bool remove = args.value(0) == QLatin1String("delete");
    if ((!args.isEmpty() && !remove && args != QStringList{QStringLiteral("list")}) ||
        (remove && (args.size() < 2 || args.size() > 3))) {
        return usage(QStringLiteral("webhooks"));
    }
    if (!needNode())
        return Usage;
    // A program on the node's machine is its operator: it sees every
    // webhook and removes one without its secret (a page's, say).
    if (remove) {
        QJsonArray params{args.at(1)};
        if (args.size() == 3)
            params.append(args.at(2));
        const auto r = awaitResult<Result<QJsonValue>>([&](QObject *c, auto done) {
            m_rpcClient->call(QStringLiteral("gif_deleteWebhook"), params, c, done, false);
        });
        if (!r.ok()) {
            if (r.error.rpcCode == -32001 || r.error.rpcCode == -32602) {
                printError(r.error.message);
                return r.error.rpcCode == -32001 ? NotFound : Usage;
            }
            return fromError(r.error);
        }
        printLine(QStringLiteral("deleted %1").arg(args.at(1)));
        return Ok;
    }
    const auto r = awaitResult<Result<QJsonValue>>([&](QObject *c, auto done) {
        m_rpcClient->call(QStringLiteral("gif_listWebhooks"), {}, c, done);
    });
    if (!r.ok())
        return fromError(r.error);
    for (const QJsonValue &hook : r.value->toArray())
        printJson(hook);
    return Ok;
}
