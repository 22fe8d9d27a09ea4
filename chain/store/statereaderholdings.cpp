// StateReader, continued: a wallet's holdings counted from the holding
// spans. Same object and thread as chain/store/statereader.cpp; apart for
// that file's length.
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/statereader.h"

namespace gifscan::chain {

std::vector<std::pair<int, std::uint64_t>> StateReader::heldByCollection(const Address &owner,
                                                                         std::uint64_t height) const
{
    // Held at h: opened by h and not closed by it. The owner's index holds
    // every column read.
    auto &q = prepared("SELECT collection, count(*) FROM holding_spans WHERE owner = ?1 AND "
                       "opened <= ?2 AND (closed IS NULL OR closed > ?2) GROUP BY collection "
                       "ORDER BY collection");
    StatementReset r{q};
    bindArray(q, 1, owner);
    q.bind(2, static_cast<std::int64_t>(height));
    std::vector<std::pair<int, std::uint64_t>> out;
    while (step(q))
        out.emplace_back(q.getColumn(0).getInt(),
                         static_cast<std::uint64_t>(q.getColumn(1).getInt64()));
    return out;
}

} // namespace gifscan::chain
