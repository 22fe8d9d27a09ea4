#include "core/verify/walletaudit.h"

#include "core/client/nodeindex.h"
#include "core/client/nodeprover.h"
#include "core/crypto/sha256.h"
#include "core/protocol/commitments.h"
#include "core/protocol/recordcodec.h"
#include "core/protocol/transaction.h"
#include "core/support/csvfield.h"

namespace gifscan {

namespace {
// A batch holds at most 50 objects (100 calls, the node's most) and at most
// kBatchAnswerBytes of expected answer, half the node's 16 MiB answer limit,
// counted from the sizes the node's list records give; an object whose size
// no record gave counts as the largest content the protocol allows, so a
// batch never passes the limit. (A node with a smaller limit still gets its
// answer: what it declines is asked again in the next batch.)
constexpr int kBatch = 50;
constexpr qint64 kBatchAnswerBytes = 8 * 1024 * 1024;
constexpr qint64 kProofAnswerBytes = 24 * 1024; // 256 siblings, each 68 characters, and the rest
constexpr int kBatchesInFlight = 2;

// What the answers to one object's proof and content take: its content in
// hex, twice its size, besides the proof.
qint64 expectedAnswerBytes(std::optional<std::uint64_t> contentBytes)
{
    const qint64 content =
        contentBytes ? static_cast<qint64>(std::min<std::uint64_t>(*contentBytes, 1u << 30))
                     : static_cast<qint64>(kMaxContentBytes); // PROTOCOL §3's most
    return kProofAnswerBytes + 2 * content + 64;
}
} // namespace

QString AuditEntry::outcomeName(Outcome o)
{
    switch (o) {
    case Outcome::Verified:
        return QStringLiteral("verified");
    case Outcome::Absent:
        return QStringLiteral("absent");
    case Outcome::Mismatch:
        return QStringLiteral("mismatch");
    case Outcome::Failed:
        return QStringLiteral("failed");
    case Outcome::Unchecked:
        return QStringLiteral("unchecked");
    }
    return {};
}

int AuditReport::count(AuditEntry::Outcome outcome) const
{
    return static_cast<int>(
        std::count_if(entries.begin(), entries.end(),
                      [outcome](const AuditEntry &e) { return e.outcome == outcome; }));
}

bool AuditReport::proven() const
{
    if (!error.ok() || cancelled || !headerVerdict.verified() || !holdingsVerdict ||
        !holdingsVerdict->holds())
        return false;
    // Every object of the set proven to be the address's, with its content;
    // what the indexer thinks of it is another question (holds()).
    QStringList proven;
    for (const AuditEntry &e : entries) {
        if (!e.inHoldings)
            continue;
        if (e.provenOwner != address || e.outcome == AuditEntry::Outcome::Failed)
            return false;
        proven << e.key;
    }
    // Every object of the set, each once, and nothing else.
    QStringList all = holdings.objects;
    all.sort();
    proven.sort();
    return proven == all;
}

AuditReport::Status AuditReport::status() const
{
    if (holds())
        return Status::Proven;
    // The header or the holdings never came: no answer is no verdict; an
    // answer that does not read is the node's, and fails.
    if (!error.ok())
        return error.isUnanswered() ? Status::Unfinished : Status::NotProven;
    if (cancelled)
        return Status::Unfinished;
    // A failing verdict wins over anything left unchecked.
    const bool failed = !headerVerdict.verified() || !holdingsVerdict ||
                        !holdingsVerdict->holds() || countMismatch() ||
                        std::any_of(entries.begin(), entries.end(), [](const AuditEntry &e) {
                            return e.outcome != AuditEntry::Outcome::Verified &&
                                   e.outcome != AuditEntry::Outcome::Unchecked;
                        });
    if (failed)
        return Status::NotProven;
    return count(AuditEntry::Outcome::Unchecked) > 0 ? Status::Unfinished : Status::NotProven;
}

bool AuditReport::holds() const
{
    return proven() && !countMismatch() && count(AuditEntry::Outcome::Verified) == entries.size();
}

QString AuditReport::toCsv() const
{
    const auto field = csvField;
    QString csv =
        QStringLiteral("key,outcome,proven_owner,in_holdings,indexer_lists,height,detail\n");
    for (const AuditEntry &e : entries) {
        csv += field(e.key) + u',' + AuditEntry::outcomeName(e.outcome) + u',' +
               (e.provenOwner ? toHexString(*e.provenOwner) : QString()) + u',' +
               (e.inHoldings ? QStringLiteral("yes") : QStringLiteral("no")) + u',' +
               (indexerCompared ? (e.indexerLists ? QStringLiteral("yes") : QStringLiteral("no"))
                                : QStringLiteral("n/a")) +
               u',' + QString::number(height) + u',' + field(e.detail) + u'\n';
    }
    return csv;
}

WalletAudit::WalletAudit(NodeIndex *rest, NodeProver *rpc, HeaderVerifier headers, QObject *parent)
    : QObject(parent), m_rest(rest), m_rpc(rpc), m_headers(std::move(headers))
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
    // Workers of an earlier, cancelled run keep their own flag; what they
    // post back carries their run's number and is dropped.
    m_cancelled = std::make_shared<std::atomic_bool>(false);
    m_scope.renew();
    m_requestedHeight = height;
    m_report = AuditReport{};
    m_report.address = address;
    m_indexerKeys.clear();
    m_contentBytes.clear();
    m_nextObject = m_done = m_inFlight = 0;
    fetchIndexer();
}

