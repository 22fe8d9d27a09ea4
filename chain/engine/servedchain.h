#pragma once

#include "core/base/bytes.h"
#include "core/base/outcome.h"

#include <QObject>
#include <QString>
#include <span>

namespace gifscan {
class ValidatorSet;
}

// What a server reads through these is its own include: this header is in
// every server's, and the state's and pool's headers are not small.
namespace gifscan::chain {

struct ChainOptions;
class ChainStore;
class ChainView;
class Mempool;

// Why a transaction was dropped at the edge (PROTOCOL §3), or none.
struct Submission
{
    Hash32 hash{};
    QString reason;  // malformed, unsigned, bad-signature, wrong-chain, underpriced, ...
    QString message; // the same in words
    bool accepted() const { return reason.isEmpty(); }
};

// What the servers (REST, JSON-RPC, GraphQL, websocket, webhooks) serve
// from, and all they may do with it: read the state and the pool, hand in
// a transaction, read a request as one snapshot, and hear of new blocks.
// Two kinds, as graph-node's writable and query stores: the node's engine
// (Chain), which makes or follows the blocks it serves, and a read
// server's QueryStore, which reads what a follower stored and writes
// nothing. Lives on the thread that serves from it.
class ServedChain : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual const ChainOptions &options() const = 0;
    virtual const ChainView &state() const = 0;
    virtual const Mempool &mempool() const = 0;
    virtual const ValidatorSet &validators() const = 0;
    virtual const ChainStore &store() const = 0;

    // A signed transaction handed in: the node's edge (PROTOCOL §3), or
    // "unavailable" from a store that takes none (a read server forwards
    // them to its node instead, TransactionForwarder).
    virtual Submission submit(std::span<const std::uint8_t> raw) = 0;

    // A request's reads as one snapshot (ChainReadScope), at the head last
    // taken up. Nothing on the node's own file, whose one thread writes and
    // reads it. A Failure when the store cannot be read now, the scope not
    // begun.
    virtual Outcome<> beginRead() { return success(); }
    virtual void endRead() {}
    // Takes up what a follower stored since and announces each new height;
    // the node announces its own blocks as it stores them.
    virtual void announceStored() {}

    // Making blocks (the node's), and no more of them.
    virtual void start() {}
    virtual void stop() {}

Q_SIGNALS:
    // A block is stored and readable at this height (in order).
    void blockAnnounced(quint64 height);
    void failed(const QString &error);
};

} // namespace gifscan::chain
