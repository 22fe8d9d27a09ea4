#pragma once

#include <QByteArray>
#include <QString>
#include <QUrl>
#include <optional>
#include <variant>

namespace gifscan {

// What gifscan-devnet says on stdout before it serves: progress lines while a
// long start goes on (an old log imported, the state rebuilt), then one line
// with its endpoints, the "ready line". The node writes them and the explorer
// (LocalNode) and the tests read them with this same code, so the two cannot
// drift. Any thread.
struct NodeProgress
{
    // An old log imported, the state rebuilt, or a new chain's block 0 built
    // (its transactions, the first start's long wait).
    enum class Task { Import, Rebuild, Genesis };
    Task task = Task::Import;
    quint64 done = 0;
    quint64 total = 0;
    friend bool operator==(const NodeProgress &, const NodeProgress &) = default;
};

struct NodeReady
{
    QUrl rest; // base_url
    QUrl rpc;  // rpc_url
    QUrl ws;   // rpc_ws_url
    quint64 chainId = 0;
    QString network;
    friend bool operator==(const NodeReady &, const NodeReady &) = default;
};

using NodeAnnouncement = std::variant<NodeProgress, NodeReady>;

// A task's word on the wire ("import", "rebuild", "genesis"), and back.
QString progressTaskName(NodeProgress::Task task);
std::optional<NodeProgress::Task> progressTask(const QString &name);

// One line of JSON, without its newline.
QByteArray announcementLine(const NodeAnnouncement &announcement);
// A line as announcementLine writes it; nullopt, with why, for anything else
// (a ready line without a usable REST address among them).
std::optional<NodeAnnouncement> parseAnnouncement(const QByteArray &line, QString *why);

} // namespace gifscan