void WalletAudit::cancel()
{
    if (!m_running)
        return;
    *m_cancelled = true;
    m_scope.renew(); // drops the callbacks of requests under way
    m_report.cancelled = true;
    finish();
}

void WalletAudit::fetchIndexer()
{
    NodeIndex::ObjectQuery q;
    q.owner = m_report.address;
    m_rest->walk<ObjectRecord>(
        [this, q](const QString &cursor, NodeIndex::Done<Page<ObjectRecord>> next) {
            m_rest->objects(q, cursor, 100, m_scope.context(), next);
        },
        [this](const Page<ObjectRecord> &page) {
            m_indexerHeight = page.height;
            for (const auto &o : page.data) {
                m_indexerKeys.insert(o.key);
                // A content never changes: its size holds at any height.
                if (o.bytes > 0)
                    m_contentBytes.insert(o.key, o.bytes);
            }
            return true;
        },
        [this](const ClientError &e) {
            // Without the indexer the audit still proves what the node says.
            m_report.height = m_requestedHeight.value_or(m_indexerHeight);
            m_report.indexerCompared = e.ok() && m_indexerHeight == m_report.height;
            if (e.ok() || m_requestedHeight)
                return fetchIndexerCount();
            // The proof needs no indexer: the node's head is height enough.
            m_rpc->blockNumber(m_scope.context(), [this](const Result<std::uint64_t> &head) {
                if (!head.ok()) {
                    m_report.error = head.error;
                    return finish();
                }
                m_report.height = *head.value;
                fetchHeader();
            });
        });
}

void WalletAudit::fetchIndexerCount()
{
    // The indexer's count, beside its list: a wallet page that says 12 while
    // the proof says 11 is a finding too. At the report's height: asked at
    // the head, it was left uncompared whenever a block came between the
    // list and it, and always for an audit at a past height.
    m_rest->wallet(m_report.address, m_report.height, m_scope.context(),
                   [this](const Result<Wallet> &w) {
                       if (w.ok() && w.height == m_report.height) {
                           std::uint64_t n = 0;
                           for (const auto &h : w.value->holdings)
                               n += h.second;
                           m_report.indexerCount = n;
                       }
                       fetchHeader();
                   });
}

void WalletAudit::fetchHeader()
{
    m_rpc->block(m_report.height, false, m_scope.context(), [this](const Result<Block> &b) {
        if (!b.ok()) {
            m_report.error = b.error;
            return finish();
        }
        m_report.header = b.value->header;
        m_report.headerVerdict = m_headers.verifyAt(m_report.header, m_report.height);
        // Nothing is proven against a header the trusted validators did not sign.
        if (!m_report.headerVerdict.verified())
            return finish();
        fetchHoldings();
    });
}

void WalletAudit::fetchHoldings()
{
    m_rpc->holdingsProof(
        m_report.address, m_report.height, m_scope.context(),
        [this](const Result<HoldingsProof> &p) {
            if (!p.ok()) {
                m_report.error = p.error;
                return finish();
            }
            m_report.holdings = *p.value;
            const HoldingsVerdict v =
                p.value->owner != m_report.address || p.value->height != m_report.height
                    ? HoldingsVerdict{HoldingsVerdictKind::RootMismatch,
                                      0,
                                      {},
                                      QStringLiteral(
                                          "the holdings proof is for another address or height")}
                    : verifyHoldings(*p.value, m_report.header.holdingsRoot);
            m_report.holdingsVerdict = v;
            if (!v.holds())
                return finish();
            Q_EMIT progressed(0, static_cast<int>(m_report.holdings.objects.size()));
            if (m_report.holdings.objects.isEmpty())
                return finish();
            for (int i = 0; i < kBatchesInFlight; ++i)
                nextBatch();
        });
}

