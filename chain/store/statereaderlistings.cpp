// StateReader, continued: listed objects in price order, read from the
// table of listings as they stand at the newest height. Same object and
// thread as chain/store/statereader.cpp; apart for that file's length.
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/statecodec.h"
#include "chain/store/statereader.h"

#include <algorithm>
#include <limits>
#include <string>

namespace gifscan::chain {

namespace {

// ?1 the height asked, ?2 and ?3 the price bounds, ?4 the limit, ?5 the
// offset, ?6 the collection when one is asked. The page is joined to the
// newest height, so a store that has moved on answers one row that says
// so rather than a page of another height; the count comes in the same
// snapshot.
std::string listedSql(bool oneCollection, bool reverse)
{
    const std::string where = std::string("l.price >= ?2 AND l.price <= ?3") +
                              (oneCollection ? " AND l.collection = ?6" : "");
    const std::string price = reverse ? "price DESC" : "price";
    return "SELECT h.top, (SELECT count(*) FROM collection_listings l WHERE " + where +
           "), p.id FROM (SELECT max(height) AS top FROM blocks) h LEFT JOIN "
           "(SELECT o.id AS id, l.price AS price, o.slug AS slug, o.token_id AS token_id "
           "FROM collection_listings l JOIN objects o ON o.id = l.object WHERE " +
           where + " ORDER BY l." + price +
           ", o.slug, o.token_id LIMIT ?4 OFFSET ?5) p ON h.top = ?1 ORDER BY p." + price +
           ", p.slug, p.token_id";
}

std::int64_t clamped(std::uint64_t n)
{
    return static_cast<std::int64_t>(
        std::min<std::uint64_t>(n, std::numeric_limits<std::int64_t>::max()));
}

} // namespace

std::optional<ListedPage> StateReader::listedByPrice(int collection, std::uint64_t height,
                                                     const PriceOrder &order) const
{
    // Four texts, made once: statements are kept by the text's address.
    static const std::string kSql[2][2] = {{listedSql(false, false), listedSql(false, true)},
                                           {listedSql(true, false), listedSql(true, true)}};
    auto &q = prepared(kSql[collection >= 0 ? 1 : 0][order.reverse ? 1 : 0].c_str());
    StatementReset r{q};
    q.bind(1, clamped(height));
    // Prices are 32 bytes big-endian: byte order is their order.
    bindBlob(q, 2, StateCodec::amount(order.min.value_or(Amount(0))));
    bindBlob(q, 3, order.max ? StateCodec::amount(*order.max) : QByteArray(32, '\xff'));
    q.bind(4, clamped(order.limit));
    q.bind(5, clamped(order.offset));
    if (collection >= 0)
        q.bind(6, collection);
    ListedPage page;
    while (step(q)) {
        if (q.getColumn(0).isNull() || q.getColumn(0).getInt64() != clamped(height))
            return std::nullopt;
        page.listed = static_cast<std::uint64_t>(q.getColumn(1).getInt64());
        if (!q.getColumn(2).isNull())
            page.objects.push_back(q.getColumn(2).getInt());
    }
    return page;
}

} // namespace gifscan::chain
