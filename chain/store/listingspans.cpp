#include "chain/store/listingspans.h"

#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/sqlstatement.h"
#include "chain/store/statecodec.h"

#include <vector>

namespace gifscan::chain {

// The key's columns first, as StateWriter's tables (SQLite's quick_check).
// By price across collections and within one, as the listings table, by
// opening (the newest listing first) and by seller: each with the heights,
// so whether a span is open at h is read from the index alone. The seller
// last, as PostgreSQL's migration 9 has it.
const char *const ListingSpans::kSchema = R"sql(
CREATE TABLE IF NOT EXISTS listing_spans(
  object INTEGER NOT NULL, opened INTEGER NOT NULL, closed INTEGER, collection INTEGER NOT NULL,
  price BLOB NOT NULL, seller BLOB NOT NULL, PRIMARY KEY(object, opened)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS spans_by_price ON listing_spans(price, object, opened, closed);
CREATE INDEX IF NOT EXISTS spans_by_collection ON listing_spans(collection, price, object, opened, closed);
CREATE INDEX IF NOT EXISTS spans_by_opening ON listing_spans(opened, closed);
CREATE INDEX IF NOT EXISTS spans_by_collection_opening ON listing_spans(collection, opened, closed);
CREATE INDEX IF NOT EXISTS spans_by_seller ON listing_spans(seller, opened, closed);
)sql";

namespace {

bool sameListing(const std::optional<Listing> &a, const std::optional<Listing> &b)
{
    if (!a || !b)
        return !a && !b;
    return a->listedAt == b->listedAt && a->price == b->price && a->txHash == b->txHash &&
           a->seller == b->seller && a->escrow == b->escrow;
}

void closeSpan(SqlDatabase &db, int object, std::int64_t height)
{
    SqlStatement q(db, "UPDATE listing_spans SET closed = ?2 WHERE object = ?1 AND closed IS NULL");
    q.bind(1, object);
    q.bind(2, height);
    q.exec();
}

// A table of PostgreSQL's migration 7 has no seller yet: 9 adds it.
bool hasSeller(SqlDatabase &db)
{
    return db.queryInt(db.engine() == SqlDatabase::Engine::Postgres
                           ? "SELECT count(*) FROM information_schema.columns WHERE table_schema = "
                             "current_schema() AND table_name = 'listing_spans' AND column_name = "
                             "'seller'"
                           : "SELECT count(*) FROM pragma_table_info('listing_spans') WHERE name = "
                             "'seller'") == 1;
}

void openSpan(SqlDatabase &db, const ListingSpans::Span &s, bool withSeller = true)
{
    SqlStatement q(db, withSeller
                           ? "INSERT INTO listing_spans VALUES(?1, ?2, ?3, ?4, ?5, ?6) ON "
                             "CONFLICT(object, opened) DO UPDATE SET closed = excluded.closed, "
                             "collection = excluded.collection, price = excluded.price, "
                             "seller = excluded.seller"
                           : "INSERT INTO listing_spans VALUES(?1, ?2, ?3, ?4, ?5) ON "
                             "CONFLICT(object, opened) DO UPDATE SET closed = excluded.closed, "
                             "collection = excluded.collection, price = excluded.price");
    q.bind(1, s.object);
    q.bind(2, s.opened);
    if (s.closed)
        q.bind(3, *s.closed);
    else
        q.bind(3);
    q.bind(4, s.collection);
    bindBlob(q, 5, s.price);
    if (withSeller)
        bindArray(q, 6, s.seller);
    q.exec();
}

} // namespace

void ListingSpans::changed(int collection, int object, std::uint64_t height,
                           const std::optional<Listing> &before,
                           const std::optional<Listing> &after)
{
    if (sameListing(before, after))
        return;
    const std::int64_t h = clampedInt64(height);
    if (before)
        closeSpan(m_db, object, h);
    if (after)
        openSpan(m_db, Span{object, h, std::nullopt, collection, StateCodec::amount(after->price),
                            after->seller});
}

const SpanTable &ListingSpans::table()
{
    static const SpanTable t{"listing_spans", kSchema, "listingSpans",
                             [](SqlDatabase &db, std::int64_t from, std::int64_t to) {
                                 return SpanTable::Writer(
                                     [&db, spans = spansOf(db, from, to), seller = hasSeller(db)] {
                                         for (const Span &s : spans)
                                             openSpan(db, s, seller);
                                         return static_cast<std::int64_t>(spans.size());
                                     });
                             }};
    return t;
}

void ListingSpans::written(std::uint64_t height)
{
    table().written(m_db, height);
}

void ListingSpans::makeOnOpen(SqlDatabase &db, bool stateComplete)
{
    table().makeOnOpen(db, stateComplete);
}

void ListingSpans::fill(SqlDatabase &db)
{
    table().fill(db);
}

std::vector<ListingSpans::Span> ListingSpans::spansOf(SqlDatabase &db, std::int64_t from,
                                                      std::int64_t to)
{
    // The versions of the slice's objects ever listed, each object's in
    // height order: a span opens where a version's listing differs from the
    // one below, and closes at the next that differs. Read before the
    // first write, as one statement at a time is what a connection runs.
    SqlStatement q(db, "SELECT v.object, v.height, v.listing, o.collection FROM object_versions v "
                       "JOIN objects o ON o.id = v.object WHERE v.object >= ?1 AND v.object < ?2 "
                       "AND v.object IN (SELECT object FROM object_versions WHERE object >= ?1 "
                       "AND object < ?2 AND listing IS NOT NULL) ORDER BY v.object, v.height");
    q.bind(1, from);
    q.bind(2, to);
    std::vector<Span> spans;
    int object = -1;
    std::optional<Listing> held;
    while (q.executeStep()) {
        const int o = q.getColumn(0).getInt();
        const std::int64_t height = q.getColumn(1).getInt64();
        std::optional<Listing> listing;
        if (!q.getColumn(2).isNull()) {
            listing = StateCodec::listing(columnBlob(q.getColumn(2)));
            if (!listing)
                throw SqlError(SqlError::Kind::Other, "the listing of object " + std::to_string(o) +
                                                          " at height " + std::to_string(height) +
                                                          " cannot be read");
        }
        if (o != object) {
            object = o;
            held.reset();
        }
        if (sameListing(held, listing))
            continue;
        if (held)
            spans.back().closed = height;
        if (listing)
            spans.push_back(Span{o, height, std::nullopt, q.getColumn(3).getInt(),
                                 StateCodec::amount(listing->price), listing->seller});
        held = std::move(listing);
    }
    return spans;
}

} // namespace gifscan::chain