namespace {

// Each object's proof and its content, so that the GIF, not only the owner,
// is what the header commits to.
QList<NodeProver::Call> proofAndContentCalls(const QStringList &keys, std::uint64_t height)
{
    QList<NodeProver::Call> calls;
    for (const QString &key : keys) {
        QString slug;
        std::uint64_t id = 0;
        parseDisplayKey(key, &slug, &id);
        const QJsonArray params{slug, static_cast<qint64>(id), static_cast<qint64>(height)};
        calls.append({QStringLiteral("gif_proof"), params});
        calls.append({QStringLiteral("gif_getObjectBytes"), params});
    }
    return calls;
}

// One object the holdings name, checked from the node's two answers: its
// proof to `root` must name `address`, and its content hash to the leaf's.
// Pure: it runs on the pool's threads.
AuditEntry auditObject(const QString &key, const Result<QJsonValue> &p,
                       const Result<QJsonValue> &bytes, const Hash32 &root, const Address &address)
{
    AuditEntry e;
    e.key = key;
    e.inHoldings = true;
    ObjectProof proof;
    DecodeError error;
    std::optional<Bytes> content = bytes.ok() ? parseHex(bytes.value->toString()) : std::nullopt;
    // A verdict comes only from bytes checked against the header: an error
    // in place of an answer (declined, not found, refused) is none, and the
    // object stays to be checked. An answer that does not read is the node's
    // and fails below.
    for (const Result<QJsonValue> *answer : {&p, &bytes}) {
        const ClientError &failure = answer->error;
        if (!failure.ok() && failure.kind != ClientError::Kind::Decode &&
            failure.kind != ClientError::Kind::TooLarge) {
            e.outcome = AuditEntry::Outcome::Unchecked;
            e.detail = failure.toString();
            return e;
        }
    }
    if (!p.ok()) {
        e.detail = p.error.toString();
        return e;
    }
    if (!RecordCodec::decode(*p.value, QStringLiteral("result"), &proof, &error)) {
        e.detail = error.toString();
        return e;
    }
    const ProofVerdict v = verifyProof(proof, key, root);
    if (v.kind == ProofVerdictKind::VerifiedOwner) {
        e.provenOwner = v.owner;
        if (v.owner != address) {
            e.outcome = AuditEntry::Outcome::Mismatch;
            e.detail = QStringLiteral("the holdings name it, the proof says %1 owns it")
                           .arg(toHexString(v.owner));
        } else if (!content || sha256(*content) != proof.leaf->contentHash) {
            e.detail = bytes.ok() ? QStringLiteral("its content does not hash to what the leaf "
                                                   "commits to")
                                  : bytes.error.toString();
        } else {
            e.outcome = AuditEntry::Outcome::Verified;
        }
    } else if (v.kind == ProofVerdictKind::VerifiedAbsent) {
        e.outcome = AuditEntry::Outcome::Absent;
        e.detail = QStringLiteral("the holdings name it, the proof says it does not exist");
    } else {
        e.detail = v.detail;
    }
    return e;
}

} // namespace

void WalletAudit::nextBatch()
{
    const QStringList &objects = m_report.holdings.objects;
    if (m_nextObject >= objects.size() || *m_cancelled)
        return;
    const int begin = m_nextObject;
    const auto answerBytes = [this](const QString &key) {
        const auto size = m_contentBytes.constFind(key);
        return expectedAnswerBytes(size == m_contentBytes.cend() ? std::nullopt
                                                                 : std::optional(*size));
    };
    int end = begin + 1; // one object at least, however large
    qint64 expected = answerBytes(objects[begin]);
    while (end < objects.size() && end - begin < kBatch) {
        const qint64 next = answerBytes(objects[end]);
        if (expected + next > kBatchAnswerBytes)
            break;
        expected += next;
        ++end;
    }
    m_nextObject = end;
    ++m_inFlight;
    const QStringList keys = objects.mid(begin, end - begin);
    m_rpc->batch(proofAndContentCalls(keys, m_report.height), m_scope.context(),
                 [this, keys, run = m_scope.ticket()](const QList<Result<QJsonValue>> &answers) {
                     const Hash32 root = m_report.header.objectRoot;
                     const Address address = m_report.address;
                     auto cancelled = m_cancelled;
                     // Decoding and hashing go to the pool; only results come back here.
                     m_pool.start([this, keys, answers, root, address, cancelled, run] {
                         QList<AuditEntry> entries;
                         for (qsizetype i = 0; i < keys.size() && !*cancelled; ++i)
                             entries.append(auditObject(keys[i], answers.value(2 * i),
                                                        answers.value(2 * i + 1), root, address));
                         releaseThreadCryptoState(); // as ObjectVerifier's workers do
                         QMetaObject::invokeMethod(
                             this,
                             [this, entries, run] {
                                 if (m_scope.isCurrent(run))
                                     verified(entries);
                             },
                             Qt::QueuedConnection);
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
    Q_EMIT progressed(m_done, static_cast<int>(m_report.holdings.objects.size()));
    if (m_nextObject < m_report.holdings.objects.size())
        nextBatch();
    else if (m_inFlight == 0)
        finish();
}

void WalletAudit::finish()
{
    if (!m_running)
        return;
    m_running = false;
    const bool complete = m_report.holdingsVerdict && m_report.holdingsVerdict->holds();
    if (complete && m_report.indexerCompared && !m_report.cancelled && m_report.error.ok()) {
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
                m_report.entries.append(
                    {key, AuditEntry::Outcome::Mismatch, std::nullopt, false, true,
                     QStringLiteral("the indexer lists it, the proven holdings do not")});
        }
    }
    // As a person reads them: #4 before #12, not as text.
    std::sort(
        m_report.entries.begin(), m_report.entries.end(),
        [](const AuditEntry &a, const AuditEntry &b) { return displayKeyLess(a.key, b.key); });
    Q_EMIT finished(m_report);
}

} // namespace gifscan
