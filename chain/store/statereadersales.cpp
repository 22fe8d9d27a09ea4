// StateReader, continued: lists by last sale, read from the sales' entries
// in the activity. Same object and thread as chain/store/statereader.cpp;
// apart for that file's length.
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/statereader.h"

#include <algorithm>
#include <limits>
#include <string>
#include <unordered_set>

namespace gifscan::chain {

namespace {

// Every statement names `type = 'sale'` as written, so that both engines
// read the partial indexes on sales (a bound value would not match their
// predicate).
const char *const kSale = "a.type = 'sale'";

// ?1 the height, ?2 the limit, ?3 the offset, ?4 the collection when one is
// asked: oldest last sale first. One row when nothing was sold: the count,
// with no object. Each object's last sale is read once, for the count and
// the page, grouped in sales_by_object's own order: SQLite, without
// statistics, otherwise read every entry of the activity by its index on
// height or object.
std::string oldestSoldSql(bool oneCollection)
{
    return std::string("WITH s AS MATERIALIZED (SELECT a.collection AS collection, a.object AS "
                       "object, max(a.height) AS h FROM activity a WHERE ") +
           kSale + " AND a.height <= ?1" + (oneCollection ? " AND a.collection = ?4" : "") +
           " GROUP BY a.collection, a.object) SELECT c.n, p.id FROM (SELECT count(*) AS n FROM "
           "s) c LEFT JOIN (SELECT s.object AS id, s.h AS h, o.slug AS slug, o.token_id AS "
           "token_id FROM s JOIN objects o ON o.id = s.object ORDER BY s.h, o.slug, o.token_id "
           "LIMIT ?2 OFFSET ?3) p ON 1 = 1 ORDER BY p.h, p.slug, p.token_id";
}

// ?1 the height, ?2 one more than the most to count, ?3 the collection
// when one is asked: how many sales there were by the height, counted no
// further.
std::string salesCountSql(bool oneCollection)
{
    return std::string("SELECT count(*) FROM (SELECT 1 FROM activity a WHERE ") + kSale +
           " AND a.height <= ?1" + (oneCollection ? " AND a.collection = ?3" : "") + " LIMIT ?2) s";
}

// ?1 the height, ?2 how many, ?3 the collection when one is asked: the
// newest sales at or below the height, by the index on (height) or on
// (collection, height), with the names that break a height's ties.
std::string newestSalesSql(bool oneCollection)
{
    return std::string("SELECT a.height, a.object, o.slug, o.token_id FROM activity a JOIN "
                       "objects o ON o.id = a.object WHERE ") +
           kSale + " AND a.height <= ?1" + (oneCollection ? " AND a.collection = ?3" : "") +
           " ORDER BY a.height DESC LIMIT ?2";
}

// ?1 the height, ?2 the limit, ?3 the offset, ?4 the slug when one is
// asked (its value, for the reason unlisted() gives): objects by the index
// on (slug, token_id), each looked up among the sales by sales_by_object.
std::string unsoldSql(bool oneCollection)
{
    return std::string("SELECT o.id FROM objects o WHERE o.minted_at <= ?1") +
           (oneCollection ? " AND o.slug = ?4" : "") +
           " AND NOT EXISTS (SELECT 1 FROM activity a WHERE " + kSale +
           " AND a.collection = o.collection AND a.object = o.id AND a.height <= ?1) ORDER BY "
           "o.slug, o.token_id LIMIT ?2 OFFSET ?3";
}

} // namespace

std::optional<SoldPage> StateReader::sold(int collection, std::uint64_t height,
                                          const SoldOrder &order) const
{
    return order.reverse ? everySold(collection, height, order)
                         : newestSold(collection, height, order);
}

// Newest sale first: the sales are read from the newest down, whole
// heights at a time, until the page's last object and every tie with it
// are known: a page at the head reads a few dozen entries, whatever the
// chain's age. The count is exact only when every sale was read, which a
// page that ends before its limit needs.
std::optional<SoldPage> StateReader::newestSold(int collection, std::uint64_t height,
                                                const SoldOrder &order) const
{
    static const std::string kSql[2] = {newestSalesSql(false), newestSalesSql(true)};
    struct Sold
    {
        std::uint64_t height;
        QByteArray slug;
        std::int64_t tokenId;
        int object;
    };
    std::vector<Sold> found; // each object once, at its last sale
    std::unordered_set<int> seen;
    const std::uint64_t wanted =
        order.offset +
        std::min(order.limit, std::numeric_limits<std::uint64_t>::max() - order.offset);
    std::uint64_t below = height;
    std::uint64_t rows = std::clamp<std::uint64_t>(wanted, 32, 2048) * 2;
    for (std::uint64_t read = 0;; read += rows) {
        if (read > order.mostSales)
            return std::nullopt;
        auto &q = prepared(kSql[collection >= 0 ? 1 : 0].c_str());
        StatementReset r{q};
        q.bind(1, clampedInt64(below));
        q.bind(2, clampedInt64(rows));
        if (collection >= 0)
            q.bind(3, collection);
        std::vector<Sold> chunk;
        while (step(q))
            chunk.push_back({static_cast<std::uint64_t>(q.getColumn(0).getInt64()),
                             columnBlob(q.getColumn(2)), q.getColumn(3).getInt64(),
                             q.getColumn(1).getInt()});
        const bool whole = chunk.size() < rows; // every sale down to the first
        if (!whole && chunk.front().height == chunk.back().height) {
            rows *= 2; // one height holds more than a chunk: read it again, whole
            continue;
        }
        // A full chunk's lowest height may go on past it: it is read again.
        for (Sold &s : chunk) {
            if (!whole && s.height == chunk.back().height)
                break;
            if (seen.insert(s.object).second)
                found.push_back(std::move(s));
        }
        if (whole || found.size() >= wanted)
            break;
        below = chunk.back().height;
    }
    std::sort(found.begin(), found.end(), [](const Sold &a, const Sold &b) {
        if (a.height != b.height)
            return a.height > b.height;
        return a.slug != b.slug ? a.slug < b.slug : a.tokenId < b.tokenId;
    });
    SoldPage page;
    page.sold = found.size();
    for (std::uint64_t i = order.offset; i < std::min<std::uint64_t>(wanted, found.size()); ++i)
        page.objects.push_back(found[i].object);
    return page;
}

// Oldest last sale first: every object's last sale by the height is needed
// before the first is known, so all are read, once, for the count and the
// page together; first counted, no further than the most it may read.
std::optional<SoldPage> StateReader::everySold(int collection, std::uint64_t height,
                                               const SoldOrder &order) const
{
    static const std::string kCount[2] = {salesCountSql(false), salesCountSql(true)};
    auto &count = prepared(kCount[collection >= 0 ? 1 : 0].c_str());
    {
        StatementReset r{count};
        count.bind(1, clampedInt64(height));
        count.bind(2, clampedInt64(order.mostSales + 1));
        if (collection >= 0)
            count.bind(3, collection);
        if (!step(count) ||
            static_cast<std::uint64_t>(count.getColumn(0).getInt64()) > order.mostSales)
            return std::nullopt;
    }
    // Texts made once: statements are kept by the text's address.
    static const std::string kSql[2] = {oldestSoldSql(false), oldestSoldSql(true)};
    auto &q = prepared(kSql[collection >= 0 ? 1 : 0].c_str());
    StatementReset r{q};
    q.bind(1, clampedInt64(height));
    q.bind(2, clampedInt64(order.limit));
    q.bind(3, clampedInt64(order.offset));
    if (collection >= 0)
        q.bind(4, collection);
    SoldPage page;
    while (step(q)) {
        page.sold = static_cast<std::uint64_t>(q.getColumn(0).getInt64());
        if (!q.getColumn(1).isNull())
            page.objects.push_back(q.getColumn(1).getInt());
    }
    return page;
}

std::vector<int> StateReader::unsold(const std::optional<QString> &slug, std::uint64_t height,
                                     std::uint64_t offset, std::uint64_t limit) const
{
    static const std::string kSql[2] = {unsoldSql(false), unsoldSql(true)};
    auto &q = byName(kSql, slug, height, offset, limit);
    StatementReset r{q};
    std::vector<int> out;
    while (step(q))
        out.push_back(q.getColumn(0).getInt());
    return out;
}

} // namespace gifscan::chain
