// RpcDispatcher's methods, continued: the pool as a read server mirrors it
// (MempoolMirror), a devnet extension of PROTOCOL's JSON-RPC section (docs/
// PROTOCOL.md, "The devnet's own"). On a read server they answer from its
// mirror, so that a server can be mirrored in turn.
#include "chain/engine/mempool.h"
#include "chain/engine/servedchain.h"
#include "server/api/rpccall.h"

#include <QJsonArray>

namespace gifscan::server::rpc {

namespace {

QJsonArray hashes(const std::vector<Hash32> &list)
{
    QJsonArray out;
    for (const Hash32 &h : list)
        out.append(toHexString(h));
    return out;
}

} // namespace

// [cursor?]: what entered and left the pool since the cursor of an earlier
// answer, and the head it was asked at (a mirror lets a transaction go only
// once it has that block, where it may have been mined).
QJsonValue mempoolChanges(Call &c)
{
    if (!c.p.count(0, 1))
        return {};
    QString cursor;
    if (c.p.has(0) && !c.p.at(0).isNull())
        cursor = c.p.string(0, "cursor");
    if (c.p.failed())
        return {};
    const chain::MempoolChanges changes = c.chain.mempool().changesSince(cursor);
    return QJsonObject{{QStringLiteral("cursor"), changes.cursor},
                       {QStringLiteral("height"), static_cast<qint64>(c.head)},
                       {QStringLiteral("whole"), changes.whole},
                       {QStringLiteral("added"), hashes(changes.added)},
                       {QStringLiteral("removed"), hashes(changes.removed)}};
}

// [[hash, …]] (at most 256): the signed bytes of those still pending, in the
// order asked, up to 1 MiB (one at least); `rest` names those not sent for
// that limit, to ask again. Those no longer pending are left out.
QJsonValue pendingTransactions(Call &c)
{
    // An answer a rate-limit token buys stays small: its bytes, hex, are
    // encoded on the node's thread.
    constexpr qsizetype kMaxHashes = 256;
    constexpr qsizetype kPendingAnswerBytes = 1024 * 1024;
    if (!c.p.count(1, 1))
        return {};
    const QJsonArray asked = c.p.at(0).toArray();
    if (!c.p.at(0).isArray() || asked.size() > kMaxHashes) {
        c.p.fail(QStringLiteral("expected an array of at most %1 hashes").arg(kMaxHashes));
        return {};
    }
    QJsonArray transactions;
    QJsonArray rest;
    qsizetype bytes = 0;
    for (const QJsonValue &v : asked) {
        const auto hash = parseHash(v.toString());
        if (!v.isString() || !hash) {
            c.p.fail(QStringLiteral("each hash must be 0x and 64 hex digits"));
            return {};
        }
        const chain::PendingTx *tx = c.chain.mempool().find(*hash);
        if (!tx)
            continue;
        if (!rest.isEmpty() || bytes >= kPendingAnswerBytes) {
            rest.append(v);
            continue;
        }
        const Bytes raw = tx->tx.encode();
        bytes += static_cast<qsizetype>(raw.size());
        transactions.append(toHexString(raw));
    }
    return QJsonObject{{QStringLiteral("transactions"), transactions},
                       {QStringLiteral("rest"), rest}};
}

} // namespace gifscan::server::rpc
