// StateReader, continued: the activity feed and transactions' receipts.
// Same object and thread as chain/store/statereader.cpp; apart for that
// file's length.
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/statecodec.h"
#include "chain/store/statereader.h"

#include <algorithm>
#include <limits>

namespace gifscan::chain {

std::uint64_t StateReader::activityCount() const
{
    auto &q = prepared("SELECT coalesce(max(id) + 1, 0) FROM activity");
    StatementReset r{q};
    step(q);
    return static_cast<std::uint64_t>(q.getColumn(0).getInt64());
}

ActivityEntry StateReader::activityRow(const SqlStatement &q) const
{
    ActivityEntry e;
    e.id = static_cast<std::uint64_t>(q.getColumn(0).getInt64());
    e.type = columnText(q.getColumn(1));
    e.object = q.getColumn(2).getInt();
    e.collection = q.getColumn(3).getInt();
    bool ok = readArray(q.getColumn(7), &e.txHash);
    if (!q.getColumn(4).isNull())
        ok = ok && readArray(q.getColumn(4), &e.from.emplace());
    if (!q.getColumn(5).isNull())
        ok = ok && readArray(q.getColumn(5), &e.to.emplace());
    if (!q.getColumn(6).isNull()) {
        e.price = StateCodec::amount(q.getColumn(6).getBlob(), q.getColumn(6).getBytes());
        ok = ok && e.price;
    }
    e.height = static_cast<std::uint64_t>(q.getColumn(8).getInt64());
    e.timestamp = static_cast<std::uint64_t>(q.getColumn(9).getInt64());
    if (!ok)
        damaged(QStringLiteral("activity entry %1").arg(e.id));
    return e;
}

std::vector<ActivityEntry> StateReader::activity(const ActivityFilter &filter, std::uint64_t height,
                                                 std::uint64_t limit) const
{
    // Each type once, in one order: the statement's text then depends on how
    // many kinds are asked (five at most), not on how a client spells the
    // list (type=mint,mint,… was a new statement for every length).
    QStringList types = filter.types;
    types.sort();
    types.removeDuplicates();
    std::string sql =
        "SELECT id, type, object, collection, sender, recipient, price, tx, height, timestamp "
        "FROM activity WHERE height <= ? AND height >= ?";
    if (!types.isEmpty()) {
        sql += " AND type IN (";
        for (qsizetype i = 0; i < types.size(); ++i)
            sql += i ? ", ?" : "?";
        sql += ")";
    }
    if (filter.collection >= 0)
        sql += " AND collection = ?";
    if (filter.address)
        sql += " AND (sender = ? OR recipient = ?)";
    if (filter.object >= 0)
        sql += " AND object = ?";
    if (filter.before)
        sql += " AND id < ?";
    sql += " ORDER BY id DESC LIMIT ?";
    // Heights, keys and limits come from requests anyone can write:
    // clamped into SQLite's range, never wrapped.
    constexpr std::uint64_t kMax = std::numeric_limits<std::int64_t>::max();
    SqlStatement q(m_db, sql);
    int n = 1;
    q.bind(n++, static_cast<std::int64_t>(std::min(height, kMax)));
    q.bind(n++, static_cast<std::int64_t>(std::min(filter.since, kMax)));
    for (const QString &type : std::as_const(types))
        q.bind(n++, type.toStdString());
    if (filter.collection >= 0)
        q.bind(n++, filter.collection);
    if (filter.address) {
        bindArray(q, n++, *filter.address);
        bindArray(q, n++, *filter.address);
    }
    if (filter.object >= 0)
        q.bind(n++, filter.object);
    if (filter.before)
        q.bind(n++, static_cast<std::int64_t>(std::min(*filter.before, kMax)));
    q.bind(n++, static_cast<std::int64_t>(std::min(limit, kMax)));
    std::vector<ActivityEntry> out;
    while (step(q))
        out.push_back(activityRow(q));
    return out;
}

std::vector<ActivityEntry> StateReader::activityOf(std::uint64_t height) const
{
    auto &q = prepared(
        "SELECT id, type, object, collection, sender, recipient, price, tx, height, timestamp "
        "FROM activity WHERE height = ? ORDER BY id");
    StatementReset r{q};
    q.bind(1, static_cast<std::int64_t>(height));
    std::vector<ActivityEntry> out;
    while (step(q))
        out.push_back(activityRow(q));
    return out;
}

namespace {
constexpr const char *kReceiptColumns =
    "SELECT r.sender, r.success, r.error, r.gas_used, r.fee, r.events, r.content_size, "
    "t.height, t.position, t.body, t.hash FROM receipts r JOIN transactions t ON t.hash = r.hash ";
} // namespace

std::optional<TxEntry> StateReader::receipt(const Hash32 &hash) const
{
    static const std::string sql = std::string(kReceiptColumns) + "WHERE r.hash = ?";
    auto &q = prepared(sql.c_str());
    StatementReset r{q};
    bindArray(q, 1, hash);
    if (!step(q))
        return std::nullopt;
    return receiptRow(q);
}

// A block's, in one statement: its genesis's two thousand were a round trip
// each on a read server, past the request budget on a busy machine.
std::vector<TxEntry> StateReader::receiptsOf(std::uint64_t height) const
{
    static const std::string sql =
        std::string(kReceiptColumns) + "WHERE t.height = ? ORDER BY t.position";
    auto &q = prepared(sql.c_str());
    StatementReset r{q};
    q.bind(1, static_cast<std::int64_t>(height));
    std::vector<TxEntry> out;
    while (step(q))
        out.push_back(receiptRow(q));
    return out;
}

TxEntry StateReader::receiptRow(const SqlStatement &q) const
{
    TxEntry e;
    if (!readArray(q.getColumn(10), &e.hash))
        damaged(QStringLiteral("a transaction of block %1").arg(q.getColumn(7).getInt64()));
    e.receipt.success = q.getColumn(1).getInt() != 0;
    e.receipt.error = columnText(q.getColumn(2));
    e.receipt.gasUsed = static_cast<std::uint64_t>(q.getColumn(3).getInt64());
    const auto fee = StateCodec::amount(q.getColumn(4).getBlob(), q.getColumn(4).getBytes());
    auto events = StateCodec::events(columnBlob(q.getColumn(5)));
    e.contentSize = q.getColumn(6).getInt64();
    e.height = static_cast<std::uint64_t>(q.getColumn(7).getInt64());
    e.index = static_cast<std::uint32_t>(q.getColumn(8).getInt64());
    const auto *body = static_cast<const std::uint8_t *>(q.getColumn(9).getBlob());
    QString why;
    auto tx = decodeTransaction(
        std::span<const std::uint8_t>(body, static_cast<std::size_t>(q.getColumn(9).getBytes())),
        &why);
    // The stored body is the transaction without its content, so it hashes
    // as the whole one only for a kind that carries none.
    if (!fee || !events || !tx || !readArray(q.getColumn(0), &e.from) ||
        (tx->kind != TxKind::Mint && tx->hash() != e.hash))
        damaged(QStringLiteral("transaction %1").arg(toHexString(e.hash)));
    e.receipt.fee = *fee;
    e.receipt.events = std::move(*events);
    e.tx = std::move(*tx);
    return e;
}

} // namespace gifscan::chain
