#include "chain/store/postgresmigrations.h"

#include "chain/store/holdingspans.h"
#include "chain/store/listingspans.h"
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/sqlstatement.h"

#include <iterator>
#include <string>

namespace gifscan::chain {

namespace {

// One step forward: the version it makes, what it does in words, and its
// statements (PostgreSQL's own dialect). Never edited once a build has
// shipped it: a change is a new step.
struct Migration
{
    int to;
    const char *what;
    const char *sql;
    // What SQL alone cannot write (rows made from the stored records),
    // run after `sql` in the same transaction; none for most steps. It
    // writes the columns the table has at its step (ListingSpans' seller
    // only from 9 on).
    void (*fill)(SqlDatabase &db) = nullptr;
};

const Migration kMigrations[] = {
    {4,
     "migrations recorded in schema_history; activity by object indexed here rather than by "
     "each follower's start",
     R"sql(
CREATE TABLE IF NOT EXISTS schema_history(
  version BIGINT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now(), what TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS activity_by_object ON activity(object, id);
)sql"},
    {5,
     "listings indexed by price across collections and by object: a list by price at the "
     "head reads the listings in order and the unlisted by name, not every object's version",
     R"sql(
CREATE INDEX IF NOT EXISTS listings_by_price ON collection_listings(price, object);
CREATE INDEX IF NOT EXISTS listings_by_object ON collection_listings(object);
)sql"},
    {6,
     "sales indexed by height, by collection and height, and by object: a list by last sale "
     "reads the newest sales and the never sold by name, at any height, not every object's "
     "version",
     R"sql(
CREATE INDEX IF NOT EXISTS sales_by_height ON activity(height, object) WHERE type = 'sale';
CREATE INDEX IF NOT EXISTS sales_by_collection ON activity(collection, height, object) WHERE type = 'sale';
CREATE INDEX IF NOT EXISTS sales_by_object ON activity(collection, object, height) WHERE type = 'sale';
)sql"},
    {7,
     "listing spans, the heights each listing was open at, indexed by price across "
     "collections and within one, filled from the objects' versions: a list by price or by "
     "listing at a past height reads them in order, not every object's version",
     R"sql(
CREATE TABLE IF NOT EXISTS listing_spans(
  object BIGINT NOT NULL, opened BIGINT NOT NULL, closed BIGINT, collection BIGINT NOT NULL,
  price BYTEA NOT NULL, PRIMARY KEY(object, opened));
CREATE INDEX IF NOT EXISTS spans_by_price ON listing_spans(price, object, opened, closed);
CREATE INDEX IF NOT EXISTS spans_by_collection ON listing_spans(collection, price, object, opened, closed);
CREATE INDEX IF NOT EXISTS spans_by_opening ON listing_spans(opened, closed);
CREATE INDEX IF NOT EXISTS spans_by_collection_opening ON listing_spans(collection, opened, closed);
)sql",
     ListingSpans::fill},
    {8,
     "holding spans, the heights each object was owned at by each owner, indexed by owner, "
     "filled from the objects' versions: a wallet's holdings at any height are counted from "
     "one index, not walked down its holdings trie a round trip a level",
     R"sql(
CREATE TABLE IF NOT EXISTS holding_spans(
  object BIGINT NOT NULL, opened BIGINT NOT NULL, closed BIGINT, owner BYTEA NOT NULL,
  collection BIGINT NOT NULL, PRIMARY KEY(object, opened));
CREATE INDEX IF NOT EXISTS holdings_by_owner ON holding_spans(owner, opened, closed, collection);
)sql",
     HoldingSpans::fill},
    {9,
     "listing spans given each listing's seller, from the version each opened at, and "
     "indexed by seller: a wallet's listings at any height are counted from one index, not "
     "each of its listing versions checked for a newer one",
     // A span opens at the height whose version first holds its listing,
     // so that version's seller is the listing's. A span left without one
     // fails NOT NULL, and the step with it.
     R"sql(
ALTER TABLE listing_spans ADD COLUMN seller BYTEA;
UPDATE listing_spans l SET seller = v.seller FROM object_versions v
  WHERE v.object = l.object AND v.height = l.opened;
ALTER TABLE listing_spans ALTER COLUMN seller SET NOT NULL;
CREATE INDEX spans_by_seller ON listing_spans(seller, opened, closed);
)sql"},
};

} // namespace

int PostgresMigrations::latest()
{
    return std::end(kMigrations)[-1].to;
}

std::optional<int> PostgresMigrations::versionOf(SqlDatabase &db)
{
    SqlStatement tables(db, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() "
                            "AND tablename = 'meta'");
    if (!tables.executeStep() || tables.getColumn(0).getInt64() == 0)
        return std::nullopt;
    SqlStatement q(db, "SELECT value FROM meta WHERE key = 'schema'");
    bool ok = false;
    const int version = q.executeStep() ? columnText(q.getColumn(0)).toInt(&ok) : 0;
    return ok ? version : 0;
}

void PostgresMigrations::migrate(SqlDatabase &db, int from)
{
    for (const Migration &step : kMigrations) {
        if (step.to <= from)
            continue;
        SqlTransaction t(db);
        db.exec(step.sql);
        if (step.fill)
            step.fill(db);
        SqlStatement record(db, "INSERT INTO schema_history(version, what) VALUES(?, ?)");
        record.bind(1, step.to);
        record.bind(2, std::string(step.what));
        record.exec();
        db.exec("UPDATE meta SET value = '" + std::to_string(step.to) + "' WHERE key = 'schema'");
        t.commit();
    }
}

QString PostgresMigrations::what(int version)
{
    for (const Migration &step : kMigrations)
        if (step.to == version)
            return QString::fromUtf8(step.what);
    return {};
}

} // namespace gifscan::chain
