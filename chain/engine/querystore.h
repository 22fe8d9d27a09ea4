#pragma once

#include "chain/engine/chainstate.h"
#include "chain/engine/mempool.h"
#include "chain/engine/servedchain.h"
#include "chain/store/chainstore.h"
#include "core/protocol/validatorset.h"

#include <optional>

namespace gifscan::chain {

// A read server's chain (and a webhook worker's, and each of a read
// server's readers): the tables a follower writes in PostgreSQL, or a
// node's own chain.db beside the node writing it (SQLite, opened read
// only), read only, never executed or written here. It holds no engine:
// no executor, no block making, no signing key; only the state's reader,
// the pool its node holds (mirrored) and the announcements of what the
// follower (or the node) stored. Lives on the thread that opened it.
//
// A request's reads happen between beginRead() and endRead()
// (ChainReadScope), at the head last taken up (announceStored). Each of
// them is at a sealed height no later than that head, of rows no later
// block changes, so a request costs no statement to begin or end: the
// height an answer carries is the one its data was read at. Only with no
// head taken up yet, after the connection was lost, after a take-up
// failed, or behind a pooler (whose deadline is SET LOCAL) does it begin a
// snapshot of its own, taking up the head first. Nested scopes share the
// outer one. A node's file is read the same way, and each take-up first
// checks it is still the file opened, not being rebuilt by its node
// (ChainStore::stillReadable).
class QueryStore : public ServedChain
{
    Q_OBJECT
public:
    // `options.database`: the follower's (a PostgreSQL URL or libpq's
    // words), or a node's chain.db (ChainStore::namesServer tells which);
    // `options.statementTimeoutMs`: a
    // request's bound; `options.trusted`: whose signatures the stored
    // headers must carry (else the devnet's set of `options.validators`).
    explicit QueryStore(ChainOptions options, QObject *parent = nullptr);
    ~QueryStore() override;

    // The database opened and taken up to its head. Unavailable for a
    // server away, NotYet while its follower has not made the tables or
    // stored block 0, Invalid for options that name no database, or a file
    // that is not a node's of this build (ChainStore::openReading).
    Outcome<> open();

    const ChainOptions &options() const override { return m_options; }
    const ChainView &state() const override { return m_state; }
    const Mempool &mempool() const override { return m_mempool; }
    const ValidatorSet &validators() const override { return m_validators; }
    const ChainStore &store() const override { return m_store; }
    Submission submit(std::span<const std::uint8_t> raw) override;

    // A Failure when the database cannot be read (Unavailable: away, or
    // behind what was answered; NotYet: no block yet).
    Outcome<> beginRead() override;
    void endRead() override;
    // Takes up what the follower stored since, then announces each new
    // height (blockAnnounced), in order, inside one snapshot.
    void announceStored() override;

    // The mirror of its node's pool (MempoolMirror): a pending transaction
    // the node holds, taken when it decodes and is signed for this chain
    // (the node's word for the rest: it applied the pool's rules); and one
    // the node no longer holds. What the blocks taken up mined leaves the
    // mirror as they are taken up.
    bool mirrorPending(std::span<const std::uint8_t> raw);
    static constexpr std::size_t kPrunedSenders = 256; // pruned as blocks are taken up
    void dropPending(const Hash32 &hash) { m_mempool.remove(hash); }

    // A reader's (ReaderPool): its pool stays empty, and what each request
    // asked of it is noted, so that the node thread answers again only a
    // request its own pool could answer otherwise.
    void recordPoolAsks() { m_mempool.recordAsks(); }
    MempoolAsked takePoolAsked() { return m_mempool.takeAsked(); }
    // The node's transactions a request looked for, lent to a reader's pool
    // while the request is answered again; taken back after (the asks of
    // taking them back dropped too).
    void lendPending(const std::vector<PendingTx> &txs);
    void takeBackLent();

private:
    // Opens a read scope; `takeUp`: always in a snapshot, the head taken
    // up first (announceStored's).
    Outcome<> beginReading(bool takeUp);
    void endTransaction();      // the read scope's, committed (or gone with its connection)
    Outcome<> takeUpStored();   // to the database's head
    Failure noBlockYet() const; // before the follower stored block 0

    ChainOptions m_options;
    ValidatorSet m_validators;
    ChainState m_state;
    Mempool m_mempool;
    ChainStore m_store;
    int m_readDepth = 0;
    bool m_readTransaction = false; // the outermost scope began one
    bool m_headCurrent = false;     // the last take-up worked: requests may read at its head
    std::optional<std::uint64_t> m_announced; // the last height announced
    std::vector<Hash32> m_lent;               // in the pool for one request
};

} // namespace gifscan::chain
