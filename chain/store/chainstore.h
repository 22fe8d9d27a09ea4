#pragma once

#include "chain/store/lrucache.h"
#include "chain/store/staterecords.h"
#include "chain/store/trietables.h"
#include "core/base/outcome.h"
#include "core/protocol/blockheader.h"

#include <QByteArray>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

namespace gifscan::chain {

class SqlDatabase;
class SqlStatement;

class StateReader;
class StateWriter;

// The node's database: one SQLite file (`chain.db` in the data folder) in WAL
// mode. Each block is written in one SQLite transaction with
// synchronous=FULL, so a crash at any moment leaves the last block whole or
// absent, and a block is on disk before anyone hears of it. GIF content is
// stored once, by its SHA-256; a mint's transaction is kept without it and
// made whole again when read.
//
// Nothing is ever repaired or deleted here: damage is reported as an error
// that names the file. Every read that hands out content checks it against
// its hash, so damage below SQLite's notice is refused rather than served.
//
// The indexer keeps the same tables in PostgreSQL (openServer): its
// follower writes them a block per transaction as the node does, its read
// servers read them; the SQL is the same (SqlDatabase).
//
// Lives on the thread that opened it (the node's, or an indexer's): one
// connection, used by nothing else.
class ChainStore
{
public:
    struct StoredBlock
    {
        BlockHeader header;              // with its commit
        std::vector<Bytes> transactions; // raw, as broadcast
    };

    ChainStore();
    ~ChainStore();
    ChainStore(const ChainStore &) = delete;
    ChainStore &operator=(const ChainStore &) = delete;

    // An empty path opens a private temporary database (an ephemeral node),
    // deleted when closed. `durable`: every block commit reaches the disk
    // before it returns (synchronous=FULL); otherwise only a crash of the
    // machine, not of the process, may lose the last blocks.
    Outcome<> open(const QString &path, bool durable);
    // The same tables in a PostgreSQL database (the indexer's), by a libpq
    // connection string or URL. `create`: make them when the database has
    // none (the follower), and migrate an older version to this build's
    // (chain/store/postgresmigrations.h); otherwise either is a NotYet
    // failure (a read server, which waits for the follower). A database of
    // a newer build is Invalid.
    Outcome<> openServer(const QString &url, bool create);
    // A node's chain.db, read only, beside the node that writes it (a read
    // server over it: QueryStore). Nothing is made, filled or upgraded:
    // Invalid for a file that is not a chain database of this version, or
    // one whose spans its node does not write (an older build); NotYet
    // while its node rebuilds its state.
    Outcome<> openReading(const QString &path);
    // Whether a file opened by openReading is still the one opened (not
    // removed or replaced) and readable as this build reads it (not being
    // rebuilt by its node since): Unavailable if not. Always, for the rest.
    Outcome<> stillReadable();
    // Whether `database` names a PostgreSQL server (a URL, or libpq's
    // key=value words) rather than a file.
    static bool namesServer(const QString &database);
    // The blocks stored now: another process may have added some (a
    // follower writing the database a read server reads).
    std::uint64_t refresh();
    SqlDatabase &database() const { return *m_db; }
    bool isOpen() const { return m_db != nullptr; }
    // The layout this build writes: a file of another cannot be read as it is.
    // 2: the tries' nodes and roots. A version 1 file gains them as it is read back.
    // 3: the state tables (StateWriter). Older files gain them the same way, once.
    // 4: the listing spans' seller. A version 3 file gains it as it opens,
    // without a rebuild; a build of version 3 refuses a file of 4, whose
    // listing spans it could not write.
    static constexpr int kSchemaVersion = 4;
    QString path() const { return m_path; }
    void setDurable(bool durable);

    std::uint64_t blockCount() const { return m_blockCount; }
    // A height it does not hold is Invalid; damage, a Storage failure.
    Outcome<StoredBlock> block(std::uint64_t height) const;
    // Its header, and its transactions from `from` on until they pass
    // `maxBytes` (at least one when any is left; at most kMaxPageRows): what
    // a page of gif_getRawBlock reads, and no more.
    static constexpr std::size_t kMaxPageRows = 1000;
    Outcome<StoredBlock> blockPage(std::uint64_t height, std::size_t from,
                                   std::size_t maxBytes) const;
    // How a header read back is checked beyond its hash: its owner's test
    // of the commit (a Chain signs again, a QueryStore verifies the
    // signatures; the store does not know the validators). Set once.
    void setCommitCheck(std::function<bool(const BlockHeader &)> check)
    {
        m_commitCheck = std::move(check);
    }
    // A block's header and transaction hashes, its hash and commit checked:
    // a header that does not hash as stored is damage, reported, never served.
    Outcome<Block> header(std::uint64_t height) const;
    // The header alone, checked as header() checks it: one statement where
    // header() is two and reads every transaction hash (a proof at a past
    // height needs its roots only); none for a height read lately.
    Outcome<BlockHeader> headerOnly(std::uint64_t height) const;
    std::optional<std::uint64_t> heightOf(const Hash32 &blockHash) const;
    // The block, its transactions, what it adds to the tries and what it
    // changes in the state tables, in one transaction.
    Outcome<> appendBlock(const BlockHeader &header, const std::vector<Bytes> &transactions,
                          const TrieBatch &tries, const StateBatch &state);

