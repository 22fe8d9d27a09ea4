#include "core/protocol/nodeannouncement.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace gifscan {

namespace {
struct TaskWord
{
    NodeProgress::Task task;
    const char *word;
};
constexpr TaskWord kTaskWords[] = {{NodeProgress::Task::Import, "import"},
                                   {NodeProgress::Task::Rebuild, "rebuild"},
                                   {NodeProgress::Task::Genesis, "genesis"}};

quint64 nonNegative(const QJsonValue &v)
{
    return static_cast<quint64>(std::max<qint64>(0, v.toInteger()));
}
} // namespace

QString progressTaskName(NodeProgress::Task task)
{
    for (const TaskWord &t : kTaskWords) {
        if (t.task == task)
            return QLatin1String(t.word);
    }
    return {};
}

std::optional<NodeProgress::Task> progressTask(const QString &name)
{
    for (const TaskWord &t : kTaskWords) {
        if (name == QLatin1String(t.word))
            return t.task;
    }
    return std::nullopt;
}

QByteArray announcementLine(const NodeAnnouncement &announcement)
{
    QJsonObject o;
    if (const auto *p = std::get_if<NodeProgress>(&announcement)) {
        o.insert(QStringLiteral("progress"),
                 QJsonObject{{QStringLiteral("task"), progressTaskName(p->task)},
                             {QStringLiteral("done"), static_cast<qint64>(p->done)},
                             {QStringLiteral("total"), static_cast<qint64>(p->total)}});
    } else {
        const auto &r = std::get<NodeReady>(announcement);
        o = {{QStringLiteral("base_url"), r.rest.toString()},
             {QStringLiteral("rpc_url"), r.rpc.toString()},
             {QStringLiteral("rpc_ws_url"), r.ws.toString()},
             {QStringLiteral("chainId"), static_cast<qint64>(r.chainId)},
             {QStringLiteral("network"), r.network}};
    }
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

std::optional<NodeAnnouncement> parseAnnouncement(const QByteArray &line, QString *why)
{
    const QJsonDocument doc = QJsonDocument::fromJson(line);
    if (!doc.isObject()) {
        *why = QStringLiteral("not a JSON object: %1").arg(QString::fromUtf8(line.left(200)));
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("progress")).isObject()) {
        const QJsonObject p = o.value(QStringLiteral("progress")).toObject();
        const QString task = p.value(QStringLiteral("task")).toString();
        const auto known = progressTask(task);
        if (!known) {
            *why = QStringLiteral("a progress line of no known task: %1").arg(task.left(40));
            return std::nullopt;
        }
        return NodeProgress{*known, nonNegative(p.value(QStringLiteral("done"))),
                            nonNegative(p.value(QStringLiteral("total")))};
    }
    NodeReady r{QUrl(o.value(QStringLiteral("base_url")).toString()),
                QUrl(o.value(QStringLiteral("rpc_url")).toString()),
                QUrl(o.value(QStringLiteral("rpc_ws_url")).toString()),
                nonNegative(o.value(QStringLiteral("chainId"))),
                o.value(QStringLiteral("network")).toString()};
    if (!r.rest.isValid() || r.rest.port() <= 0) {
        *why = QStringLiteral("the node announced no address: %1")
                   .arg(QString::fromUtf8(line.left(200)));
        return std::nullopt;
    }
    return r;
}

} // namespace gifscan
