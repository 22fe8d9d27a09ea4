#pragma once

#include "core/client/httpclient.h"
#include "core/client/nodeprover.h"
#include "core/protocol/records.h"
#include "core/protocol/validatorset.h"

#include <QJsonArray>
#include <QObject>

namespace gifscan {

// JSON-RPC 2.0 over HTTP (PROTOCOL §6): single calls, batches, and typed
// wrappers whose results go through the strict codec; the real NodeProver.
// Errors come back as ClientError::Kind::Rpc with the code, message and
// data.reason. What the node declines for its own reasons is never reported
// as its answer (ClientError::isRefusal): a batch's calls it refused in place
// (its rate limit, its answer limit, behind, an internal error) or whose
// whole batch failed on the way are asked again, together, after the wait it
// gave or a backoff, until the call's deadline, and only then come back with
// that error; a single idempotent call answered -32603 or -32006 likewise.
// A batch takes as many of the client's tokens as it holds calls, as the
// node charges it. Lives on the thread that created it.
class RpcClient : public QObject, public NodeProver
{
    Q_OBJECT
public:
    RpcClient(const QUrl &rpcUrl, HttpClient *http, QObject *parent = nullptr);
    const QUrl &url() const { return m_url; }

    void call(const QString &method, const QJsonArray &params, QObject *context,
              Done<QJsonValue> done, bool idempotent = true);
    void batch(const QList<Call> &calls, QObject *context,
               std::function<void(const QList<Result<QJsonValue>> &)> done) override;

    void chainId(QObject *context, Done<std::uint64_t> done) override;
    void blockNumber(QObject *context, Done<std::uint64_t> done) override;
    void block(std::uint64_t height, bool withTxs, QObject *context, Done<Block> done) override;
    void transaction(const Hash32 &hash, QObject *context, Done<TransactionWithReceipt> done);
    void object(const QString &slug, std::uint64_t tokenId, std::optional<std::uint64_t> height,
                QObject *context, Done<ObjectRecord> done) override;
    void objectBytes(const QString &slug, std::uint64_t tokenId,
                     std::optional<std::uint64_t> height, QObject *context,
                     Done<QByteArray> done) override;
    void ownership(const Address &address, std::optional<std::uint64_t> height, QObject *context,
                   Done<QList<OwnedLeaf>> done);
    void listing(const QString &slug, std::uint64_t tokenId, std::optional<std::uint64_t> height,
                 QObject *context, Done<std::optional<Listing>> done);
    void objectRoot(std::uint64_t height, QObject *context, Done<Hash32> done);
    void proof(const QString &slug, std::uint64_t tokenId, std::optional<std::uint64_t> height,
               QObject *context, Done<ObjectProof> done) override;
    void holdingsProof(const Address &address, std::optional<std::uint64_t> height,
                       QObject *context, Done<HoldingsProof> done) override;
    void validators(QObject *context, Done<ValidatorSet> done) override;
    void sendRawTransaction(const Bytes &raw, QObject *context, Done<Hash32> done) override;

    static Result<QJsonValue> parseResponse(const QJsonValue &response);

private:
    struct PendingBatch;
    struct SingleCall;
    void askSingle(const std::shared_ptr<SingleCall> &call);
    void singleAnswered(const std::shared_ptr<SingleCall> &call, const Result<QJsonValue> &r);
    void callOnce(const QString &method, const QJsonArray &params, QObject *context,
                  Done<QJsonValue> done, bool idempotent);
    void sendBatch(const std::shared_ptr<PendingBatch> &batch);
    void batchAnswered(const std::shared_ptr<PendingBatch> &batch, const QList<int> &ids,
                       const HttpResponse &r);
    template <typename T>
    void typed(const QString &method, const QJsonArray &params, QObject *context, Done<T> done);

    QUrl m_url;
    HttpClient *m_http;
    int m_nextId = 1;
};

} // namespace gifscan
