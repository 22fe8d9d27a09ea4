#pragma once

#include "core/base/bytes.h"
#include "core/base/outcome.h"

#include <QString>
#include <memory>
#include <optional>
#include <vector>

namespace gifscan::chain {

class SqlDatabase;
class SqlStatement;

// A trie's root as stored: its node's id (0: empty), hash and leaf count.
struct TrieRoot
{
    std::uint64_t id = 0;
    Hash32 hash{};
    std::uint64_t size = 0;
    bool operator==(const TrieRoot &) const = default;
};

// What sealing a block adds to the tries (see TrieNodes): new nodes by id,
// the roots of the object and holdings tries, and the sub-trie root of each
// holder whose objects changed.
struct TrieBatch
{
    std::vector<std::pair<std::uint64_t, Bytes>> nodes;
    TrieRoot objects;
    TrieRoot holdings;
    std::vector<std::pair<Address, TrieRoot>> holders;
};

// The tries' tables in the chain database: nodes by id, each height's
// roots, each holder's sub-trie root per height at which it changed.
// SQLite errors are thrown (ChainStore turns them into its errors); rows
// that do not decode are reported through `error`, naming the file.
//
// Lives on the node thread, as its ChainStore.
class TrieTables
{
public:
    static const char *const kSchema;

    TrieTables(SqlDatabase &db, QString path);
    ~TrieTables();

    void write(std::uint64_t height, const TrieBatch &tries); // inside the caller's transaction
    // A node it lacks is damage (a Storage failure).
    Outcome<Bytes> node(std::uint64_t id) const;
    // Those of `ids` it holds, in one statement, in no order (a missing
    // one is left for node() to report).
    Outcome<std::vector<std::pair<std::uint64_t, Bytes>>>
    nodes(const std::vector<std::uint64_t> &ids) const;
    // The node `from`, at `depth`, and each below it on the walk to `key`
    // (keyBit: 0 left), in one recursive statement on PostgreSQL, which
    // reads each child's id from its parent's body (TrieNodes::encode: a
    // 0, the left and right ids big-endian, two hashes); empty on SQLite.
    Outcome<std::vector<std::pair<std::uint64_t, Bytes>>> path(std::uint64_t from, int depth,
                                                               const Hash32 &key) const;
    // None: the height has no tries stored.
    Outcome<std::optional<std::pair<TrieRoot, TrieRoot>>> roots(std::uint64_t height) const;
    // Empty for a holder that never held.
    Outcome<TrieRoot> holderRoot(const Address &holder, std::uint64_t height) const;

private:
    void writeNodes(const TrieBatch &tries);

    SqlDatabase &m_db;
    QString m_path;
    // Read for every trie node not in TrieNodes' cache: prepared once.
    mutable std::unique_ptr<SqlStatement> m_readNode;
    mutable std::unique_ptr<SqlStatement> m_readNodes;
    mutable std::unique_ptr<SqlStatement> m_readPath;
};

} // namespace gifscan::chain
