#include "server/net/mempoolmirror.h"

#include "chain/engine/querystore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <unordered_set>

namespace gifscan::server {

Q_LOGGING_CATEGORY(lcMirror, "gifscan.serve.mempool")

namespace {

// What the node's pool answers at most (4 MiB of bytes, as hex) and then some.
constexpr qint64 kMaxPoolAnswerBytes = 24 * 1024 * 1024;

std::vector<Hash32> hashesOf(const QJsonValue &list)
{
    std::vector<Hash32> out;
    for (const QJsonValue &v : list.toArray()) {
        if (const auto h = parseHash(v.toString()))
            out.push_back(*h);
    }
    return out;
}

} // namespace

MempoolMirror::MempoolMirror(QUrl rpc, chain::QueryStore &chain, int intervalMs, QObject *parent)
    : QObject(parent), m_rpc(std::move(rpc)), m_chain(chain)
{
    m_nam.setProxy(QNetworkProxy::NoProxy);
    connect(&m_timer, &QTimer::timeout, this, &MempoolMirror::ask);
    connect(&m_chain, &chain::QueryStore::blockAnnounced, this, &MempoolMirror::letGo);
    m_timer.start(intervalMs);
    ask();
}

MempoolMirror::~MempoolMirror() = default;

void MempoolMirror::ask()
{
    letGo();
    if (m_busy)
        return;
    m_busy = true;
    call("gif_mempoolChanges", QJsonArray{m_cursor.isEmpty() ? QJsonValue() : m_cursor},
         [this](const QJsonValue &result) { onChanges(result); });
}

void MempoolMirror::onChanges(const QJsonValue &result)
{
    const QJsonObject r = result.toObject();
    const QJsonValue cursor = r.value(QStringLiteral("cursor"));
    const QJsonValue height = r.value(QStringLiteral("height"));
    if (!cursor.isString() || !height.isDouble())
        return away(QStringLiteral("its answer to gif_mempoolChanges is not one"));
    m_roundCursor = cursor.toString();
    m_roundHeight = static_cast<std::uint64_t>(height.toInteger());
    const std::vector<Hash32> added = hashesOf(r.value(QStringLiteral("added")));
    std::vector<Hash32> removed = hashesOf(r.value(QStringLiteral("removed")));
    if (r.value(QStringLiteral("whole")).toBool()) {
        // Another pool (the node restarted) or too long away: what the copy
        // holds beyond the node's whole pool leaves it.
        const std::unordered_set<Hash32, chain::ArrayHash> theirs(added.begin(), added.end());
        for (const Hash32 &mine : m_chain.mempool().hashes()) {
            if (!theirs.count(mine))
                removed.push_back(mine);
        }
    }
    for (const Hash32 &h : removed)
        m_leaving.emplace_back(m_roundHeight, h);
    const std::unordered_set<Hash32, chain::ArrayHash> back(added.begin(), added.end());
    std::erase_if(m_leaving, [&](const auto &l) { return back.count(l.second) != 0; });
    m_wanted.clear();
    for (const Hash32 &h : added) {
        if (!m_chain.mempool().find(h))
            m_wanted.push_back(h);
    }
    fetch();
}

void MempoolMirror::fetch()
{
    if (m_wanted.empty())
        return finishRound();
    QJsonArray batch;
    const std::size_t n = std::min<std::size_t>(m_wanted.size(), kBatch);
    for (std::size_t i = 0; i < n; ++i)
        batch.append(toHexString(m_wanted[i]));
    m_wanted.erase(m_wanted.begin(), m_wanted.begin() + static_cast<std::ptrdiff_t>(n));
    // [[hash, …]]: the batch as the params' one element. A QJsonArray alone
    // in braces is nested by gcc and copied by clang (the initializer-list
    // rule for one element of the class's own type): the QJsonValue says
    // which is meant.
    call("gif_pendingTransactions", QJsonArray{QJsonValue(batch)},
         [this](const QJsonValue &result) {
             const QJsonObject r = result.toObject();
             for (const QJsonValue &raw : r.value(QStringLiteral("transactions")).toArray()) {
                 if (const auto bytes = parseHex(raw.toString()))
                     m_chain.mirrorPending(*bytes);
             }
             // What did not fit the node's answer is asked for next.
             const std::vector<Hash32> rest = hashesOf(r.value(QStringLiteral("rest")));
             m_wanted.insert(m_wanted.begin(), rest.begin(), rest.end());
             fetch();
         });
}

void MempoolMirror::finishRound()
{
    m_cursor = m_roundCursor;
    m_busy = false;
    if (m_saidAway)
        qCInfo(lcMirror).noquote() << "mirroring the node's mempool again";
    m_saidAway = false;
    letGo();
}

void MempoolMirror::letGo()
{
    const std::uint64_t head = m_chain.state().hasBlocks() ? m_chain.state().head() : 0;
    std::erase_if(m_leaving, [&](const auto &l) {
        if (l.first > head)
            return false;
        m_chain.dropPending(l.second);
        return true;
    });
}

void MempoolMirror::call(const char *method, const QJsonValue &params, Answered answered)
{
    QNetworkRequest request(m_rpc);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setTransferTimeout(10000);
    const QJsonObject body{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                           {QStringLiteral("id"), 1},
                           {QStringLiteral("method"), QLatin1String(method)},
                           {QStringLiteral("params"), params}};
    QNetworkReply *reply = m_nam.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
    connect(reply, &QNetworkReply::finished, this, [this, reply, answered, method] {
        reply->deleteLater();
        if (reply->error() != QNetworkReply::NoError)
            return away(reply->errorString());
        const QJsonObject answer =
            QJsonDocument::fromJson(reply->read(kMaxPoolAnswerBytes)).object();
        if (!answer.contains(QStringLiteral("result")))
            return away(
                QStringLiteral("%1 answered %2")
                    .arg(QLatin1String(method), answer.value(QStringLiteral("error"))
                                                    .toObject()
                                                    .value(QStringLiteral("message"))
                                                    .toString(QStringLiteral("no result"))));
        answered(answer.value(QStringLiteral("result")));
    });
}

void MempoolMirror::away(const QString &why)
{
    // The copy stands; the next round asks again from where it stood.
    m_busy = false;
    m_wanted.clear();
    if (!m_saidAway)
        qCWarning(lcMirror).noquote() << "cannot mirror the node's mempool:" << why;
    m_saidAway = true;
}

} // namespace gifscan::server