    // --- the state tables (StateWriter, StateReader). A file written before
    // they existed, or whose rebuild was cut short, has them empty and not
    // complete: the chain re-executes its blocks once to fill them.
    const StateReader &state() const { return *m_reader; }
    bool stateComplete() const { return m_stateComplete; }
    Outcome<> appendState(std::uint64_t height, const StateBatch &state);
    Outcome<> markStateComplete();

    // --- the tries' nodes and roots (TrieNodes reads and seals them)
    Outcome<Bytes> trieNode(std::uint64_t id) const;
    // Those of `ids` stored, in one read, in no order.
    Outcome<std::vector<std::pair<std::uint64_t, Bytes>>>
    trieNodes(const std::vector<std::uint64_t> &ids) const;
    // The node `from`, at `depth` of its trie, and those below it on the
    // walk to `key`, in one read (PostgreSQL; empty on SQLite).
    Outcome<std::vector<std::pair<std::uint64_t, Bytes>>> triePath(std::uint64_t from, int depth,
                                                                   const Hash32 &key) const;
    // The roots of the tries at the end of `height` (object, holdings);
    // nullopt when the height has no tries stored. None read for a height
    // read lately.
    Outcome<std::optional<std::pair<TrieRoot, TrieRoot>>> trieRoots(std::uint64_t height) const;
    // How many heights' headers and roots are kept (each some 0.7 KB).
    static constexpr std::size_t kKeptHeights = 8192;
    // A holder's sub-trie at the end of `height`: empty if it never held.
    Outcome<TrieRoot> holderRoot(const Address &holder, std::uint64_t height) const;
    // For a chain written before the tries were stored: a block's tries,
    // added as it is read back.
    Outcome<> appendTries(std::uint64_t height, const TrieBatch &tries);

    // A GIF by its SHA-256, checked: absent is Invalid, damaged a Storage failure.
    Outcome<QByteArray> content(const Hash32 &sha256) const;

private:
    Failure fail(const char *what, const std::exception &e) const;
    // Whatever was open closed, before another opens as `path`.
    void closeAs(const QString &path);
    void takeUp(std::unique_ptr<SqlDatabase> db);
    Outcome<> upgradeServer(SqlDatabase &db, bool create);
    // Both span tables written through the newest block (or no block yet).
    static bool spansCurrent(SqlDatabase &db);
    // A node's file, as openReading reads it: of this version, its state
    // whole, its spans written.
    Outcome<> readableFile(SqlDatabase &db) const;
    Outcome<Bytes> storedTransaction(const SqlStatement &row, std::uint64_t height) const;
    Outcome<> readHeader(SqlStatement &q, std::uint64_t height, BlockHeader *h) const;

    std::unique_ptr<SqlDatabase> m_db;
    QString m_path;
    std::uint64_t m_blockCount = 0;
    bool m_stateComplete = false;
    // A node's file read beside it (openReading): the file it was, and its
    // schema's version when last found readable.
    struct ReadFile
    {
        std::uint64_t device = 0;
        std::uint64_t inode = 0;
        std::int64_t schema = 0;
    };
    std::optional<ReadFile> m_reading;
    std::function<bool(const BlockHeader &)> m_commitCheck;
    mutable std::vector<bool> m_commitChecked; // by height: 12.5 KB for 100,000 blocks
    // A stored height's header (checked) and tries' roots, as first read:
    // rows below the head never change, and a proof at a past height reads
    // both, one round trip each to PostgreSQL, where an auditor's next
    // proofs are at the same height. Emptied when the file or database is
    // another, or has fewer blocks than before.
    mutable LruCache<std::uint64_t, BlockHeader> m_keptHeaders{kKeptHeights};
    mutable LruCache<std::uint64_t, std::pair<TrieRoot, TrieRoot>> m_keptRoots{kKeptHeights};
    // Destroyed before the database (declared after it): they hold statements.
    std::unique_ptr<TrieTables> m_tries;
    std::unique_ptr<StateWriter> m_writer;
    std::unique_ptr<StateReader> m_reader;
};

} // namespace gifscan::chain
