#include "core/verify/eventprover.h"

#include "core/protocol/recordcodec.h"
#include "core/verify/objectproof.h"

#include <QJsonObject>

namespace gifscan {

struct EventProver::Job
{
    ActivityEntry event;
    BlockHeader header;
    BlockHeader below;
    QList<ObjectTransaction> txs; // the block's on the event's object, in order
    ObjectState before;
    QPointer<QObject> context;
    std::function<void(const EventVerdict &)> done;
    bool ended = false;
};

EventProver::EventProver(NodeProver *rpc, HeaderVerifier headers, QObject *parent)
    : QObject(parent), m_rpc(rpc), m_headers(std::move(headers))
{
}

void EventProver::end(const std::shared_ptr<Job> &job, EventVerdict::Kind kind, const QString &why)
{
    if (job->ended || !job->context)
        return;
    job->ended = true;
    job->done({kind, why});
}

void EventProver::failed(const std::shared_ptr<Job> &job, const ClientError &error,
                         const QString &what)
{
    end(job, error.isUnanswered() ? EventVerdict::Kind::Unanswered : EventVerdict::Kind::NotProven,
        QStringLiteral("%1: %2").arg(what, error.toString()));
}

void EventProver::prove(const ActivityEntry &event, const BlockHeader &header, QObject *context,
                        std::function<void(const EventVerdict &)> done)
{
    auto job = std::make_shared<Job>();
    job->event = event;
    job->header = header;
    job->context = context;
    job->done = std::move(done);
    if (event.height != header.height)
        return end(job, EventVerdict::Kind::NotProven,
                   QStringLiteral("the event is of block %1, not %2")
                       .arg(event.height)
                       .arg(header.height));
    rawBlock(job, header, [this, job](const QList<Bytes> &raws) { blockRead(job, raws); });
}

void EventProver::rawBlock(const std::shared_ptr<Job> &job, const BlockHeader &header, Raws done)
{
    rawPage(job, header, std::make_shared<QList<Bytes>>(), 0, std::move(done));
}

void EventProver::rawPage(const std::shared_ptr<Job> &job, const BlockHeader &header,
                          std::shared_ptr<QList<Bytes>> raws, qint64 from, Raws done)
{
    if (!job->context)
        return;
    const QList<NodeProver::Call> call{
        {QStringLiteral("gif_getRawBlock"), {static_cast<qint64>(header.height), from}}};
    m_rpc->batch(call, job->context, [=, this](const QList<Result<QJsonValue>> &answers) {
        const Result<QJsonValue> page = answers.value(0);
        if (!page.ok())
            return failed(job, page.error, QStringLiteral("block %1").arg(header.height));
        const QJsonObject o = page.value->toObject();
        if (!o.value(QStringLiteral("transactions")).isArray())
            return end(job, EventVerdict::Kind::NotProven,
                       QStringLiteral("block %1's page has no transactions").arg(header.height));
        for (const QJsonValue &t : o.value(QStringLiteral("transactions")).toArray()) {
            const auto raw = parseHex(t.toString());
            // A node that pages on past what the header counts is lying.
            if (!raw || static_cast<std::uint64_t>(raws->size()) >= header.txCount)
                return end(job, EventVerdict::Kind::NotProven,
                           QStringLiteral("block %1's transactions are not the %2 its header "
                                          "counts")
                               .arg(header.height)
                               .arg(header.txCount));
            raws->append(*raw);
        }
        const QJsonValue next = o.value(QStringLiteral("next"));
        if (!next.isNull()) {
            // `next` is the index of the next transaction: the count so far,
            // or the pages do not add up (empty pages for ever among them).
            const qint64 at = next.toInteger(-1);
            if (at != raws->size() || at <= from)
                return end(job, EventVerdict::Kind::NotProven,
                           QStringLiteral("block %1's pages do not add up").arg(header.height));
            return rawPage(job, header, raws, at, done);
        }
        if (static_cast<std::uint64_t>(raws->size()) != header.txCount ||
            transactionsRoot(*raws) != header.txRoot)
            return end(job, EventVerdict::Kind::NotProven,
                       QStringLiteral("the transactions the node gives for block %1 do not make "
                                      "its header's txRoot and txCount")
                           .arg(header.height));
        done(*raws);
    });
}

void EventProver::blockRead(const std::shared_ptr<Job> &job, const QList<Bytes> &raws)
{
    bool named = false;
    for (qsizetype i = 0; i < raws.size(); ++i) {
        const auto tx = objectTransaction(raws[i], static_cast<int>(i));
        if (!tx || tx->key != job->event.key)
            continue;
        named = named || tx->hash == job->event.txHash;
        job->txs.append(*tx);
    }
    if (!named)
        return end(job, EventVerdict::Kind::NotProven,
                   QStringLiteral("block %1 holds no transaction %2 on %3")
                       .arg(job->header.height)
                       .arg(toHexString(job->event.txHash), job->event.key));
    if (job->header.height == 0)
        return decide(job); // nothing existed before genesis
    parentHeader(job, job->header, [this, job](const BlockHeader &below) {
        job->below = below;
        belowRead(job);
    });
}

void EventProver::belowRead(const std::shared_ptr<Job> &job)
{
    ownerAt(job, job->below, [this, job](const std::optional<Address> &owner) {
        job->before.owner = owner;
        const bool listedBefore = owner == escrowAddress(objectKey(job->event.key));
        const bool needsListing =
            std::any_of(job->txs.begin(), job->txs.end(), [](const ObjectTransaction &t) {
                return t.kind == TxKind::Delist || t.kind == TxKind::Buy;
            });
        if (listedBefore && needsListing)
            return listingRead(job);
        decide(job);
    });
}

void EventProver::ownerAt(const std::shared_ptr<Job> &job, const BlockHeader &header,
                          std::function<void(const std::optional<Address> &)> done)
{
    if (!job->context)
        return;
    const ActivityEntry &e = job->event;
    m_rpc->proof(
        e.slug, e.tokenId, header.height, job->context,
        [job, header, done](const Result<ObjectProof> &p) {
            if (!p.ok())
                return failed(job, p.error, QStringLiteral("the proof of %1").arg(job->event.key));
            const ProofVerdict v = verifyProof(*p.value, job->event.key, header.objectRoot);
            if (v.kind == ProofVerdictKind::VerifiedOwner)
                return done(v.owner);
            if (v.kind == ProofVerdictKind::VerifiedAbsent)
                return done(std::nullopt);
            end(job, EventVerdict::Kind::NotProven,
                QStringLiteral("the proof of %1 at %2: %3")
                    .arg(job->event.key)
                    .arg(header.height)
                    .arg(v.detail));
        });
}

// The listing of an object in escrow before the block: its list
// transaction, proven to have taken effect in its own block, says the
// seller and the price. A node that names none leaves it not listed (then
// no delist or buy of it takes effect, and its proven owner after the
// block decides).
void EventProver::listingRead(const std::shared_ptr<Job> &job)
{
    if (!job->context)
        return;
    const ActivityEntry &e = job->event;
    const QList<NodeProver::Call> call{
        {QStringLiteral("gif_getListing"),
         {e.slug, static_cast<qint64>(e.tokenId), static_cast<qint64>(job->below.height)}}};
    m_rpc->batch(call, job->context, [this, job](const QList<Result<QJsonValue>> &answers) {
        const Result<QJsonValue> l = answers.value(0);
        if (!l.ok())
            return failed(job, l.error, QStringLiteral("the listing of %1").arg(job->event.key));
        const QJsonObject o = l.value->toObject();
        const auto at = jsonUint(o.value(QStringLiteral("listedAt")));
        const auto txHash = parseHash(o.value(QStringLiteral("txHash")).toString());
        if (!at || !txHash || *at > job->below.height)
            return decide(job);
        verifiedHeader(job, *at, [this, job, txHash](const BlockHeader &listedIn) {
            rawBlock(job, listedIn, [this, job, txHash, listedIn](const QList<Bytes> &raws) {
                QList<ObjectTransaction> txs;
                for (qsizetype i = 0; i < raws.size(); ++i) {
                    const auto tx = objectTransaction(raws[i], static_cast<int>(i));
                    if (tx && tx->key == job->event.key)
                        txs.append(*tx);
                }
                listingTookEffect(job, *txHash, txs, listedIn);
            });
        });
    });
}

// The list transaction `txHash` took effect in `listedIn` and is the last
// thing that block did to the object: from the object's proven owner below
// that block and in it, as for any event.
void EventProver::listingTookEffect(const std::shared_ptr<Job> &job, const Hash32 &txHash,
                                    const QList<ObjectTransaction> &txs,
                                    const BlockHeader &listedIn)
{
    const auto judge = [this, job, txHash, txs, listedIn](const std::optional<Address> &before) {
        const Address escrow = escrowAddress(objectKey(job->event.key));
        if (before == escrow)
            return end(job, EventVerdict::Kind::NotProven,
                       QStringLiteral("%1 was listed in block %2 while already in escrow: which "
                                      "listing holds is not proven")
                           .arg(job->event.key)
                           .arg(listedIn.height));
        ownerAt(job, listedIn,
                [this, job, txHash, txs, listedIn, before](const std::optional<Address> &after) {
                    const auto decided = decideEvents(txs, {before, {}, 0}, after, listedIn);
                    const auto *events = std::get_if<QList<ActivityEntry>>(&decided);
                    if (!events || events->isEmpty() || events->last().txHash != txHash ||
                        events->last().type != QLatin1String("list"))
                        return end(job, EventVerdict::Kind::NotProven,
                                   QStringLiteral("the listing the node names for %1 did not take "
                                                  "effect in block %2")
                                       .arg(job->event.key)
                                       .arg(listedIn.height));
                    job->before.seller = *events->last().from;
                    job->before.price = events->last().price.value_or(0);
                    decide(job);
                });
    };
    if (listedIn.height == 0)
        return judge(std::nullopt);
    parentHeader(job, listedIn,
                 [this, job, judge](const BlockHeader &below) { ownerAt(job, below, judge); });
}

void EventProver::decide(const std::shared_ptr<Job> &job)
{
    ownerAt(job, job->header, [job](const std::optional<Address> &after) {
        const auto decided = decideEvents(job->txs, job->before, after, job->header);
        if (const QString *why = std::get_if<QString>(&decided))
            return end(job, EventVerdict::Kind::NotProven, *why);
        const ActivityEntry &e = job->event;
        for (const ActivityEntry &made : std::get<QList<ActivityEntry>>(decided)) {
            if (made.txHash == e.txHash && made.type == e.type && made.from == e.from &&
                made.to == e.to && made.price == e.price)
                return end(job, EventVerdict::Kind::Proven, {});
        }
        end(job, EventVerdict::Kind::NotProven,
            QStringLiteral("block %1's transactions on %2 make no such %3")
                .arg(e.height)
                .arg(e.key, e.type));
    });
}

void EventProver::parentHeader(const std::shared_ptr<Job> &job, const BlockHeader &above,
                               std::function<void(const BlockHeader &)> done)
{
    verifiedHeader(job, above.height - 1, [job, above, done](const BlockHeader &below) {
        if (below.hash != above.parentHash)
            return end(
                job, EventVerdict::Kind::NotProven,
                QStringLiteral("the header below block %1 is not its parent").arg(above.height));
        done(below);
    });
}

void EventProver::verifiedHeader(const std::shared_ptr<Job> &job, std::uint64_t height,
                                 std::function<void(const BlockHeader &)> done)
{
    if (!job->context)
        return;
    m_rpc->block(height, false, job->context, [this, job, height, done](const Result<Block> &b) {
        if (!b.ok())
            return failed(job, b.error, QStringLiteral("the header at %1").arg(height));
        const HeaderVerdict v = m_headers.verifyAt(b.value->header, height);
        if (!v.verified())
            return end(job, EventVerdict::Kind::NotProven,
                       QStringLiteral("the header at %1: %2").arg(height).arg(v.detail));
        done(b.value->header);
    });
}

} // namespace gifscan
