#include "chain/store/chainstore.h"

#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/statereader.h"
#include "chain/store/statewriter.h"
#include "core/crypto/keccak.h"
#include "core/crypto/sha256.h"
#include "core/protocol/transaction.h"

#include <limits>

namespace gifscan::chain {

namespace {

Bytes encodeCommit(const std::vector<CommitSignature> &commit)
{
    Bytes out;
    for (const CommitSignature &s : commit) {
        appendU32(out, s.index);
        appendBytes(out, s.signature);
    }
    return out;
}

bool decodeCommit(const SqlColumn &c, std::vector<CommitSignature> *out)
{
    constexpr int kEntry = 4 + 65;
    const int size = c.getBytes();
    if (size % kEntry != 0)
        return false;
    const auto *p = static_cast<const std::uint8_t *>(c.getBlob());
    for (int i = 0; i < size; i += kEntry) {
        CommitSignature s;
        s.index = std::uint32_t{p[i]} << 24 | std::uint32_t{p[i + 1]} << 16 |
                  std::uint32_t{p[i + 2]} << 8 | p[i + 3];
        std::memcpy(s.signature.data(), p + i + 4, 65);
        out->push_back(s);
    }
    return true;
}
} // namespace

ChainStore::ChainStore() = default;
ChainStore::~ChainStore() = default;

Failure ChainStore::fail(const char *what, const std::exception &e) const
{
    return failureOf(e,
                     QStringLiteral("%1: cannot %2: %3")
                         .arg(m_path.isEmpty() ? QStringLiteral("the temporary database") : m_path,
                              QLatin1String(what), QString::fromUtf8(e.what())));
}

Outcome<> ChainStore::readHeader(SqlStatement &q, std::uint64_t height, BlockHeader *out) const
{
    q.bind(1, static_cast<std::int64_t>(height));
    if (!q.executeStep()) {
        return Failure::invalid(QStringLiteral("%1 has no block %2").arg(m_path).arg(height));
    }
    BlockHeader &h = *out;
    h.height = height;
    h.timestamp = static_cast<std::uint64_t>(q.getColumn(2).getInt64());
    h.txCount = static_cast<std::uint64_t>(q.getColumn(6).getInt64());
    if (!readArray(q.getColumn(0), &h.hash) || !readArray(q.getColumn(1), &h.parentHash) ||
        !readArray(q.getColumn(3), &h.proposer) || !readArray(q.getColumn(4), &h.objectRoot) ||
        !readArray(q.getColumn(5), &h.txRoot) || !readArray(q.getColumn(7), &h.validatorsHash) ||
        !readArray(q.getColumn(8), &h.holdingsRoot) || !decodeCommit(q.getColumn(9), &h.commit)) {
        return Failure::storage(
            QStringLiteral("%1 is damaged: block %2 has a field of the wrong size")
                .arg(m_path)
                .arg(height));
    }
    // Blocks are not re-executed at start: a header is checked each time it
    // is read (and kept only as read then), so a changed byte is refused,
    // never served.
    if (h.computeHash() != h.hash) {
        return Failure::storage(QStringLiteral("%1 is damaged: block %2 does not hash as stored")
                                    .arg(m_path)
                                    .arg(height));
    }
    // Signing again (or verifying) costs one signature per validator: each
    // height is checked once in a run (a bit each), then only its hash is.
    const bool checked = height < m_commitChecked.size() && m_commitChecked[height];
    if (m_commitCheck && !checked) {
        if (!m_commitCheck(h)) {
            return Failure::storage(
                QStringLiteral("%1 is damaged: the signatures of block %2 are not the validators'")
                    .arg(m_path)
                    .arg(height));
        }
        if (height >= m_commitChecked.size())
            m_commitChecked.resize(static_cast<std::size_t>(height) + 1);
        m_commitChecked[height] = true;
    }
    return success();
}

namespace {
const char *const kHeaderColumns =
    "SELECT hash, parent, timestamp, proposer, object_root, tx_root, tx_count, "
    "validators_hash, holdings_root, commit_sigs FROM blocks WHERE height = ?";
} // namespace

Outcome<Block> ChainStore::header(std::uint64_t height) const
{
    try {
        SqlStatement q(*m_db, kHeaderColumns);
        Block b;
        if (auto read = readHeader(q, height, &b.header); !read)
            return read.error();
        SqlStatement t(*m_db, "SELECT hash FROM transactions WHERE height = ? ORDER BY position");
        t.bind(1, static_cast<std::int64_t>(height));
        while (t.executeStep()) {
            if (!readArray(t.getColumn(0), &b.txHashes.emplace_back())) {
                return Failure::storage(
                    QStringLiteral("%1 is damaged: a transaction hash of block %2")
                        .arg(m_path)
                        .arg(height));
            }
        }
        if (b.txHashes.size() != b.header.txCount ||
            transactionRoot(b.txHashes) != b.header.txRoot) {
            return Failure::storage(
                QStringLiteral("%1 is damaged: the transactions of block %2 are not the header's")
                    .arg(m_path)
                    .arg(height));
        }
        return b;
    } catch (const std::exception &e) {
        return fail("read a block", e);
    }
}

Outcome<BlockHeader> ChainStore::headerOnly(std::uint64_t height) const
{
    if (const BlockHeader *kept = m_keptHeaders.find(height))
        return *kept;
    try {
        SqlStatement q(*m_db, kHeaderColumns);
        BlockHeader h;
        if (auto read = readHeader(q, height, &h); !read)
            return read.error();
        if (height < m_blockCount) // committed: a row being written may yet roll back
            m_keptHeaders.insert(height, h);
        return h;
    } catch (const std::exception &e) {
        return fail("read a block's header", e);
    }
}

std::optional<std::uint64_t> ChainStore::heightOf(const Hash32 &blockHash) const
{
    SqlStatement q(*m_db, "SELECT height FROM blocks WHERE hash = ?");
    bindArray(q, 1, blockHash);
    if (!q.executeStep())
        return std::nullopt;
    return static_cast<std::uint64_t>(q.getColumn(0).getInt64());
}

Outcome<ChainStore::StoredBlock> ChainStore::block(std::uint64_t height) const
{
    return blockPage(height, 0, std::numeric_limits<std::size_t>::max());
}

Outcome<ChainStore::StoredBlock> ChainStore::blockPage(std::uint64_t height, std::size_t from,
                                                       std::size_t maxBytes) const
{
    try {
        SqlStatement q(*m_db, kHeaderColumns);
        StoredBlock b;
        if (auto read = readHeader(q, height, &b.header); !read)
            return read.error();
        // A page past the block's end is the asker's mistake, not damage.
        if (from > b.header.txCount)
            return Failure::invalid(QStringLiteral("block %1 has %2 transactions, none from %3")
                                        .arg(height)
                                        .arg(b.header.txCount)
                                        .arg(from));
        // Row by row, the page's alone: a block's other mints are not read.
        SqlStatement t(*m_db, "SELECT t.body, t.content, c.bytes, t.hash FROM transactions t "
                              "LEFT JOIN contents c ON c.hash = t.content WHERE t.height = ? AND "
                              "t.position >= ? ORDER BY t.position LIMIT ?");
        const bool whole = from == 0 && maxBytes == std::numeric_limits<std::size_t>::max();
        t.bind(1, static_cast<std::int64_t>(height));
        t.bind(2, static_cast<std::int64_t>(from));
        t.bind(3, whole ? std::numeric_limits<std::int64_t>::max()
                        : static_cast<std::int64_t>(kMaxPageRows));
        std::size_t bytes = 0;
        while (bytes < maxBytes && t.executeStep()) {
            auto raw = storedTransaction(t, height);
            if (!raw)
                return raw.error();
            bytes += raw.value().size();
            b.transactions.push_back(std::move(raw.value()));
        }
        if ((whole && b.transactions.size() != b.header.txCount) ||
            from + b.transactions.size() > b.header.txCount) {
            return Failure::storage(
                QStringLiteral("%1 is damaged: block %2 lists %3 transactions, %4 are stored")
                    .arg(m_path)
                    .arg(height)
                    .arg(b.header.txCount)
                    .arg(from + b.transactions.size()));
        }
        return b;
    } catch (const std::exception &e) {
        return fail("read a block", e);
    }
}

Outcome<Bytes> ChainStore::storedTransaction(const SqlStatement &t, std::uint64_t height) const
{
    const auto damaged = [&] {
        return Failure::storage(
            QStringLiteral("%1 is damaged: a transaction of block %2 cannot be read back")
                .arg(m_path)
                .arg(height));
    };
    // Served only as it hashes to its stored hash: a changed byte of a body
    // would otherwise be a transaction no one sent.
    Hash32 stored{};
    if (!readArray(t.getColumn(3), &stored))
        return damaged();
    const auto body = t.getColumn(0).blob();
    Bytes raw(body.begin(), body.end());
    if (!t.getColumn(1).isNull()) {
        // A mint: its content goes back in, checked against its hash.
        Hash32 contentHash{};
        const QByteArray content = columnBlob(t.getColumn(2));
        QString why;
        auto tx = decodeTransaction(raw, &why);
        if (!readArray(t.getColumn(1), &contentHash) || !tx || sha256(content) != contentHash)
            return damaged();
        tx->content = content;
        raw = tx->encode();
    }
    if (keccak256(raw) != stored)
        return damaged();
    return raw;
}

Outcome<> ChainStore::appendBlock(const BlockHeader &h, const std::vector<Bytes> &transactions,
                                  const TrieBatch &tries, const StateBatch &state)
{
    if (h.height != m_blockCount) {
        return Failure::invalid(QStringLiteral("%1: block %2 cannot follow %3 blocks")
                                    .arg(m_path)
                                    .arg(h.height)
                                    .arg(m_blockCount));
    }
    try {
        // On PostgreSQL (the follower) a block's rows go without a round
        // trip each; the COMMIT reads what the server made of them.
        const SqlPipeline pipeline(*m_db);
        SqlTransaction commit(*m_db);
        SqlStatement b(*m_db, "INSERT INTO blocks VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        b.bind(1, static_cast<std::int64_t>(h.height));
        bindArray(b, 2, h.hash);
        bindArray(b, 3, h.parentHash);
        b.bind(4, static_cast<std::int64_t>(h.timestamp));
        bindArray(b, 5, h.proposer);
        bindArray(b, 6, h.objectRoot);
        bindArray(b, 7, h.txRoot);
        b.bind(8, static_cast<std::int64_t>(h.txCount));
        bindArray(b, 9, h.validatorsHash);
        bindArray(b, 10, h.holdingsRoot);
        const Bytes sigs = encodeCommit(h.commit);
        b.bind(11, sigs.data(), static_cast<int>(sigs.size()));
        b.exec();

        SqlStatement t(*m_db, "INSERT INTO transactions VALUES(?, ?, ?, ?, ?)");
        SqlStatement c(*m_db, "INSERT INTO contents VALUES(?, ?) ON CONFLICT DO NOTHING");
        for (std::size_t i = 0; i < transactions.size(); ++i) {
            const Bytes &raw = transactions[i];
            QString why;
            auto tx = decodeTransaction(raw, &why);
            if (!tx) {
                return Failure::invalid(
                    QStringLiteral("block %1: transaction %2 cannot be stored: %3")
                        .arg(h.height)
                        .arg(i)
                        .arg(why));
            }
            const Hash32 hash = tx->hash();
            t.bind(1, hash.data(), static_cast<int>(hash.size()));
            t.bind(2, static_cast<std::int64_t>(h.height));
            t.bind(3, static_cast<std::int64_t>(i));
            if (tx->kind == TxKind::Mint) {
                const Hash32 contentHash = sha256(tx->content);
                c.bind(1, contentHash.data(), static_cast<int>(contentHash.size()));
                c.bind(2, tx->content.constData(), static_cast<int>(tx->content.size()));
                c.exec();
                c.reset();
                tx->content.clear();
                const Bytes body = tx->encode();
                t.bind(4, body.data(), static_cast<int>(body.size()));
                t.bind(5, contentHash.data(), static_cast<int>(contentHash.size()));
            } else {
                t.bind(4, raw.data(), static_cast<int>(raw.size()));
                t.bind(5);
            }
            t.exec();
            t.reset();
        }
        m_tries->write(h.height, tries);
        m_writer->write(h.height, state);
        commit.commit();
        m_writer->committed();
    } catch (const std::exception &e) {
        m_writer->forget(); // whether the COMMIT took is unknown
        return fail("write a block", e);
    }
    ++m_blockCount;
    return success();
}

Outcome<> ChainStore::appendTries(std::uint64_t height, const TrieBatch &tries)
{
    try {
        SqlTransaction commit(*m_db);
        m_tries->write(height, tries);
        commit.commit();
        return success();
    } catch (const std::exception &e) {
        return fail("write a block's tries", e);
    }
}

Outcome<> ChainStore::appendState(std::uint64_t height, const StateBatch &state)
{
    try {
        SqlTransaction commit(*m_db);
        m_writer->write(height, state);
        commit.commit();
        m_writer->committed();
        return success();
    } catch (const std::exception &e) {
        m_writer->forget();
        return fail("write a block's state", e);
    }
}

Outcome<> ChainStore::markStateComplete()
{
    try {
        m_db->exec("UPDATE meta SET value = 'complete' WHERE key = 'state'");
        m_stateComplete = true;
        return success();
    } catch (const std::exception &e) {
        return fail("record its state as complete", e);
    }
}

Outcome<Bytes> ChainStore::trieNode(std::uint64_t id) const
{
    try {
        return m_tries->node(id);
    } catch (const std::exception &e) {
        return fail("read a trie node", e);
    }
}

Outcome<std::vector<std::pair<std::uint64_t, Bytes>>>
ChainStore::trieNodes(const std::vector<std::uint64_t> &ids) const
{
    try {
        return m_tries->nodes(ids);
    } catch (const std::exception &e) {
        return fail("read trie nodes", e);
    }
}

Outcome<std::vector<std::pair<std::uint64_t, Bytes>>>
ChainStore::triePath(std::uint64_t from, int depth, const Hash32 &key) const
{
    try {
        return m_tries->path(from, depth, key);
    } catch (const std::exception &e) {
        return fail("read a trie path", e);
    }
}

Outcome<std::optional<std::pair<TrieRoot, TrieRoot>>>
ChainStore::trieRoots(std::uint64_t height) const
{
    if (const auto *kept = m_keptRoots.find(height))
        return std::optional(*kept);
    try {
        auto roots = m_tries->roots(height);
        if (roots && roots.value() && height < m_blockCount)
            m_keptRoots.insert(height, *roots.value());
        return roots;
    } catch (const std::exception &e) {
        return fail("read trie roots", e);
    }
}

Outcome<TrieRoot> ChainStore::holderRoot(const Address &holder, std::uint64_t height) const
{
    try {
        return m_tries->holderRoot(holder, height);
    } catch (const std::exception &e) {
        return fail("read a holder's root", e);
    }
}

Outcome<QByteArray> ChainStore::content(const Hash32 &hash) const
{
    try {
        SqlStatement q(*m_db, "SELECT bytes FROM contents WHERE hash = ?");
        bindArray(q, 1, hash);
        if (!q.executeStep()) {
            return Failure::invalid(
                QStringLiteral("%1 holds no content %2").arg(m_path, toHexString(hash)));
        }
        QByteArray bytes(static_cast<const char *>(q.getColumn(0).getBlob()),
                         q.getColumn(0).getBytes());
        if (sha256(bytes) != hash) {
            return Failure::storage(
                QStringLiteral("%1 is damaged: content %2 does not match its hash")
                    .arg(m_path, toHexString(hash)));
        }
        return bytes;
    } catch (const std::exception &e) {
        return fail("read content", e);
    }
}

} // namespace gifscan::chain
