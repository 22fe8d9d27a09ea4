#include "chain/store/trietables.h"

#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"

#include <algorithm>
#include <span>
#include <string>

namespace gifscan::chain {

// Trie nodes are immutable and named by (height << 24 | sequence): a rowid
// table keeps them in the order they were written, so one block's nodes
// share pages. Each height has one root per trie; a holder's sub-trie has a
// row for each height at which it changed.
const char *const TrieTables::kSchema = R"sql(
CREATE TABLE trie_nodes(id INTEGER PRIMARY KEY, body BLOB NOT NULL);
CREATE TABLE trie_roots(
  height INTEGER PRIMARY KEY,
  objects INTEGER NOT NULL, objects_hash BLOB NOT NULL, objects_size INTEGER NOT NULL,
  holdings INTEGER NOT NULL, holdings_hash BLOB NOT NULL, holdings_size INTEGER NOT NULL);
CREATE TABLE holder_roots(
  holder BLOB NOT NULL,
  height INTEGER NOT NULL,
  root INTEGER NOT NULL, hash BLOB NOT NULL, size INTEGER NOT NULL,
  PRIMARY KEY(holder, height)) WITHOUT ROWID;
)sql";

namespace {
bool readRoot(SqlStatement &q, int first, TrieRoot *out)
{
    out->id = static_cast<std::uint64_t>(q.getColumn(first).getInt64());
    out->size = static_cast<std::uint64_t>(q.getColumn(first + 2).getInt64());
    return readArray(q.getColumn(first + 1), &out->hash);
}
// The (id, body) rows a read of nodes answers, the statement reset after.
std::vector<std::pair<std::uint64_t, Bytes>> nodeRows(SqlStatement &q)
{
    std::vector<std::pair<std::uint64_t, Bytes>> out;
    while (q.executeStep()) {
        const auto *p = static_cast<const std::uint8_t *>(q.getColumn(1).getBlob());
        out.emplace_back(static_cast<std::uint64_t>(q.getColumn(0).getInt64()),
                         Bytes(p, p + q.getColumn(1).getBytes()));
    }
    q.reset();
    return out;
}
} // namespace

TrieTables::TrieTables(SqlDatabase &db, QString path) : m_db(db), m_path(std::move(path)) {}
TrieTables::~TrieTables() = default;

void TrieTables::writeNodes(const TrieBatch &tries)
{
    if (tries.nodes.empty())
        return;
    if (m_db.engine() != SqlDatabase::Engine::Postgres) {
        SqlStatement n(m_db, "INSERT INTO trie_nodes VALUES(?, ?)");
        for (const auto &[id, body] : tries.nodes) {
            n.bind(1, static_cast<std::int64_t>(id));
            n.bind(2, body.data(), static_cast<int>(body.size()));
            n.exec();
            n.reset();
        }
        return;
    }
    // A block's hundred-odd nodes in one statement: a row each cost the
    // server a statement each, the larger part of a followed block's
    // writes. Ids and bodies go as two arrays in their text forms, zipped
    // by unnest; a genesis block's tens of thousands in slices.
    constexpr std::size_t kSlice = 4096;
    SqlStatement n(m_db, "INSERT INTO trie_nodes SELECT * FROM unnest("
                         "CAST(convert_from(?, 'UTF8') AS BIGINT[]), "
                         "CAST(convert_from(?, 'UTF8') AS BYTEA[]))");
    for (std::size_t from = 0; from < tries.nodes.size(); from += kSlice) {
        const std::size_t to = std::min(tries.nodes.size(), from + kSlice);
        std::vector<std::int64_t> ids;
        std::vector<std::span<const std::uint8_t>> bodies;
        ids.reserve(to - from);
        bodies.reserve(to - from);
        for (std::size_t i = from; i < to; ++i) {
            ids.push_back(static_cast<std::int64_t>(tries.nodes[i].first));
            bodies.emplace_back(tries.nodes[i].second);
        }
        n.bind(1, SqlDatabase::numberList(SqlDatabase::Engine::Postgres, ids));
        n.bind(2, SqlDatabase::byteaList(bodies));
        n.exec();
        n.reset();
    }
}

void TrieTables::write(std::uint64_t height, const TrieBatch &tries)
{
    writeNodes(tries);
    SqlStatement r(m_db, "INSERT INTO trie_roots VALUES(?, ?, ?, ?, ?, ?, ?)");
    r.bind(1, static_cast<std::int64_t>(height));
    r.bind(2, static_cast<std::int64_t>(tries.objects.id));
    bindArray(r, 3, tries.objects.hash);
    r.bind(4, static_cast<std::int64_t>(tries.objects.size));
    r.bind(5, static_cast<std::int64_t>(tries.holdings.id));
    bindArray(r, 6, tries.holdings.hash);
    r.bind(7, static_cast<std::int64_t>(tries.holdings.size));
    r.exec();
    SqlStatement h(m_db, "INSERT INTO holder_roots VALUES(?, ?, ?, ?, ?)");
    for (const auto &[holder, root] : tries.holders) {
        bindArray(h, 1, holder);
        h.bind(2, static_cast<std::int64_t>(height));
        h.bind(3, static_cast<std::int64_t>(root.id));
        bindArray(h, 4, root.hash);
        h.bind(5, static_cast<std::int64_t>(root.size));
        h.exec();
        h.reset();
    }
}

