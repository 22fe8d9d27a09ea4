#include "core/walletaudit.h"

#include "core/recordcodec.h"
#include "core/restclient.h"
#include "core/rpcclient.h"

namespace gifscan {

namespace {
constexpr int kBatch = 50;
constexpr int kBatchesInFlight = 2;
} // namespace

QString AuditEntry::outcomeName(Outcome o)
{
    switch (o) {
    case Outcome::Verified: return QStringLiteral("verified");
    case Outcome::Absent: return QStringLiteral("absent");
    case Outcome::Mismatch: return QStringLiteral("mismatch");
    case Outcome::Failed: return QStringLiteral("failed");
    }
    return {};
}

int AuditReport::count(AuditEntry::Outcome outcome) const
{
    return static_cast<int>(std::count_if(entries.begin(), entries.end(), [outcome](const AuditEntry &e) { return e.outcome == outcome; }));
}

bool AuditReport::holds() const
{
    return error.ok() && !cancelled && headerHashOk && count(AuditEntry::Outcome::Verified) == entries.size();
}

QString AuditReport::toCsv() const
{
    auto field = [](QString s) {
        if (s.contains(u',') || s.contains(u'"') || s.contains(u'\n'))
            s = u'"' + s.replace(u'"', QStringLiteral("\"\"")) + u'"';
        return s;
    };
    QString csv = QStringLiteral("key,outcome,proven_owner,node_lists,indexer_lists,height,detail\n");
    for (const AuditEntry &e : entries) {
        csv += field(e.key) + u',' + AuditEntry::outcomeName(e.outcome) + u',' + (e.provenOwner ? toHexString(*e.provenOwner) : QString())
               + u',' + (e.nodeLists ? QStringLiteral("yes") : QStringLiteral("no")) + u','
               + (indexerCompared ? (e.indexerLists ? QStringLiteral("yes") : QStringLiteral("no")) : QStringLiteral("n/a")) + u','
               + QString::number(height) + u',' + field(e.detail) + u'\n';
    }
    return csv;
}

WalletAudit::WalletAudit(RestClient *rest, RpcClient *rpc, QObject *parent) : QObject(parent), m_rest(rest), m_rpc(rpc)
{
    m_pool.setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
}

WalletAudit::~WalletAudit()
{
    *m_cancelled = true;
    m_pool.waitForDone(); // workers post to this object: none may outlive it
}

void WalletAudit::run(const Address &address, std::optional<std::uint64_t> height)
{
    if (m_running)
        return;
    m_running = true;
    *m_cancelled = false;
    m_context = std::make_unique<QObject>();
    m_requestedHeight = height;
    m_report = AuditReport{};
    m_report.address = address;
    m_indexerKeys.clear();
    m_owned.clear();
    m_nextLeaf = m_done = m_inFlight = 0;
    fetchIndexer();
}

void WalletAudit::cancel()
{
    if (!m_running)
        return;
    *m_cancelled = true;
    m_context.reset(); // drops the callbacks of requests under way
    m_report.cancelled = true;
    finish();
}

void WalletAudit::fetchIndexer()
{
    RestClient::ObjectQuery q;
    q.owner = m_report.address;
    m_rest->walk<ObjectRecord>(
        [this, q](const QString &cursor, RestClient::Done<Page<ObjectRecord>> next) { m_rest->objects(q, cursor, 100, m_context.get(), next); },
        [this](const Page<ObjectRecord> &page) {
            m_indexerHeight = page.height;
            for (const auto &o : page.data)
                m_indexerKeys.insert(o.key);
            return true;
        },
        [this](const ClientError &e) {
            // Without the indexer the audit still proves what the node says.
            m_report.height = m_requestedHeight.value_or(m_indexerHeight);
            m_report.indexerCompared = e.ok() && m_indexerHeight == m_report.height;
            if (!e.ok() && !m_requestedHeight) {
                m_report.error = e;
                return finish();
            }
            fetchHeader();
        });
}

void WalletAudit::fetchHeader()
{
    m_rpc->block(m_report.height, false, m_context.get(), [this](const Result<Block> &b) {
        if (!b.ok()) {
            m_report.error = b.error;
            return finish();
        }
        m_report.header = b.value->header;
        m_report.headerHashOk = m_report.header.hashIsValid();
        fetchOwnership();
    });
}

void WalletAudit::fetchOwnership()
{
    m_rpc->ownership(m_report.address, m_report.height, m_context.get(), [this](const Result<QList<OwnedLeaf>> &owned) {
        if (!owned.ok()) {
            m_report.error = owned.error;
            return finish();
        }
        m_owned = *owned.value;
        Q_EMIT progressed(0, static_cast<int>(m_owned.size()));
        if (m_owned.isEmpty())
            return finish();
        for (int i = 0; i < kBatchesInFlight; ++i)
            nextBatch();
    });
}

void WalletAudit::nextBatch()
{
    if (m_nextLeaf >= m_owned.size() || *m_cancelled)
        return;
    const int begin = m_nextLeaf;
    const int end = std::min<int>(begin + kBatch, static_cast<int>(m_owned.size()));
    m_nextLeaf = end;
    ++m_inFlight;
    QList<RpcClient::Call> calls;
    for (int i = begin; i < end; ++i)
        calls.append({QStringLiteral("gif_proof"), {m_owned[i].slug, static_cast<qint64>(m_owned[i].tokenId), static_cast<qint64>(m_report.height)}});
    const QList<OwnedLeaf> leaves = m_owned.mid(begin, end - begin);
    m_rpc->batch(calls, m_context.get(), [this, leaves](const QList<Result<QJsonValue>> &answers) {
        const Hash32 root = m_report.header.objectRoot;
        const Address address = m_report.address;
        auto cancelled = m_cancelled;
        // Decoding and hashing go to the pool; only results come back here.
        m_pool.start([this, leaves, answers, root, address, cancelled] {
            QList<AuditEntry> entries;
            for (qsizetype i = 0; i < leaves.size() && !*cancelled; ++i) {
                AuditEntry e;
                e.key = leaves[i].key;
                e.nodeLists = true;
                ObjectProof proof;
                DecodeError error;
                if (!answers[i].ok()) {
                    e.detail = answers[i].error.toString();
                } else if (!RecordCodec::decode(*answers[i].value, QStringLiteral("result"), &proof, &error)) {
                    e.detail = error.toString();
                } else {
                    const ProofVerdict v = verifyProof(proof, leaves[i].key, root);
                    if (v.kind == ProofVerdictKind::VerifiedOwner) {
                        e.provenOwner = v.owner;
                        e.outcome = v.owner == address ? AuditEntry::Outcome::Verified : AuditEntry::Outcome::Mismatch;
                        e.detail = v.owner == address ? QString() : QStringLiteral("the node lists it, the proof says %1 owns it").arg(toHexString(v.owner));
                    } else if (v.kind == ProofVerdictKind::VerifiedAbsent) {
                        e.outcome = AuditEntry::Outcome::Absent;
                        e.detail = QStringLiteral("the node lists it, the proof says it does not exist");
                    } else {
                        e.detail = v.detail;
                    }
                }
                entries.append(e);
            }
            QMetaObject::invokeMethod(this, [this, entries] { verified(entries); }, Qt::QueuedConnection);
        });
    });
}

void WalletAudit::verified(const QList<AuditEntry> &entries)
{
    if (!m_running)
        return;
    --m_inFlight;
    m_report.entries += entries;
    m_done += static_cast<int>(entries.size());
    Q_EMIT progressed(m_done, static_cast<int>(m_owned.size()));
    if (m_nextLeaf < m_owned.size())
        nextBatch();
    else if (m_inFlight == 0)
        finish();
}

void WalletAudit::finish()
{
    if (!m_running)
        return;
    m_running = false;
    if (m_report.indexerCompared && !m_report.cancelled && m_report.error.ok()) {
        QSet<QString> nodeKeys;
        for (AuditEntry &e : m_report.entries) {
            nodeKeys.insert(e.key);
            e.indexerLists = m_indexerKeys.contains(e.key);
            if (!e.indexerLists && e.outcome == AuditEntry::Outcome::Verified) {
                e.outcome = AuditEntry::Outcome::Mismatch;
                e.detail = QStringLiteral("proven here, but the indexer does not list it");
            }
        }
        for (const QString &key : std::as_const(m_indexerKeys)) {
            if (!nodeKeys.contains(key))
                m_report.entries.append({key, AuditEntry::Outcome::Mismatch, std::nullopt, false, true,
                                         QStringLiteral("the indexer lists it, the node does not")});
        }
    }
    std::sort(m_report.entries.begin(), m_report.entries.end(), [](const AuditEntry &a, const AuditEntry &b) { return a.key < b.key; });
    Q_EMIT finished(m_report);
}

} // namespace gifscan
