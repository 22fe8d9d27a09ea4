#pragma once

#include "core/clienterror.h"
#include "core/objectproof.h"
#include "core/records.h"

#include <QObject>
#include <QThreadPool>

#include <atomic>

namespace gifscan {

class RestClient;
class RpcClient;

struct AuditEntry
{
    enum class Outcome { Verified, Absent, Mismatch, Failed };
    QString key;
    Outcome outcome = Outcome::Failed;
    std::optional<Address> provenOwner;
    bool nodeLists = false;    // gif_getOwnership named it
    bool indexerLists = false; // /v1/objects?owner= named it
    QString detail;

    static QString outcomeName(Outcome o);
};

struct AuditReport
{
    Address address{};
    std::uint64_t height = 0;
    BlockHeader header;
    bool headerHashOk = false;
    bool indexerCompared = false; // the indexer answered at the audited height
    bool cancelled = false;
    QList<AuditEntry> entries; // sorted by key
    ClientError error;

    int count(AuditEntry::Outcome outcome) const;
    bool holds() const;
    QString toCsv() const;
};

// Audits a wallet at a height: every object the node says it owns is proven
// against a header checked here, and the node's list is compared with the
// indexer's. Proofs are fetched in JSON-RPC batches and verified on worker
// threads (the pool is this object's own). The object lives on its
// clients' thread; progressed and finished are emitted there.
class WalletAudit : public QObject
{
    Q_OBJECT
public:
    WalletAudit(RestClient *rest, RpcClient *rpc, QObject *parent = nullptr);
    ~WalletAudit() override;

    void run(const Address &address, std::optional<std::uint64_t> height);
    void cancel();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void progressed(int done, int total);
    void finished(const gifscan::AuditReport &report);

private:
    void fetchIndexer();
    void fetchHeader();
    void fetchOwnership();
    void nextBatch();
    void verified(const QList<AuditEntry> &entries);
    void finish();

    RestClient *m_rest;
    RpcClient *m_rpc;
    QThreadPool m_pool;
    std::shared_ptr<std::atomic_bool> m_cancelled = std::make_shared<std::atomic_bool>(false);
    bool m_running = false;
    std::optional<std::uint64_t> m_requestedHeight;
    AuditReport m_report;
    QSet<QString> m_indexerKeys;
    std::uint64_t m_indexerHeight = 0;
    QList<OwnedLeaf> m_owned;
    int m_nextLeaf = 0;
    int m_done = 0;
    int m_inFlight = 0;
    std::unique_ptr<QObject> m_context;
};

} // namespace gifscan
