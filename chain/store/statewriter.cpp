#include "chain/store/statewriter.h"

#include "chain/store/holdingspans.h"
#include "chain/store/listingspans.h"
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/statecodec.h"

#include <map>

namespace gifscan::chain {

// In a WITHOUT ROWID table the key's columns come first: SQLite 3.40's
// quick_check misreads a NOT NULL column placed between them as NULL.
//
// Objects and accounts keep one row per height at which they changed: "as of
// height h" is the row with the greatest height <= h. The collection_holders
// and collection_listings tables hold only now: they feed collection_stats,
// which keeps one row per height at which a collection changed, with its
// volume and sales counted from the beginning so a 24 h window is the
// difference of two rows.
const char *const StateWriter::kSchema = R"sql(
CREATE TABLE receipts(
  hash BLOB PRIMARY KEY, sender BLOB NOT NULL, success INTEGER NOT NULL, error TEXT NOT NULL,
  gas_used INTEGER NOT NULL, fee BLOB NOT NULL, events BLOB NOT NULL, content_size INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE accounts(
  address BLOB NOT NULL, height INTEGER NOT NULL, balance BLOB NOT NULL, nonce INTEGER NOT NULL,
  counters BLOB NOT NULL, PRIMARY KEY(address, height)) WITHOUT ROWID;
CREATE TABLE collections(
  id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, name TEXT NOT NULL, category TEXT NOT NULL,
  creator BLOB NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE objects(
  id INTEGER PRIMARY KEY, collection INTEGER NOT NULL, slug TEXT NOT NULL, token_id INTEGER NOT NULL,
  display_key TEXT NOT NULL UNIQUE, key BLOB NOT NULL UNIQUE, traits BLOB NOT NULL, traits_hash BLOB NOT NULL,
  content_size INTEGER NOT NULL, content_hash BLOB NOT NULL, frames INTEGER NOT NULL,
  width INTEGER NOT NULL, height INTEGER NOT NULL, minted_at INTEGER NOT NULL, mint_tx BLOB NOT NULL);
CREATE INDEX objects_by_collection ON objects(collection, id);
CREATE INDEX objects_by_name ON objects(slug, token_id);
CREATE TABLE object_traits(
  collection INTEGER NOT NULL, trait TEXT NOT NULL, value TEXT NOT NULL, object INTEGER NOT NULL,
  position INTEGER NOT NULL, minted_at INTEGER NOT NULL,
  PRIMARY KEY(collection, trait, value, object, position)) WITHOUT ROWID;
CREATE INDEX traits_by_value ON object_traits(trait, value, object);
CREATE TABLE object_versions(
  object INTEGER NOT NULL, height INTEGER NOT NULL, owner BLOB NOT NULL, seller BLOB,
  listing BLOB, last_sale BLOB, PRIMARY KEY(object, height)) WITHOUT ROWID;
CREATE INDEX versions_by_seller ON object_versions(seller, height) WHERE seller IS NOT NULL;
CREATE TABLE collection_holders(
  collection INTEGER NOT NULL, holder BLOB NOT NULL, objects INTEGER NOT NULL,
  PRIMARY KEY(collection, holder)) WITHOUT ROWID;
CREATE TABLE collection_listings(
  collection INTEGER NOT NULL, price BLOB NOT NULL, object INTEGER NOT NULL,
  PRIMARY KEY(collection, price, object)) WITHOUT ROWID;
CREATE TABLE collection_stats(
  collection INTEGER NOT NULL, height INTEGER NOT NULL, items INTEGER NOT NULL, owners INTEGER NOT NULL,
  listed INTEGER NOT NULL, floor BLOB, volume BLOB NOT NULL, sales INTEGER NOT NULL,
  PRIMARY KEY(collection, height)) WITHOUT ROWID;
CREATE TABLE activity(
  id INTEGER PRIMARY KEY, type TEXT NOT NULL, object INTEGER NOT NULL, collection INTEGER NOT NULL,
  sender BLOB, recipient BLOB, price BLOB, tx BLOB NOT NULL, height INTEGER NOT NULL,
  timestamp INTEGER NOT NULL);
CREATE INDEX activity_by_height ON activity(height);
CREATE INDEX activity_by_collection ON activity(collection, id);
CREATE INDEX activity_by_sender ON activity(sender, id);
CREATE INDEX activity_by_recipient ON activity(recipient, id);
)sql";

// Indexes added after a schema version was out: made on open when missing,
// so an existing database gains them without a rebuild.
const char *const StateWriter::kLaterIndexes = R"sql(
CREATE INDEX IF NOT EXISTS activity_by_object ON activity(object, id);
CREATE INDEX IF NOT EXISTS listings_by_price ON collection_listings(price, object);
CREATE INDEX IF NOT EXISTS listings_by_object ON collection_listings(object);
CREATE INDEX IF NOT EXISTS sales_by_height ON activity(height, object) WHERE type = 'sale';
CREATE INDEX IF NOT EXISTS sales_by_collection ON activity(collection, height, object) WHERE type = 'sale';
CREATE INDEX IF NOT EXISTS sales_by_object ON activity(collection, object, height) WHERE type = 'sale';
)sql";

const char *const StateWriter::kTables[] = {"receipts",
                                            "accounts",
                                            "collections",
                                            "objects",
                                            "object_traits",
                                            "object_versions",
                                            "collection_holders",
                                            "collection_listings",
                                            "collection_stats",
                                            "activity",
                                            "listing_spans",
                                            "holding_spans",
                                            nullptr};

namespace {
void bindBytes(SqlStatement &q, int index, const QByteArray &b)
{
    q.bind(index, b.constData(), static_cast<int>(b.size()));
}

template <typename T> void bindOptionalArray(SqlStatement &q, int index, const std::optional<T> &v)
{
    if (v)
        bindArray(q, index, *v);
    else
        q.bind(index);
}

void run(SqlStatement &q)
{
    q.exec();
    q.reset();
}
} // namespace

void StateWriter::write(std::uint64_t height, const StateBatch &batch)
{
    // Collections whose statistics this block changes, and how many objects
    // each minted in it; the sale prices each saw.
    std::map<int, std::uint64_t> mints;
    std::map<int, std::vector<Amount>> sales;
    m_written.clear();
    writeCollections(batch, &mints);
    writeObjects(batch, &mints);
    writeVersions(height, batch, &mints);
    writeActivity(batch, &sales);
    writeReceipts(batch);
    writeAccounts(height, batch);
    ListingSpans(m_db).written(height);
    HoldingSpans(m_db).written(height);
    for (const auto &[collection, minted] : mints)
        writeStats(height, collection, minted, sales[collection]);
}

void StateWriter::writeCollections(const StateBatch &batch, std::map<int, std::uint64_t> *mints)
{
    SqlStatement c(m_db, "INSERT INTO collections VALUES(?, ?, ?, ?, ?, ?)");
    for (const auto &[index, r] : batch.collections) {
        c.bind(1, index);
        bindText(c, 2, r.slug);
        bindText(c, 3, r.name);
        bindText(c, 4, r.category);
        bindArray(c, 5, r.creator);
        c.bind(6, static_cast<std::int64_t>(r.createdAt));
        run(c);
        (*mints)[index] += 0; // a new collection has statistics from its first block
    }
}

void StateWriter::writeObjects(const StateBatch &batch, std::map<int, std::uint64_t> *mints)
{
    SqlStatement o(m_db, "INSERT INTO objects VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    // A trait's position keeps a pair a mint repeats counted twice, as
    // rarity counts it.
    SqlStatement t(m_db, "INSERT INTO object_traits VALUES(?, ?, ?, ?, ?, ?)");
    for (const auto &[index, r] : batch.objects) {
        o.bind(1, index);
        o.bind(2, r.collection);
        bindText(o, 3, r.slug);
        o.bind(4, static_cast<std::int64_t>(r.tokenId));
        bindText(o, 5, r.displayKey);
        bindArray(o, 6, r.key);
        bindBytes(o, 7, StateCodec::traits(r.traits));
        bindArray(o, 8, r.traitsHash);
        o.bind(9, static_cast<std::int64_t>(r.contentSize));
        bindArray(o, 10, r.contentHash);
        o.bind(11, r.frames);
        o.bind(12, r.canvasWidth);
        o.bind(13, r.canvasHeight);
        o.bind(14, static_cast<std::int64_t>(r.mintedAt));
        bindArray(o, 15, r.mintTx);
        run(o);
        for (qsizetype position = 0; position < r.traits.size(); ++position) {
            t.bind(1, r.collection);
            bindText(t, 2, r.traits[position].trait);
            bindText(t, 3, r.traits[position].value);
            t.bind(4, index);
            t.bind(5, static_cast<std::int64_t>(position));
            t.bind(6, static_cast<std::int64_t>(r.mintedAt));
            run(t);
        }
        (*mints)[r.collection] += 1;
    }
}

void StateWriter::writeVersions(std::uint64_t height, const StateBatch &batch,
                                std::map<int, std::uint64_t> *mints)
{
    const auto h = static_cast<std::int64_t>(height);
    SqlStatement v(m_db, "INSERT INTO object_versions VALUES(?, ?, ?, ?, ?, ?) "
                         "ON CONFLICT(object, height) DO UPDATE SET owner = excluded.owner, "
                         "seller = excluded.seller, listing = excluded.listing, "
                         "last_sale = excluded.last_sale");
    ListingSpans spans(m_db);
    HoldingSpans holdings(m_db);
    for (const VersionChange &change : batch.versions) {
        const int object = change.object;
        const int collection = change.collection;
        const ObjectVersion &version = change.after;
        follow(collection, object, change.before, version);
        spans.changed(collection, object, height,
                      change.before ? change.before->listing : std::nullopt, version.listing);
        holdings.changed(collection, object, height,
                         change.before ? std::optional(change.before->owner) : std::nullopt,
                         version.owner);
        v.bind(1, object);
        v.bind(2, h);
        bindArray(v, 3, version.owner);
        if (version.listing) {
            bindArray(v, 4, version.listing->seller);
            bindBytes(v, 5, StateCodec::listing(*version.listing));
        } else {
            v.bind(4);
            v.bind(5);
        }
        if (version.lastSale)
            bindBytes(v, 6, StateCodec::sale(*version.lastSale));
        else
            v.bind(6);
        run(v);
        (*mints)[collection] += 0;
    }
}

void StateWriter::writeActivity(const StateBatch &batch, std::map<int, std::vector<Amount>> *sales)
{
    SqlStatement a(m_db, "INSERT INTO activity VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const ActivityEntry &e : batch.activity) {
        a.bind(1, static_cast<std::int64_t>(e.id));
        bindText(a, 2, e.type);
        a.bind(3, e.object);
        a.bind(4, e.collection);
        bindOptionalArray(a, 5, e.from);
        bindOptionalArray(a, 6, e.to);
        if (e.price)
            bindBytes(a, 7, StateCodec::amount(*e.price));
        else
            a.bind(7);
        bindArray(a, 8, e.txHash);
        a.bind(9, static_cast<std::int64_t>(e.height));
        a.bind(10, static_cast<std::int64_t>(e.timestamp));
        run(a);
        if (e.type == QLatin1String("sale") && e.price)
            (*sales)[e.collection].push_back(*e.price);
    }
}

void StateWriter::writeReceipts(const StateBatch &batch)
{
    SqlStatement r(m_db, "INSERT INTO receipts VALUES(?, ?, ?, ?, ?, ?, ?, ?)");
    for (const TxEntry &tx : batch.transactions) {
        bindArray(r, 1, tx.hash);
        bindArray(r, 2, tx.from);
        r.bind(3, tx.receipt.success ? 1 : 0);
        bindText(r, 4, tx.receipt.error);
        r.bind(5, static_cast<std::int64_t>(tx.receipt.gasUsed));
        bindBytes(r, 6, StateCodec::amount(tx.receipt.fee));
        bindBytes(r, 7, StateCodec::events(tx.receipt.events));
        r.bind(8, static_cast<std::int64_t>(tx.contentSize));
        run(r);
    }
}

void StateWriter::writeAccounts(std::uint64_t height, const StateBatch &batch)
{
    const auto h = static_cast<std::int64_t>(height);
    SqlStatement acc(m_db,
                     "INSERT INTO accounts VALUES(?, ?, ?, ?, ?) ON CONFLICT(address, height) "
                     "DO UPDATE SET balance = excluded.balance, nonce = excluded.nonce, "
                     "counters = excluded.counters");
    for (const auto &[address, s] : batch.accounts) {
        bindArray(acc, 1, address);
        acc.bind(2, h);
        bindBytes(acc, 3, StateCodec::amount(s.balance));
        acc.bind(4, static_cast<std::int64_t>(s.nonce));
        bindBytes(acc, 5, StateCodec::counters(s.counters));
        run(acc);
    }
}

void StateWriter::follow(int collection, int object, const std::optional<ObjectVersion> &before,
                         const ObjectVersion &after)
{
    if (before && before->holder() != after.holder()) {
        SqlStatement down(m_db, "UPDATE collection_holders SET objects = objects - 1 WHERE "
                                "collection = ? AND holder = ?");
        down.bind(1, collection);
        bindArray(down, 2, before->holder());
        down.exec();
        SqlStatement gone(
            m_db,
            "DELETE FROM collection_holders WHERE collection = ? AND holder = ? AND objects <= 0");
        gone.bind(1, collection);
        bindArray(gone, 2, before->holder());
        gone.exec();
    }
    if (!before || before->holder() != after.holder()) {
        SqlStatement up(m_db, "INSERT INTO collection_holders VALUES(?, ?, 1) "
                              "ON CONFLICT(collection, holder) DO UPDATE SET objects = "
                              "collection_holders.objects + 1");
        up.bind(1, collection);
        bindArray(up, 2, after.holder());
        up.exec();
    }
    const auto price = [](const std::optional<ObjectVersion> &v) {
        return v && v->listing ? std::optional(v->listing->price) : std::nullopt;
    };
    if (price(before) == price(after))
        return;
    if (price(before)) {
        SqlStatement q(
            m_db,
            "DELETE FROM collection_listings WHERE collection = ? AND price = ? AND object = ?");
        q.bind(1, collection);
        bindBytes(q, 2, StateCodec::amount(*price(before)));
        q.bind(3, object);
        q.exec();
    }
    if (price(after)) {
        SqlStatement q(m_db, "INSERT INTO collection_listings VALUES(?, ?, ?)");
        q.bind(1, collection);
        bindBytes(q, 2, StateCodec::amount(*price(after)));
        q.bind(3, object);
        q.exec();
    }
}

void StateWriter::committed()
{
    for (const auto &[collection, totals] : m_written)
        m_totals[collection] = totals;
    m_written.clear();
}

void StateWriter::forget()
{
    m_totals.clear();
    m_written.clear();
}

StateWriter::Totals StateWriter::totalsOf(int collection)
{
    if (const auto it = m_totals.find(collection); it != m_totals.end())
        return it->second;
    // Once a collection per writer: the first block that changes it.
    Totals t;
    SqlStatement last(m_db,
                      "SELECT items, volume, sales FROM collection_stats WHERE collection = ? "
                      "ORDER BY height DESC LIMIT 1");
    last.bind(1, collection);
    if (last.executeStep()) {
        t.items = last.getColumn(0).getInt64();
        t.volume = StateCodec::amount(last.getColumn(1).getBlob(), last.getColumn(1).getBytes())
                       .value_or(Amount(0));
        t.sales = last.getColumn(2).getInt64();
    }
    return t;
}

void StateWriter::writeStats(std::uint64_t height, int collection, std::uint64_t mints,
                             const std::vector<Amount> &sales)
{
    Totals t = totalsOf(collection);
    t.items += static_cast<std::int64_t>(mints);
    t.sales += static_cast<std::int64_t>(sales.size());
    for (const Amount &price : sales)
        t.volume += price;
    m_written[collection] = t;
    // Holders and listings are counted where they are, in the statement
    // that writes the row: nothing comes back to wait for.
    SqlStatement s(m_db,
                   "INSERT INTO collection_stats VALUES(?1, ?2, ?3, "
                   "(SELECT count(*) FROM collection_holders WHERE collection = ?1), "
                   "(SELECT count(*) FROM collection_listings WHERE collection = ?1), "
                   "(SELECT price FROM collection_listings WHERE collection = ?1 "
                   "ORDER BY price LIMIT 1), ?4, ?5) "
                   "ON CONFLICT(collection, height) DO UPDATE SET items = excluded.items, "
                   "owners = excluded.owners, listed = excluded.listed, "
                   "floor = excluded.floor, volume = excluded.volume, sales = excluded.sales");
    s.bind(1, collection);
    s.bind(2, static_cast<std::int64_t>(height));
    s.bind(3, t.items);
    bindBytes(s, 4, StateCodec::amount(t.volume));
    s.bind(5, t.sales);
    s.exec();
}

} // namespace gifscan::chain
