#pragma once

#include "chain/engine/chainoptions.h"
#include "chain/engine/chainstate.h"
#include "chain/engine/mempool.h"
#include "chain/engine/traffic.h"
#include "chain/store/chainstore.h"
#include "chain/store/integritycheck.h"
#include "core/base/outcome.h"
#include "core/crypto/privatekey.h"
#include "core/protocol/validatorset.h"

#include <QElapsedTimer>
#include <QLockFile>
#include <QObject>
#include <QTimer>
#include <functional>
#include <memory>
#include <random>

namespace gifscan::chain {

struct BlockContext;

// Why a transaction was dropped at the edge (PROTOCOL §3), or none.
struct Submission
{
    Hash32 hash{};
    QString reason;  // malformed, unsigned, bad-signature, wrong-chain, underpriced, ...
    QString message; // the same in words
    bool accepted() const { return reason.isEmpty(); }
};

// The chain engine: genesis, or the stored chain (or an old block log,
// imported once), the edge, block production and persistence. Lives on the
// node thread; blockAnnounced is emitted there, after the block is on disk.
class Chain : public QObject
{
    Q_OBJECT
public:
    explicit Chain(ChainOptions options, QObject *parent = nullptr);
    ~Chain() override;

    // The devnet set a chain of these options is signed by (1 to 100 keys).
    static ValidatorSet validatorsOf(const ChainOptions &options);

    // The chain of the options' folder or database, taken up to its head,
    // or made (genesis) when there is none. Its Failure's kind says why:
    // Unavailable for a folder another node holds or a server away, NotYet
    // for a reader's (ChainOptions::readsOnly) database whose follower has
    // not made the tables or stored block 0, Invalid for a file that is not
    // this chain's, Storage for one damaged.
    Outcome<> open();

    void start();
    void stop();

    const ChainOptions &options() const { return m_options; }
    // What readers see; the state itself is written by this class alone.
    const ChainView &state() const { return m_state; }
    // How many trie nodes the state keeps in memory (ChainOptions::trieCacheNodes).
    std::size_t trieCacheNodes() const { return m_state.trieNodes().cacheNodes(); }
    const Mempool &mempool() const { return m_mempool; }
    const ValidatorSet &validators() const { return m_validators; }
    const ChainStore &store() const { return m_store; }

    Submission submit(std::span<const std::uint8_t> raw);
    // What any holder of the bytes can refuse, no state needed (a read
    // server, before it forwards): too large, malformed, too much content,
    // another chain, unsigned or a bad signature, too little gas.
    static std::optional<Submission> refusedAtTheEdge(std::span<const std::uint8_t> raw);
    bool produceBlock();
    // A block made by another node, next after the head (or block 0):
    // executed here with the transactions given, checked against the
    // header's object root, holdings root and hash, then stored with the
    // header's own commit in one transaction. Invalid, and nothing stored,
    // when it does not execute to that header (or is not the next); the
    // chain must then be opened again before another block (the working
    // state holds it).
    Outcome<> follow(const BlockHeader &header, std::vector<Bytes> transactions);

