#pragma once

#include "core/blockheader.h"

#include <QByteArray>
#include <QString>
#include <memory>
#include <optional>

namespace SQLite {
class Database;
}

namespace gifscan::devnet {

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
// Lives on the node thread: one connection, used by nothing else.
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
    bool open(const QString &path, bool durable, QString *error);
    bool isOpen() const { return m_db != nullptr; }
    QString path() const { return m_path; }
    void setDurable(bool durable);

    // PRAGMA quick_check: every page and index is consistent.
    bool checkIntegrity(QString *error);

    std::uint64_t blockCount() const { return m_blockCount; }
    std::optional<StoredBlock> block(std::uint64_t height, QString *error) const;
    bool appendBlock(const BlockHeader &header, const std::vector<Bytes> &transactions,
                     QString *error);

    // A GIF by its SHA-256, checked; empty when absent or damaged (`error` says which).
    QByteArray content(const Hash32 &sha256, QString *error = nullptr) const;

private:
    bool fail(const char *what, const std::exception &e, QString *error) const;

    std::unique_ptr<SQLite::Database> m_db;
    QString m_path;
    std::uint64_t m_blockCount = 0;
};

} // namespace gifscan::devnet
