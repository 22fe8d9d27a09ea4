#pragma once

#include "core/client/nodeprover.h"
#include "core/verify/blockevents.h"
#include "core/verify/headerverifier.h"

#include <QObject>
#include <QPointer>

namespace gifscan {

// Whether a node's event happened, proven from its block.
struct EventVerdict
{
    enum class Kind {
        Proven,     // its block's transactions and the object's proven states make it
        NotProven,  // they do not: the node's event is its word only (the words say why)
        Unanswered, // the node did not give what the proof needs: no verdict
    };
    Kind kind = Kind::NotProven;
    QString why;
    bool proven() const { return kind == Kind::Proven; }
};

// Proves what a node says happened to an object (PROTOCOL "Events, proven";
// the TS client's events.ts does the same): the block's transactions as
// broadcast recompute its verified header's txRoot and txCount; the event's
// transaction is among them; and the object's proven owner before the block
// (against the verified header below it) and after it decides, with
// decideEvents, that its transactions made exactly this event. A sale or
// delist of an object listed before the block takes the seller and price
// from its list transaction, proven in its own block. Lives on the thread of
// its NodeProver; `done` runs there, only while `context` lives.
class EventProver : public QObject
{
    Q_OBJECT
public:
    EventProver(NodeProver *rpc, HeaderVerifier headers, QObject *parent = nullptr);
    void setHeaderVerifier(HeaderVerifier headers) { m_headers = std::move(headers); }

    // `header`: the event's block, already verified by the caller.
    void prove(const ActivityEntry &event, const BlockHeader &header, QObject *context,
               std::function<void(const EventVerdict &)> done);

private:
    struct Job;
    using Raws = std::function<void(const QList<Bytes> &raws)>;
    // A block's transactions, every page, checked against its header; on
    // failure the job ends with why.
    void rawBlock(const std::shared_ptr<Job> &job, const BlockHeader &header, Raws done);
    void rawPage(const std::shared_ptr<Job> &job, const BlockHeader &header,
                 std::shared_ptr<QList<Bytes>> raws, qint64 from, Raws done);
    void blockRead(const std::shared_ptr<Job> &job, const QList<Bytes> &raws);
    void belowRead(const std::shared_ptr<Job> &job);
    void ownerAt(const std::shared_ptr<Job> &job, const BlockHeader &header,
                 std::function<void(const std::optional<Address> &)> done);
    void listingRead(const std::shared_ptr<Job> &job);
    void listingTookEffect(const std::shared_ptr<Job> &job, const Hash32 &txHash,
                           const QList<ObjectTransaction> &txs, const BlockHeader &listedIn);
    void decide(const std::shared_ptr<Job> &job);
    // The verified header below `above` (height 1 or more), which must be its
    // parent; on failure the job ends with why.
    void parentHeader(const std::shared_ptr<Job> &job, const BlockHeader &above,
                      std::function<void(const BlockHeader &)> done);
    // The header at `height`, verified; on failure the job ends with why.
    void verifiedHeader(const std::shared_ptr<Job> &job, std::uint64_t height,
                        std::function<void(const BlockHeader &)> done);
    static void end(const std::shared_ptr<Job> &job, EventVerdict::Kind kind, const QString &why);
    static void failed(const std::shared_ptr<Job> &job, const ClientError &error,
                       const QString &what);

    NodeProver *m_rpc;
    HeaderVerifier m_headers;
};

} // namespace gifscan
