#pragma once

#include "core/base/bytes.h"

#include <QJsonValue>
#include <QNetworkAccessManager>
#include <QObject>
#include <QTimer>
#include <QUrl>
#include <functional>
#include <vector>

namespace gifscan::chain {
class QueryStore;
} // namespace gifscan::chain

namespace gifscan::server {

// A read server's copy of its node's pool, so that its /v1/mempool and a
// pending transaction by hash answer as the node's do. Every `intervalMs`
// it asks the node what changed since its last answer
// (gif_mempoolChanges), then the signed bytes of what it lacks
// (gif_pendingTransactions), which the chain takes only when they decode
// and are signed for it (QueryStore::mirrorPending). What left the node's pool
// leaves the copy once the server has the block the node was at: it may
// have been mined there, and the server's own taking up of that block
// moves it from pending to mined, so that a client never sees it in
// neither. A node away is said once, and the copy stands until it answers
// again. Lives on the node thread.
class MempoolMirror : public QObject
{
    Q_OBJECT
public:
    static constexpr int kBatch = 256; // hashes asked for at once (the node's most)

    MempoolMirror(QUrl rpc, chain::QueryStore &chain, int intervalMs = 200,
                  QObject *parent = nullptr);
    ~MempoolMirror() override;

private:
    using Answered = std::function<void(const QJsonValue &result)>;
    void ask();
    void onChanges(const QJsonValue &result);
    void fetch();
    void finishRound();
    void letGo();
    void call(const char *method, const QJsonValue &params, Answered answered);
    void away(const QString &why);

    QUrl m_rpc;
    chain::QueryStore &m_chain;
    QNetworkAccessManager m_nam;
    QTimer m_timer;
    QString m_cursor;      // where the copy stands in the node's journal
    QString m_roundCursor; // where it will once this round's fetches are in
    std::vector<Hash32> m_wanted;
    std::vector<std::pair<std::uint64_t, Hash32>> m_leaving; // at that height
    std::uint64_t m_roundHeight = 0;
    bool m_busy = false;
    bool m_saidAway = false;
};

} // namespace gifscan::server