Outcome<Bytes> TrieTables::node(std::uint64_t id) const
{
    if (!m_readNode)
        m_readNode =
            std::make_unique<SqlStatement>(m_db, "SELECT body FROM trie_nodes WHERE id = ?");
    SqlStatement &q = *m_readNode;
    q.reset();
    q.bind(1, static_cast<std::int64_t>(id));
    if (!q.executeStep())
        return Failure::storage(QStringLiteral("%1 is damaged: it lacks trie node %2 of block %3")
                                    .arg(m_path)
                                    .arg(id)
                                    .arg(id >> 24));
    const auto *p = static_cast<const std::uint8_t *>(q.getColumn(0).getBlob());
    Bytes body(p, p + q.getColumn(0).getBytes());
    q.reset();
    return body;
}

Outcome<std::vector<std::pair<std::uint64_t, Bytes>>>
TrieTables::path(std::uint64_t from, int depth, const Hash32 &key) const
{
    if (m_db.engine() != SqlDatabase::Engine::Postgres)
        return std::vector<std::pair<std::uint64_t, Bytes>>{};
    // Only an inner body (81 bytes, starting with 0) names a child: a leaf,
    // an empty side (id 0, no row) or a damaged body ends the walk without
    // an error (which would end a reader's transaction too; load() then
    // says what is wrong). A node at depth 255 has the key's last bit below it.
    if (!m_readPath)
        m_readPath = std::make_unique<SqlStatement>(
            m_db, "WITH RECURSIVE walk(depth, id, body) AS (SELECT CAST(?2 AS INTEGER), id, body "
                  "FROM trie_nodes WHERE id = ?1 UNION ALL SELECT w.depth + 1, n.id, n.body FROM "
                  "walk w JOIN trie_nodes n ON n.id = CASE WHEN length(w.body) = 81 AND "
                  "get_byte(w.body, 0) = 0 AND w.depth < 256 THEN CAST(CAST('x' || "
                  "encode(substring(w.body FROM CASE WHEN (get_byte(?3, w.depth / 8) >> (7 - "
                  "w.depth % 8)) & 1 = 0 THEN 2 ELSE 10 END FOR 8), 'hex') AS BIT(64)) AS BIGINT) "
                  "END) SELECT id, body FROM walk");
    SqlStatement &q = *m_readPath;
    q.reset();
    q.bind(1, static_cast<std::int64_t>(from));
    q.bind(2, depth);
    bindArray(q, 3, key);
    return nodeRows(q);
}

Outcome<std::vector<std::pair<std::uint64_t, Bytes>>>
TrieTables::nodes(const std::vector<std::uint64_t> &ids) const
{
    const SqlDatabase::Engine engine = m_db.engine();
    if (!m_readNodes)
        m_readNodes = std::make_unique<SqlStatement>(
            m_db, "SELECT n.id, n.body FROM " + SqlDatabase::numbersTable(engine, 1) +
                      " w JOIN trie_nodes n ON n.id = w.id");
    SqlStatement &q = *m_readNodes;
    q.reset();
    q.bind(1, SqlDatabase::numberList(engine, {ids.begin(), ids.end()}));
    return nodeRows(q);
}

Outcome<std::optional<std::pair<TrieRoot, TrieRoot>>> TrieTables::roots(std::uint64_t height) const
{
    SqlStatement q(m_db, "SELECT objects, objects_hash, objects_size, holdings, holdings_hash, "
                         "holdings_size FROM trie_roots WHERE height = ?");
    q.bind(1, static_cast<std::int64_t>(height));
    if (!q.executeStep())
        return std::optional<std::pair<TrieRoot, TrieRoot>>();
    std::pair<TrieRoot, TrieRoot> roots;
    if (!readRoot(q, 0, &roots.first) || !readRoot(q, 3, &roots.second))
        return Failure::storage(
            QStringLiteral("%1 is damaged: the trie roots of block %2 cannot be read")
                .arg(m_path)
                .arg(height));
    return std::optional(roots);
}

Outcome<TrieRoot> TrieTables::holderRoot(const Address &holder, std::uint64_t height) const
{
    SqlStatement q(m_db, "SELECT root, hash, size FROM holder_roots WHERE holder = ? AND "
                         "height <= ? ORDER BY height DESC LIMIT 1");
    bindArray(q, 1, holder);
    q.bind(2, static_cast<std::int64_t>(height));
    TrieRoot root;
    if (q.executeStep() && !readRoot(q, 0, &root))
        return Failure::storage(
            QStringLiteral("%1 is damaged: a holder's root at block %2 cannot be read")
                .arg(m_path)
                .arg(height));
    return root;
}

} // namespace gifscan::chain
