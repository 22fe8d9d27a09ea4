#include "chain/store/holdingspans.h"

#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/sqlstatement.h"

#include <string>

namespace gifscan::chain {

// The key's columns first, as StateWriter's tables (SQLite's quick_check).
// By owner with the heights and the collection, so a wallet's count by
// collection at h is read from the index alone.
const char *const HoldingSpans::kSchema = R"sql(
CREATE TABLE IF NOT EXISTS holding_spans(
  object INTEGER NOT NULL, opened INTEGER NOT NULL, closed INTEGER, owner BLOB NOT NULL,
  collection INTEGER NOT NULL, PRIMARY KEY(object, opened)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS holdings_by_owner ON holding_spans(owner, opened, closed, collection);
)sql";

namespace {

const char *const kClose =
    "UPDATE holding_spans SET closed = ?2 WHERE object = ?1 AND closed IS NULL";
const char *const kOpen = "INSERT INTO holding_spans VALUES(?1, ?2, ?3, ?4, ?5) ON "
                          "CONFLICT(object, opened) DO UPDATE SET closed = excluded.closed, "
                          "owner = excluded.owner, collection = excluded.collection";

void openHolding(SqlStatement &q, const HoldingSpans::Span &s)
{
    q.bind(1, s.object);
    q.bind(2, s.opened);
    if (s.closed)
        q.bind(3, *s.closed);
    else
        q.bind(3);
    bindArray(q, 4, s.owner);
    q.bind(5, s.collection);
    q.exec();
    q.reset();
}

} // namespace

HoldingSpans::HoldingSpans(SqlDatabase &db) : m_db(db) {}

HoldingSpans::~HoldingSpans() = default;

void HoldingSpans::changed(int collection, int object, std::uint64_t height,
                           const std::optional<Address> &before, const Address &after)
{
    if (before == after)
        return;
    const std::int64_t h = clampedInt64(height);
    if (!m_open) {
        m_close = std::make_unique<SqlStatement>(m_db, kClose);
        m_open = std::make_unique<SqlStatement>(m_db, kOpen);
    }
    if (before) {
        m_close->bind(1, object);
        m_close->bind(2, h);
        m_close->exec();
        m_close->reset();
    }
    openHolding(*m_open, Span{object, h, std::nullopt, after, collection});
}

const SpanTable &HoldingSpans::table()
{
    static const SpanTable t{"holding_spans", kSchema, "holdingSpans",
                             [](SqlDatabase &db, std::int64_t from, std::int64_t to) {
                                 return SpanTable::Writer([&db, spans = spansOf(db, from, to)] {
                                     SqlStatement open(db, kOpen);
                                     for (const Span &s : spans)
                                         openHolding(open, s);
                                     return static_cast<std::int64_t>(spans.size());
                                 });
                             }};
    return t;
}

void HoldingSpans::written(std::uint64_t height)
{
    table().written(m_db, height);
}

void HoldingSpans::makeOnOpen(SqlDatabase &db, bool stateComplete)
{
    table().makeOnOpen(db, stateComplete);
}

void HoldingSpans::fill(SqlDatabase &db)
{
    table().fill(db);
}

std::vector<HoldingSpans::Span> HoldingSpans::spansOf(SqlDatabase &db, std::int64_t from,
                                                      std::int64_t to)
{
    // The versions of the slice's objects, each object's in height order:
    // a span opens where a version's owner differs from the one below (or
    // at the first), and closes at the next that differs.
    SqlStatement q(db, "SELECT v.object, v.height, v.owner, o.collection FROM object_versions v "
                       "JOIN objects o ON o.id = v.object WHERE v.object >= ?1 AND v.object < ?2 "
                       "ORDER BY v.object, v.height");
    q.bind(1, from);
    q.bind(2, to);
    std::vector<Span> spans;
    int object = -1;
    Address held{};
    while (q.executeStep()) {
        const int o = q.getColumn(0).getInt();
        const std::int64_t height = q.getColumn(1).getInt64();
        Address owner{};
        if (!readArray(q.getColumn(2), &owner))
            throw SqlError(SqlError::Kind::Other, "the owner of object " + std::to_string(o) +
                                                      " at height " + std::to_string(height) +
                                                      " cannot be read");
        if (o == object && owner == held)
            continue;
        if (o == object)
            spans.back().closed = height;
        object = o;
        held = owner;
        spans.push_back(Span{o, height, std::nullopt, owner, q.getColumn(3).getInt()});
    }
    return spans;
}

} // namespace gifscan::chain