    // --- a read server's chain (ChainOptions::readsOnly). A request's reads
    // happen between beginRead() and endRead() (ChainReadScope), at the
    // head last taken up (announceStored). Each of them is at a sealed
    // height no later than that head, of rows no later block changes, so a
    // request costs no statement to begin or end: the height an answer
    // carries is the one its data was read at. Only with no head taken up
    // yet, after the connection was lost, after a take-up failed, or behind
    // a pooler (whose deadline is SET LOCAL) does it begin a snapshot of
    // its own, taking up the head first. Nested scopes share the outer one.
    // On the node's own file, nothing. A Failure when the database cannot
    // be read (Unavailable: away, or behind what was answered; NotYet: no
    // block yet), the scope not begun.
    Outcome<> beginRead();
    void endRead();
    // Takes up what the follower stored since, then announces each new
    // height (blockAnnounced), in order, inside one snapshot.
    void announceStored();
    // A read server's mirror of its node's pool (MempoolMirror): a pending
    // transaction the node holds, taken when it decodes and is signed for
    // this chain (the node's word for the rest: it applied the pool's
    // rules); and one the node no longer holds. What the blocks taken up
    // mined leaves the mirror as they are taken up.
    bool mirrorPending(std::span<const std::uint8_t> raw);
    static constexpr std::size_t kPrunedSenders = 256; // pruned as blocks are taken up
    void dropPending(const Hash32 &hash) { m_mempool.remove(hash); }

Q_SIGNALS:
    void blockAnnounced(quint64 height);
    void failed(const QString &error);
    // The whole-file check begun by open() is over: empty when the file is
    // whole (on damage, failed() follows and the node has stopped).
    void integrityChecked(const QString &problem);

private:
    // submit()'s checks before the mempool, in its order.
    static std::optional<Submission> refusedAsSigned(const Transaction &tx, Address *from);
    std::optional<Submission> refusedAsSent(const Transaction &tx, Address *from) const;
    std::optional<Submission> refusedForAccount(const Transaction &tx, const Address &from) const;
    // Where a sealed block comes from: made now (from the mempool, or
    // genesis), imported from an old block log (its hash is known, it is
    // stored), or read back from the database (hash and commit are known).
    // Followed: made by another node, its header signed by validators the
    // follower trusts; it must execute to that header's roots here.
    enum class Source { New, Imported, Stored, Followed };
    Outcome<> seal(std::uint64_t height, std::uint64_t timestamp, std::vector<Bytes> txs,
                   const BlockHeader *expected, Source source);
    Outcome<> sealBlock(std::uint64_t height, std::uint64_t timestamp, std::vector<Bytes> txs,
                        const BlockHeader *expected, Source source);
    Outcome<> storeBlock(const BlockHeader &header, const std::vector<Bytes> &included,
                         Source source);
    // open()'s steps: the node's folder (its lock and an old log set aside),
    // then its file; or a database on a server.
    Outcome<> claimFolder(QString *storePath, QString *logPath);
    Outcome<> openFile(const QString &storePath, const QString &logPath);
    Outcome<> openServer();
    Outcome<> rebuild();
    Outcome<> takeUpStored();   // a read server's: to the database's head
    Failure noBlockYet() const; // a reader's, before its follower stored block 0
    void takePrebuiltGenesis(const QString &storePath, const QString &logPath);
    Outcome<> buildGenesis(); // block 0 of a new chain, its progress said
    void report(const QString &task, std::uint64_t done, std::uint64_t total, QElapsedTimer &since,
                bool force = false);
    Outcome<> importLog(const QString &path);
    void scheduleNext();

    BlockContext contextOf(std::uint64_t height, std::uint64_t timestamp,
                           const BlockHeader *followed) const;
    void fillHeader(BlockHeader &header, const BlockContext &ctx,
                    const std::vector<Hash32> &txHashes);
    // Whether a followed block executed to the roots its header signs; the
    // Failure (Invalid) names the height and both of each root that differs.
    Outcome<> matchesFollowed(const BlockHeader &computed, const BlockHeader &signed_) const;
    void signHeader(BlockHeader &header) const;

    ChainOptions m_options;
    ValidatorSet m_validators;
    // Opens a read scope; `takeUp`: always in a snapshot, the head taken
    // up first (announceStored's).
    Outcome<> beginReading(bool takeUp);
    void endTransaction(); // the read scope's, committed (or gone with its connection)
    int m_readDepth = 0;
    bool m_readTransaction = false; // the outermost scope began one
    bool m_headCurrent = false;     // the last take-up worked: requests may read at its head
    std::optional<std::uint64_t> m_announced; // a read server's: the last height announced
    std::vector<PrivateKey> m_signers;        // by validator index
    ChainState m_state;
    Mempool m_mempool;
    std::unique_ptr<QLockFile> m_lock; // the data folder is ours while we run
    ChainStore m_store;
    std::unique_ptr<Traffic> m_traffic;
    IntegrityCheck m_check;
    QTimer m_timer;
    std::mt19937_64 m_intervalRng;
};

} // namespace gifscan::chain
