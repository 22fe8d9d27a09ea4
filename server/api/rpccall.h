#pragma once

#include "chain/engine/servedchain.h"
#include "core/base/bytes.h"
#include "core/protocol/commitments.h"
#include "server/api/rpcsession.h"

#include <QHash>
#include <QJsonArray>
#include <cmath>
#include <optional>

namespace gifscan::chain {
class ServedChain;
class ChainView;
} // namespace gifscan::chain

namespace gifscan::server {
class RecordReader;
} // namespace gifscan::server

// What RpcDispatcher's method handlers share (server/api/rpcmethods.cpp): the
// error codes, checked access to positional params, and one request's call.
// Internal to the dispatcher's files. Node thread, as the dispatcher.
namespace gifscan::server::rpc {

inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kNotFound = -32001;
inline constexpr int kRejected = -32003;
inline constexpr int kInternalError = -32603;
inline constexpr int kRateLimited = -32005;
// Not yet: a read server behind the height asked for, or its database away.
inline constexpr int kUnavailable = -32006;

// Checked access to positional params; the first failure wins.
class Params
{
public:
    Params(const QJsonArray &params, RpcError *error) : m_params(params), m_error(error) {}

    bool failed() const { return m_error->code != 0; }
    bool has(qsizetype i) const { return i < m_params.size(); }
    const QJsonValue at(qsizetype i) const { return m_params.at(i); }
    bool count(qsizetype min, qsizetype max)
    {
        if (m_params.size() < min || m_params.size() > max)
            fail(QStringLiteral("expected %1 to %2 params, got %3")
                     .arg(min)
                     .arg(max)
                     .arg(m_params.size()));
        return !failed();
    }
    void fail(const QString &message)
    {
        if (!failed())
            *m_error = {kInvalidParams, message, QJsonValue::Undefined};
    }
    std::uint64_t uint(qsizetype i, const char *what)
    {
        const QJsonValue v = m_params.at(i);
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < 0 || d != std::floor(d) || d >= 9007199254740992.0) {
            fail(QStringLiteral("%1 must be a non-negative integer").arg(QLatin1String(what)));
            return 0;
        }
        return static_cast<std::uint64_t>(d);
    }
    QString slug(qsizetype i)
    {
        const QString s = m_params.at(i).toString();
        if (!m_params.at(i).isString() || !isValidSlug(s))
            fail(QStringLiteral("slug must match ^[a-z0-9][a-z0-9-]{0,63}$"));
        return s;
    }
    QString string(qsizetype i, const char *what)
    {
        if (!m_params.at(i).isString())
            fail(QStringLiteral("%1 must be a string").arg(QLatin1String(what)));
        return m_params.at(i).toString();
    }

private:
    const QJsonArray &m_params;
    RpcError *m_error;
};

// One request as its handler sees it: the chain at the head when it came,
// its params, and where its error goes.
struct Call
{
    chain::ServedChain &chain;
    RecordReader &indexer;
    const chain::ChainView &state;
    std::uint64_t head;
    const QString &method;
    RpcSession *session;
    RpcError *error;
    Params p;

    // The optional trailing height of every read method (service-spec §4.2
    // rule 1): the head when absent; nullopt when refused (said in error).
    std::optional<std::uint64_t> heightAt(qsizetype i);
    // [height?] and nothing else: gif_validators and gif_objectRoot.
    std::optional<std::uint64_t> onlyHeight();
    // [address, height?]: gif_getOwnership and gif_holdingsProof.
    std::optional<std::uint64_t> addressAndHeight(Address *address);
    // [slug, tokenId, height?] of an object that exists then: its index, or -1.
    int objectAt(std::uint64_t *height);
    QJsonValue notFound(const QString &what);
    // A block past the head: -32001 with data.head, so a follower knows
    // where the chain stands without asking again.
    QJsonValue pastHead(std::uint64_t height);
    // gif_sendRawTransaction's [signedTx]: its bytes; nullopt when refused.
    std::optional<Bytes> rawTransaction();
};

// A submission's answer: the hash, or -32003 with its reason (in `error`).
QJsonValue submitted(const chain::Submission &s, RpcError *error);

// The pool, for a read server's mirror (server/api/rpcmempoolmethods.cpp).
QJsonValue mempoolChanges(Call &c);
QJsonValue pendingTransactions(Call &c);

using Handler = QJsonValue (*)(Call &);
struct Method
{
    Handler handler = nullptr;
    // What it reads is the chain alone (no session, forwarder or webhook,
    // and of the pool at most a transaction looked for by its hash): a read
    // server's reader thread may answer it (ReaderPool says when the node
    // thread must answer again).
    bool chainOnly = false;
};
// Every method of PROTOCOL's JSON-RPC section but the webhooks', one
// handler each, by name.
const QHash<QString, Method> &methods();

} // namespace gifscan::server::rpc
