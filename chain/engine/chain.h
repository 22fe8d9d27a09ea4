#pragma once

#include "chain/engine/chainoptions.h"
#include "chain/engine/chainstate.h"
#include "chain/engine/mempool.h"
#include "chain/engine/servedchain.h"
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

// The chain engine, the only writer of a chain: genesis, or the stored
// chain (or an old block log, imported once), the edge, block production,
// following another node's blocks, and persistence. A read server reads
// what a follower's engine wrote through a QueryStore instead. Lives on the
// node thread; blockAnnounced is emitted there, after the block is on disk.
class Chain : public ServedChain
{
    Q_OBJECT
public:
    explicit Chain(ChainOptions options, QObject *parent = nullptr);
    ~Chain() override;

    // The devnet set a chain of these options is signed by (1 to 100 keys).
    static ValidatorSet validatorsOf(const ChainOptions &options);

    // The chain of the options' folder or database, taken up to its head,
    // or made (genesis) when there is none. Its Failure's kind says why:
    // Unavailable for a folder another node holds or a server away, Invalid
    // for a file that is not this chain's, Storage for one damaged.
    Outcome<> open();

    void start() override;
    void stop() override;

    const ChainOptions &options() const override { return m_options; }
    // What readers see; the state itself is written by this class alone.
    const ChainView &state() const override { return m_state; }
    // How many trie nodes the state keeps in memory (ChainOptions::trieCacheNodes).
    std::size_t trieCacheNodes() const { return m_state.trieNodes().cacheNodes(); }
    const Mempool &mempool() const override { return m_mempool; }
    const ValidatorSet &validators() const override { return m_validators; }
    const ChainStore &store() const override { return m_store; }

    Submission submit(std::span<const std::uint8_t> raw) override;
    // What any holder of the bytes can refuse, no state needed (a read
    // server, before it forwards): too large, malformed, too much content,
    // another chain, unsigned or a bad signature, too little gas.
    static std::optional<Submission> refusedAtTheEdge(std::span<const std::uint8_t> raw);
    // The same of a decoded transaction, less its size (a read server's
    // mirror of its node's pool too); its signer in `from` when signed.
    static std::optional<Submission> refusedAsSigned(const Transaction &tx, Address *from);
    bool produceBlock();
    // A block made by another node, next after the head (or block 0):
    // executed here with the transactions given, checked against the
    // header's object root, holdings root and hash, then stored with the
    // header's own commit in one transaction. Invalid, and nothing stored,
    // when it does not execute to that header (or is not the next); the
    // chain must then be opened again before another block (the working
    // state holds it).
    Outcome<> follow(const BlockHeader &header, std::vector<Bytes> transactions);

Q_SIGNALS:
    // The whole-file check begun by open() is over: empty when the file is
    // whole (on damage, failed() follows and the node has stopped).
    void integrityChecked(const QString &problem);

private:
    // submit()'s checks before the mempool, in its order (refusedAsSigned first).
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
    std::vector<PrivateKey> m_signers; // by validator index
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
