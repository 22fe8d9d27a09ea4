#pragma once

#include "core/client/clienterror.h"
#include "core/client/requestscope.h"
#include "core/protocol/records.h"
#include "core/verify/headerverifier.h"
#include "core/verify/holdingsproof.h"
#include "core/verify/objectproof.h"

#include <QObject>
#include <QThreadPool>
#include <atomic>

namespace gifscan {

class NodeIndex;
class NodeProver;

struct AuditEntry
{
    // Unchecked: the node gave no answer for it (declined for its own
    // reasons until the call's deadline, unreachable, or an error in place
    // of the proof or content): no verdict either way. A verdict comes only
    // from bytes checked against the verified header.
    enum class Outcome { Verified, Absent, Mismatch, Failed, Unchecked };
    QString key;
    Outcome outcome = Outcome::Failed;
    std::optional<Address> provenOwner;
    bool inHoldings = false;   // the verified holdings proof names it
    bool indexerLists = false; // /v1/objects?owner= named it
    QString detail;

    static QString outcomeName(Outcome o);
};

struct AuditReport
{
    Address address{};
    std::uint64_t height = 0;
    BlockHeader header;
    HeaderVerdict headerVerdict;
    HoldingsProof holdings;
    std::optional<HoldingsVerdict> holdingsVerdict; // unset until the proof came
    bool indexerCompared = false;                   // the indexer answered at the audited height
    std::optional<std::uint64_t> indexerCount;      // what /v1/wallets says the address holds
    bool cancelled = false;
    QList<AuditEntry> entries; // sorted by key
    ClientError error;

    int count(AuditEntry::Outcome outcome) const;
    // What the audit says, in three: proven; a proof, header or content did
    // not hold (NotProven); or the node did not answer for some objects and
    // nothing that was answered failed (Unfinished: no verdict).
    enum class Status { Proven, NotProven, Unfinished };
    Status status() const;
    // The complete set is proven and every object in it verified.
    bool proven() const;
    // Proven, and the indexer agrees with every part of it.
    bool holds() const;
    bool countMismatch() const
    {
        return indexerCount && *indexerCount != static_cast<std::uint64_t>(holdings.objects.size());
    }
    QString toCsv() const;
};

// Audits a wallet at a height: the header is verified against the trusted
// validators, one holdings proof against it gives the complete set of
// objects the address holds, every object in it is proven (proof and
// content hash) against the same header, and the indexer's view is compared
// with it, so an object it hides or invents, or a wrong count, is named.
// Proofs are fetched in JSON-RPC batches and verified on worker threads (the
// pool is this object's own). The object lives on its clients' thread;
// progressed and finished are emitted there.
class WalletAudit : public QObject
{
    Q_OBJECT
public:
    WalletAudit(NodeIndex *rest, NodeProver *rpc, HeaderVerifier headers,
                QObject *parent = nullptr);
    ~WalletAudit() override;

    void setHeaderVerifier(HeaderVerifier headers) { m_headers = std::move(headers); }
    void run(const Address &address, std::optional<std::uint64_t> height);
    void cancel();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void progressed(int done, int total);
    void finished(const gifscan::AuditReport &report);

private:
    void fetchIndexer();
    void fetchIndexerCount();
    void fetchHeader();
    void fetchHoldings();
    void nextBatch();
    void verified(const QList<AuditEntry> &entries);
    void finish();

    NodeIndex *m_rest;
    NodeProver *m_rpc;
    HeaderVerifier m_headers;
    QThreadPool m_pool;
    std::shared_ptr<std::atomic_bool> m_cancelled = std::make_shared<std::atomic_bool>(false);
    bool m_running = false;
    std::optional<std::uint64_t> m_requestedHeight;
    AuditReport m_report;
    QSet<QString> m_indexerKeys;
    QHash<QString, std::uint64_t> m_contentBytes; // what the node's list records say, by key
    std::uint64_t m_indexerHeight = 0;
    int m_nextObject = 0;
    int m_done = 0;
    int m_inFlight = 0;
    RequestScope m_scope; // one run at a time; workers carry its ticket
};

} // namespace gifscan
