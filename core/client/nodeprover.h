#pragma once

#include "core/client/clienterror.h"
#include "core/protocol/proofs.h"
#include "core/protocol/records.h"
#include "core/protocol/validatorset.h"

#include <QJsonArray>
#include <QJsonValue>
#include <QList>
#include <functional>
#include <optional>

class QObject;

namespace gifscan {

// What a node answers and proves itself (JSON-RPC, PROTOCOL §6), as models,
// verifiers and live sync ask it: the seam before the network. RpcClient is
// the real one; a test may put a fake of its own here. Every answer arrives
// later, on the asking thread, and only while `context` lives.
class NodeProver
{
public:
    template <typename T> using Done = std::function<void(const Result<T> &)>;
    struct Call
    {
        QString method;
        QJsonArray params;
    };

    virtual ~NodeProver() = default;

    // Several calls in one request; the answers in the calls' order.
    virtual void batch(const QList<Call> &calls, QObject *context,
                       std::function<void(const QList<Result<QJsonValue>> &)> done) = 0;
    virtual void chainId(QObject *context, Done<std::uint64_t> done) = 0;
    virtual void blockNumber(QObject *context, Done<std::uint64_t> done) = 0;
    virtual void block(std::uint64_t height, bool withTxs, QObject *context, Done<Block> done) = 0;
    virtual void object(const QString &slug, std::uint64_t tokenId,
                        std::optional<std::uint64_t> height, QObject *context,
                        Done<ObjectRecord> done) = 0;
    virtual void objectBytes(const QString &slug, std::uint64_t tokenId,
                             std::optional<std::uint64_t> height, QObject *context,
                             Done<QByteArray> done) = 0;
    virtual void proof(const QString &slug, std::uint64_t tokenId,
                       std::optional<std::uint64_t> height, QObject *context,
                       Done<ObjectProof> done) = 0;
    virtual void holdingsProof(const Address &address, std::optional<std::uint64_t> height,
                               QObject *context, Done<HoldingsProof> done) = 0;
    // The set the node says signs its headers: what a client may be asked to
    // trust on first use, never a reason to trust by itself.
    virtual void validators(QObject *context, Done<ValidatorSet> done) = 0;
    // Not retried: the caller decides whether to send again.
    virtual void sendRawTransaction(const Bytes &raw, QObject *context, Done<Hash32> done) = 0;
};

} // namespace gifscan
