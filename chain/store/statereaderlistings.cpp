// StateReader, continued: lists read from the tables of listings and of
// holders as they stand at the newest height, and of the listed below it
// from the listing spans. Same object and thread as
// chain/store/statereader.cpp; apart for that file's length.
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/statecodec.h"
#include "chain/store/statereader.h"

#include <algorithm>
#include <array>
#include <limits>
#include <span>
#include <string>
#include <vector>

namespace gifscan::chain {

namespace {

// Each page is joined to the newest height, so a store that has moved on
// answers one row that says so rather than a page of another height; a
// count comes in the same snapshot.
const char *const kNewest = "SELECT max(height) AS top FROM blocks";

std::string orderBy(const char *row, ListedOrder::By by, bool reverse)
{
    const std::string r = row;
    const std::string name = r + "slug, " + r + "token_id";
    switch (by) {
    case ListedOrder::By::Price:
        return r + (reverse ? "price DESC, " : "price, ") + name;
    case ListedOrder::By::ListedAt:
        return r + (reverse ? "listed_at, " : "listed_at DESC, ") + name;
    case ListedOrder::By::Name:
        break;
    }
    return reverse ? r + "slug DESC, " + r + "token_id DESC" : name;
}

// Where a list of the listed reads at the newest height (the listings
// table, joined to it) and at any height up to it (the spans open then).
struct Source
{
    const char *table;
    const char *open;     // the rows open at ?1, ANDed
    const char *reaching; // joins the newest height
};
const Source kNow{"collection_listings", "", "h.top = ?1"};
const Source kSpans{"listing_spans", "l.opened <= ?1 AND (l.closed IS NULL OR l.closed > ?1) AND ",
                    "h.top >= ?1"};

// What one text of listedSql() reads.
struct ListedShape
{
    bool oneCollection = false;
    ListedOrder::By by = ListedOrder::By::Price;
    bool reverse = false;
    bool bounded = false; // price bounds asked: the spans' count reads them
    bool sqlite = false;  // told the spans' index for the order
};

// SQLite, without statistics, took the index by opening for a list by
// price and sorted every span opened by then; told, it walks the order's
// index and stops at the page's end.
std::string spansIndex(const ListedShape &s)
{
    if (!s.sqlite || s.by == ListedOrder::By::Name)
        return {};
    const bool price = s.by == ListedOrder::By::Price;
    if (s.oneCollection)
        return price ? " INDEXED BY spans_by_collection"
                     : " INDEXED BY spans_by_collection_opening";
    return price ? " INDEXED BY spans_by_price" : " INDEXED BY spans_by_opening";
}

// ?1 the height asked, ?2 and ?3 the price bounds, ?4 the limit, ?5 the
// offset, ?6 the collection when one is asked. A listed object's version
// changes only when its listing ends (a transfer asks for a delisting
// first), so its newest version's height is when it was listed: one probe
// of the versions' key each. A span opens where it was listed. Below the
// head, the listed with no price bounds are counted from the statistics
// rows (each collection's newest by then), not from every span opened by
// then.
std::string listedSql(const Source &from, const ListedShape &shape)
{
    const std::string where = std::string(from.open) + "l.price >= ?2 AND l.price <= ?3" +
                              (shape.oneCollection ? " AND l.collection = ?6" : "");
    const bool spans = &from == &kSpans;
    const std::string count =
        spans && !shape.bounded
            ? std::string("SELECT coalesce(sum((SELECT s.listed FROM collection_stats s WHERE "
                          "s.collection = c.id AND s.height <= ?1 ORDER BY s.height DESC LIMIT "
                          "1)), 0) FROM collections c") +
                  (shape.oneCollection ? " WHERE c.id = ?6" : "")
            : "SELECT count(*) FROM " + std::string(from.table) + " l WHERE " + where;
    const std::string listedAt =
        shape.by != ListedOrder::By::ListedAt
            ? "0"
            : (spans ? "l.opened"
                     : "(SELECT max(v.height) FROM object_versions v WHERE v.object = l.object)");
    return "SELECT h.top, (" + count + "), p.id FROM (" + kNewest +
           ") h LEFT JOIN (SELECT o.id AS id, l.price AS price, " + listedAt +
           " AS listed_at, o.slug AS slug, o.token_id AS token_id FROM " + from.table + " l" +
           (spans ? spansIndex(shape) : std::string()) +
           " JOIN objects o ON o.id = l.object WHERE " + where + " ORDER BY " +
           orderBy("", shape.by, shape.reverse) + " LIMIT ?4 OFFSET ?5) p ON " + from.reaching +
           " ORDER BY " + orderBy("p.", shape.by, shape.reverse);
}

// Every text listed() reads by, made once (statements are kept by the
// text's address): twelve shapes of the listings table, and of the spans
// each with and without price bounds, for either engine.
const std::string &listedText(const Source &from, const ListedShape &shape)
{
    static const auto kSql = [] {
        std::array<std::string, 60> out;
        for (std::size_t i = 0; i < out.size(); ++i) {
            const std::size_t k = i % 12;
            const std::size_t spans = i / 12; // 0: the table; 1-4: bounded, then SQLite
            const ListedShape made{(k & 1) != 0, static_cast<ListedOrder::By>(k / 4), (k & 2) != 0,
                                   spans == 1 || spans == 3, spans >= 3};
            out[i] = listedSql(spans == 0 ? kNow : kSpans, made);
        }
        return out;
    }();
    std::size_t i = static_cast<std::size_t>(shape.by) * 4 + (shape.reverse ? 2 : 0) +
                    (shape.oneCollection ? 1 : 0);
    if (&from == &kSpans)
        i += 12 * ((shape.bounded ? 1 : 2) + (shape.sqlite ? 2 : 0));
    return kSql[i];
}

// ?1 the height asked, ?2 the limit, ?3 the offset, ?4 the collection's
// slug when one is asked: its objects in order by the index on (slug,
// token_id), each looked up among the listings by the index on their
// objects. The slug itself, not the collection's number: PostgreSQL plans
// a slug it does not know yet as a handful of rows, and sorted the whole
// collection.
std::string unlistedSql(const Source &from, bool oneCollection)
{
    return std::string("SELECT h.top, p.id FROM (") + kNewest +
           ") h LEFT JOIN (SELECT o.id AS id, o.slug AS slug, o.token_id AS token_id FROM "
           "objects o WHERE o.minted_at <= ?1" +
           (oneCollection ? " AND o.slug = ?4" : "") + " AND NOT EXISTS (SELECT 1 FROM " +
           from.table + " l WHERE " + from.open +
           "l.object = o.id) ORDER BY o.slug, o.token_id LIMIT ?2 OFFSET ?3) p ON " +
           from.reaching + " ORDER BY p.slug, p.token_id";
}

bool isNewest(const SqlStatement &q, std::uint64_t height)
{
    return !q.getColumn(0).isNull() && q.getColumn(0).getInt64() == clampedInt64(height);
}

// What a row of `from` says of the store at the height asked: read there;
// past it, where the listings table holds another height (the spans
// next); or not there yet (nothing). The newest height seen is kept.
enum class RowAt { Read, Past, Behind };
RowAt rowAt(const Source &from, const SqlStatement &q, std::uint64_t height,
            std::uint64_t *newestSeen)
{
    if (q.getColumn(0).isNull())
        return RowAt::Behind; // no block yet
    const auto top = static_cast<std::uint64_t>(q.getColumn(0).getInt64());
    *newestSeen = std::max(*newestSeen, top);
    if (top < height)
        return RowAt::Behind;
    return top == height || &from == &kSpans ? RowAt::Read : RowAt::Past;
}

// The listings table first, then the spans; the spans alone once the
// store has been seen past `height` (blocks are only ever added).
std::span<const Source *const> sourcesFor(std::uint64_t height, std::uint64_t newestSeen)
{
    static const Source *const kBoth[] = {&kNow, &kSpans};
    return height < newestSeen ? std::span(kBoth).subspan(1) : std::span(kBoth);
}

} // namespace

std::optional<ListedPage> StateReader::listed(int collection, std::uint64_t height,
                                              const ListedOrder &order) const
{
    const ListedShape shape{collection >= 0, order.by, order.reverse,
                            order.min.has_value() || order.max.has_value(),
                            m_db.engine() == SqlDatabase::Engine::Sqlite};
    // At the newest height the listings table holds the open listings
    // alone, where the spans hold every one there was.
    for (const Source *from : sourcesFor(height, m_newestSeen)) {
        auto &q = prepared(listedText(*from, shape).c_str());
        StatementReset r{q};
        q.bind(1, clampedInt64(height));
        // Prices are 32 bytes big-endian: byte order is their order.
        bindBlob(q, 2, StateCodec::amount(order.min.value_or(Amount(0))));
        bindBlob(q, 3, order.max ? StateCodec::amount(*order.max) : QByteArray(32, '\xff'));
        q.bind(4, clampedInt64(order.limit));
        q.bind(5, clampedInt64(order.offset));
        if (collection >= 0)
            q.bind(6, collection);
        ListedPage page;
        RowAt row = RowAt::Read;
        while (row == RowAt::Read && step(q)) {
            row = rowAt(*from, q, height, &m_newestSeen);
            if (row == RowAt::Behind)
                return std::nullopt;
            if (row == RowAt::Read) {
                page.listed = static_cast<std::uint64_t>(q.getColumn(1).getInt64());
                if (!q.getColumn(2).isNull())
                    page.objects.push_back(q.getColumn(2).getInt());
            }
        }
        if (row == RowAt::Read)
            return page;
    }
    return std::nullopt;
}

std::optional<std::vector<std::pair<Address, std::uint64_t>>>
StateReader::holders(int collection, std::uint64_t height) const
{
    static const std::string kSql =
        std::string("SELECT h.top, p.holder, p.objects FROM (") + kNewest +
        ") h LEFT JOIN (SELECT holder, objects FROM collection_holders WHERE collection = ?2) p "
        "ON h.top = ?1";
    auto &q = prepared(kSql.c_str());
    StatementReset r{q};
    q.bind(1, clampedInt64(height));
    q.bind(2, collection);
    std::vector<std::pair<Address, std::uint64_t>> out;
    while (step(q)) {
        if (!isNewest(q, height))
            return std::nullopt;
        if (q.getColumn(1).isNull())
            continue; // nobody holds any
        Address holder{};
        if (!readArray(q.getColumn(1), &holder))
            damaged(QStringLiteral("a holder of collection %1").arg(collection));
        out.emplace_back(holder, static_cast<std::uint64_t>(q.getColumn(2).getInt64()));
    }
    return out;
}

SqlStatement &StateReader::byName(const std::string (&texts)[2], const std::optional<QString> &slug,
                                  std::uint64_t height, std::uint64_t offset,
                                  std::uint64_t limit) const
{
    auto &q = prepared(texts[slug ? 1 : 0].c_str());
    q.bind(1, clampedInt64(height));
    q.bind(2, clampedInt64(limit));
    q.bind(3, clampedInt64(offset));
    if (slug)
        bindText(q, 4, *slug);
    return q;
}

std::optional<std::vector<int>> StateReader::unlisted(const std::optional<QString> &slug,
                                                      std::uint64_t height, std::uint64_t offset,
                                                      std::uint64_t limit) const
{
    static const std::string kNowSql[2] = {unlistedSql(kNow, false), unlistedSql(kNow, true)};
    static const std::string kSpansSql[2] = {unlistedSql(kSpans, false), unlistedSql(kSpans, true)};
    for (const Source *from : sourcesFor(height, m_newestSeen)) {
        auto &q = byName(from == &kNow ? kNowSql : kSpansSql, slug, height, offset, limit);
        StatementReset r{q};
        std::vector<int> out;
        RowAt row = RowAt::Read;
        while (row == RowAt::Read && step(q)) {
            row = rowAt(*from, q, height, &m_newestSeen);
            if (row == RowAt::Behind)
                return std::nullopt;
            if (row == RowAt::Read && !q.getColumn(1).isNull())
                out.push_back(q.getColumn(1).getInt());
        }
        if (row == RowAt::Read)
            return out;
    }
    return std::nullopt;
}

} // namespace gifscan::chain
