// StateReader, continued: an account and a wallet at a height, its
// holdings counted from the holding spans. Same object and thread as
// chain/store/statereader.cpp; apart for that file's length.
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/statecodec.h"
#include "chain/store/statereader.h"
#include "core/base/bytes.h"

#include <algorithm>

namespace gifscan::chain {

namespace {
// The account's row, the count of open listings, then a row a collection
// held: (kind, collection or count, count, balance, nonce, counters).
// Held or listed at h: a span opened by h and not closed by it; the
// owner's and the seller's indexes hold every column read. (Each of a
// seller's listing versions checked for a newer one was a probe a version:
// 1.4 ms for a trading wallet on PostgreSQL, most of a read server's
// database time.)
constexpr const char *kWallet =
    "SELECT 0, 0, 0, balance, nonce, counters FROM (SELECT balance, nonce, counters FROM "
    "accounts WHERE address = ?1 AND height <= ?2 ORDER BY height DESC LIMIT 1) a "
    "UNION ALL SELECT 1, 0, count(*), NULL, NULL, NULL FROM listing_spans WHERE seller = ?1 AND "
    "opened <= ?2 AND (closed IS NULL OR closed > ?2) "
    "UNION ALL SELECT 2, collection, count(*), NULL, NULL, NULL FROM holding_spans WHERE "
    "owner = ?1 AND opened <= ?2 AND (closed IS NULL OR closed > ?2) GROUP BY collection";
enum class WalletRow { Account = 0, Listed = 1, Held = 2 };
} // namespace

std::optional<AccountState> StateReader::account(const Address &address, std::uint64_t height) const
{
    auto &q =
        prepared("SELECT balance, nonce, counters FROM accounts WHERE address = ? AND height <= ? "
                 "ORDER BY height DESC LIMIT 1");
    StatementReset r{q};
    bindArray(q, 1, address);
    q.bind(2, static_cast<std::int64_t>(height));
    if (!step(q))
        return std::nullopt;
    return accountRow(q, 0, address);
}

// An account's balance, nonce and counters, from column `first` on.
AccountState StateReader::accountRow(const SqlStatement &q, int first, const Address &address) const
{
    const auto balance =
        StateCodec::amount(q.getColumn(first).getBlob(), q.getColumn(first).getBytes());
    const auto counters = StateCodec::counters(columnBlob(q.getColumn(first + 2)));
    if (!balance || !counters)
        damaged(QStringLiteral("the account %1").arg(toHexString(address)));
    return AccountState{*balance, static_cast<std::uint64_t>(q.getColumn(first + 1).getInt64()),
                        *counters};
}

StoredWallet StateReader::wallet(const Address &owner, std::uint64_t height) const
{
    auto &q = prepared(kWallet);
    StatementReset r{q};
    bindArray(q, 1, owner);
    q.bind(2, static_cast<std::int64_t>(height));
    StoredWallet w;
    while (step(q)) {
        const auto count = static_cast<std::uint64_t>(q.getColumn(2).getInt64());
        switch (static_cast<WalletRow>(q.getColumn(0).getInt())) {
        case WalletRow::Account:
            w.account = accountRow(q, 3, owner);
            break;
        case WalletRow::Listed:
            w.listed = count;
            break;
        case WalletRow::Held:
            w.held.emplace_back(q.getColumn(1).getInt(), count);
        }
    }
    std::sort(w.held.begin(), w.held.end());
    return w;
}

} // namespace gifscan::chain
