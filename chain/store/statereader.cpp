#include "chain/store/statereader.h"

#include "chain/store/sqlcolumns.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/statecodec.h"
#include "core/protocol/commitments.h"
#include "core/support/clock.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <unordered_set>

namespace gifscan::chain {

StateReader::StateReader(SqlDatabase &db, QString path) : m_db(db), m_path(std::move(path)) {}

StateReader::~StateReader() = default;

void StateReader::setDeadline(std::optional<qint64> steadyMs) const
{
    m_db.setDeadline(steadyMs);
}

bool StateReader::pastDeadline() const
{
    return m_db.pastDeadline();
}

void StateReader::recoverFromCut() const
{
    m_db.recoverFromCut();
}

ReadDeadline::ReadDeadline(const StateReader &reader, qint64 budgetMs) : m_reader(reader)
{
    m_reader.setDeadline(Clock::steady().nowMs() + budgetMs);
}

ReadDeadline::~ReadDeadline()
{
    const bool cut = m_reader.pastDeadline();
    m_reader.setDeadline(std::nullopt);
    if (cut)
        m_reader.recoverFromCut();
}

SqlStatement &StateReader::prepared(const char *sql) const
{
    auto &slot = m_statements[sql];
    if (!slot)
        slot = std::make_unique<SqlStatement>(m_db, sql);
    slot->reset();
    slot->clearBindings();
    return *slot;
}

bool StateReader::step(SqlStatement &q) const
{
    try {
        return q.executeStep();
    } catch (const SqlError &e) {
        if (e.kind() == SqlError::Kind::Interrupted)
            throw ReadTimedOut("the read ran past its deadline");
        // A server gone is not damage: its kind goes up (failureOf makes it
        // Unavailable), and its reader connects again.
        if (e.kind() == SqlError::Kind::ConnectionLost)
            throw;
        damagedBecause(QString::fromUtf8(e.what()));
    }
}

void StateReader::damaged(const QString &what) const
{
    damagedBecause(QStringLiteral("%1 cannot be read").arg(what));
}

void StateReader::damagedBecause(const QString &why) const
{
    throw std::runtime_error(
        QStringLiteral("%1 is damaged: %2")
            .arg(m_path.isEmpty() ? QStringLiteral("the temporary database") : m_path, why)
            .toStdString());
}

std::vector<CollectionRecord> StateReader::collections() const
{
    std::vector<CollectionRecord> out;
    SqlStatement q(
        m_db, "SELECT id, slug, name, category, creator, created_at FROM collections ORDER BY id");
    while (step(q)) {
        CollectionRecord c;
        c.slug = columnText(q.getColumn(1));
        c.name = columnText(q.getColumn(2));
        c.category = columnText(q.getColumn(3));
        c.createdAt = static_cast<std::uint64_t>(q.getColumn(5).getInt64());
        if (q.getColumn(0).getInt64() != static_cast<std::int64_t>(out.size()) ||
            !readArray(q.getColumn(4), &c.creator))
            damaged(QStringLiteral("collection %1").arg(out.size()));
        out.push_back(std::move(c));
    }
    return out;
}

std::size_t StateReader::objectCount() const
{
    auto &q = prepared("SELECT coalesce(max(id) + 1, 0) FROM objects");
    StatementReset r{q};
    step(q);
    return static_cast<std::size_t>(q.getColumn(0).getInt64());
}

namespace {
constexpr const char *kObjectColumns =
    "SELECT id, collection, slug, token_id, display_key, key, traits, traits_hash, content_size, "
    "content_hash, frames, width, height, minted_at, mint_tx FROM objects ";
constexpr int kObjectColumnCount = 15;
// The same of objects o, then a version's owner, listing and last sale.
constexpr const char *kFoundColumns =
    "SELECT o.id, o.collection, o.slug, o.token_id, o.display_key, o.key, o.traits, "
    "o.traits_hash, o.content_size, o.content_hash, o.frames, o.width, o.height, o.minted_at, "
    "o.mint_tx, v.owner, v.listing, v.last_sale FROM objects o ";
} // namespace

std::optional<ObjectRecord> StateReader::object(int index) const
{
    static const std::string sql = std::string(kObjectColumns) + "WHERE id = ?";
    auto &q = prepared(sql.c_str());
    StatementReset r{q};
    q.bind(1, index);
    if (!step(q))
        return std::nullopt;
    return objectRow(q);
}

std::vector<std::pair<int, ObjectRecord>>
StateReader::objectsIn(const std::vector<int> &objects) const
{
    auto sql = [](SqlDatabase::Engine engine) {
        return std::string(kObjectColumns) + "WHERE id IN " + SqlDatabase::numbersTable(engine, 1);
    };
    static const std::string kSqlite = sql(SqlDatabase::Engine::Sqlite);
    static const std::string kPostgres = sql(SqlDatabase::Engine::Postgres);
    const SqlDatabase::Engine engine = m_db.engine();
    auto &q =
        prepared(engine == SqlDatabase::Engine::Postgres ? kPostgres.c_str() : kSqlite.c_str());
    StatementReset r{q};
    q.bind(1, SqlDatabase::numberList(engine, {objects.begin(), objects.end()}));
    std::vector<std::pair<int, ObjectRecord>> out;
    while (step(q))
        out.emplace_back(q.getColumn(0).getInt(), objectRow(q));
    return out;
}

std::vector<std::pair<Hash32, int>>
StateReader::objectIndexes(const std::vector<Hash32> &keys) const
{
    std::vector<std::pair<Hash32, int>> out;
    // A file's lookups cost no round trip: one each, by the index.
    if (m_db.engine() != SqlDatabase::Engine::Postgres) {
        for (const Hash32 &key : keys)
            if (const int index = keyIndex(key); index >= 0)
                out.emplace_back(key, index);
        return out;
    }
    // bytea[] in its text form, decoded from the bytes text goes as.
    const std::string list = SqlDatabase::byteaList({keys.begin(), keys.end()});
    auto &q = prepared("SELECT key, id FROM objects WHERE key = ANY(CAST(convert_from(?, 'UTF8') "
                       "AS BYTEA[]))");
    StatementReset r{q};
    q.bind(1, list);
    while (step(q)) {
        Hash32 key{};
        if (!readArray(q.getColumn(0), &key))
            damaged(QStringLiteral("object %1").arg(q.getColumn(1).getInt()));
        out.emplace_back(key, q.getColumn(1).getInt());
    }
    return out;
}

int StateReader::keyIndex(const Hash32 &key) const
{
    auto &q = prepared("SELECT id FROM objects WHERE key = ?");
    StatementReset r{q};
    bindArray(q, 1, key);
    return step(q) ? q.getColumn(0).getInt() : -1;
}

ObjectRecord StateReader::objectRow(const SqlStatement &q) const
{
    const int index = q.getColumn(0).getInt();
    ObjectRecord o;
    o.collection = q.getColumn(1).getInt();
    o.slug = columnText(q.getColumn(2));
    o.tokenId = static_cast<std::uint64_t>(q.getColumn(3).getInt64());
    o.displayKey = columnText(q.getColumn(4));
    const auto traits = StateCodec::traits(columnBlob(q.getColumn(6)));
    o.contentSize = q.getColumn(8).getInt64();
    o.frames = q.getColumn(10).getInt();
    o.canvasWidth = q.getColumn(11).getInt();
    o.canvasHeight = q.getColumn(12).getInt();
    o.mintedAt = static_cast<std::uint64_t>(q.getColumn(13).getInt64());
    // A row must agree with itself: its key and traits hash are functions of
    // its name and traits, so damage to any of them is seen here.
    if (!traits || !readArray(q.getColumn(5), &o.key) ||
        !readArray(q.getColumn(7), &o.traitsHash) || !readArray(q.getColumn(9), &o.contentHash) ||
        !readArray(q.getColumn(14), &o.mintTx) || o.displayKey != displayKey(o.slug, o.tokenId) ||
        o.key != objectKey(o.displayKey) || o.traitsHash != traitsHash(*traits))
        damaged(QStringLiteral("object %1").arg(index));
    o.traits = *traits;
    return o;
}

// The row with its number, in one statement: the number alone and then
// the record were two round trips a new object on a read server, and its
// version a third.
std::optional<FoundObject> StateReader::objectNamed(const QString &displayKey,
                                                    std::optional<std::uint64_t> height) const
{
    static const std::string kName = std::string(kObjectColumns) + "WHERE display_key = ?1";
    // Its version by then as versions() reads one, on each engine: none
    // before its mint.
    static const std::string kSqlite =
        std::string(kFoundColumns) +
        "LEFT JOIN object_versions v ON v.object = o.id AND v.height = (SELECT max(w.height) "
        "FROM object_versions w WHERE w.object = o.id AND w.height <= ?2) WHERE o.display_key = ?1";
    static const std::string kPostgres =
        std::string(kFoundColumns) +
        "LEFT JOIN LATERAL (SELECT owner, listing, last_sale FROM object_versions w WHERE w.object "
        "= o.id AND w.height <= ?2 ORDER BY w.height DESC LIMIT 1) v ON true WHERE o.display_key "
        "= ?1";
    const bool postgres = m_db.engine() == SqlDatabase::Engine::Postgres;
    auto &q = prepared(!height ? kName.c_str() : postgres ? kPostgres.c_str() : kSqlite.c_str());
    StatementReset r{q};
    q.bind(1, displayKey.toStdString());
    if (height)
        q.bind(2, static_cast<std::int64_t>(*height));
    if (!step(q))
        return std::nullopt;
    FoundObject found{q.getColumn(0).getInt(), objectRow(q), std::nullopt};
    if (height && !q.getColumn(kObjectColumnCount).isNull())
        found.version = versionRow(q, kObjectColumnCount, found.index, *height);
    return found;
}

std::optional<FoundObject> StateReader::objectKeyed(const Hash32 &key) const
{
    static const std::string sql = std::string(kObjectColumns) + "WHERE key = ?";
    auto &q = prepared(sql.c_str());
    StatementReset r{q};
    bindArray(q, 1, key);
    if (!step(q))
        return std::nullopt;
    return FoundObject{q.getColumn(0).getInt(), objectRow(q), std::nullopt};
}

std::optional<ObjectVersion> StateReader::version(int object, std::uint64_t height) const
{
    auto &q = prepared(
        "SELECT owner, listing, last_sale FROM object_versions WHERE object = ? AND height <= ? "
        "ORDER BY height DESC LIMIT 1");
    StatementReset r{q};
    q.bind(1, object);
    q.bind(2, static_cast<std::int64_t>(height));
    if (!step(q))
        return std::nullopt;
    return versionRow(q, 0, object, height);
}

// One statement for a list's worth: a round trip each was most of the time
// of a list ordered by price on a PostgreSQL read server. An object's version
// is its newest row by then. SQLite finds it by a correlated max(); on
// PostgreSQL that form was planned as a hash join over every version (1.3 ms
// for a page's worth), where a LATERAL newest-first row is one index probe an
// object.
std::vector<std::pair<int, ObjectVersion>>
StateReader::versions(int collection, int first, int last, std::uint64_t height) const
{
    static constexpr const char *kSqlite =
        "SELECT o.id, v.owner, v.listing, v.last_sale FROM objects o JOIN object_versions v ON "
        "v.object = o.id AND v.height = (SELECT max(w.height) FROM object_versions w WHERE "
        "w.object = o.id AND w.height <= ?1) WHERE (?2 < 0 OR o.collection = ?2) AND o.id "
        "BETWEEN ?3 AND ?4 ORDER BY o.id";
    static constexpr const char *kPostgres =
        "SELECT o.id, v.owner, v.listing, v.last_sale FROM objects o CROSS JOIN LATERAL (SELECT "
        "owner, listing, last_sale FROM object_versions w WHERE w.object = o.id AND w.height <= "
        "?1 ORDER BY w.height DESC LIMIT 1) v WHERE (?2 < 0 OR o.collection = ?2) AND o.id "
        "BETWEEN ?3 AND ?4 ORDER BY o.id";
    auto &q = prepared(m_db.engine() == SqlDatabase::Engine::Postgres ? kPostgres : kSqlite);
    StatementReset r{q};
    q.bind(1, static_cast<std::int64_t>(height));
    q.bind(2, collection);
    q.bind(3, first);
    q.bind(4, last);
    std::vector<std::pair<int, ObjectVersion>> out;
    while (step(q)) {
        const int object = q.getColumn(0).getInt();
        out.emplace_back(object, versionRow(q, 1, object, height));
    }
    return out;
}

std::vector<std::pair<int, ObjectVersion>> StateReader::versionsOf(const std::vector<int> &objects,
                                                                   std::uint64_t height) const
{
    const SqlDatabase::Engine engine = m_db.engine();
    // In a file, objects near one another are a range of the table, read
    // in order; a server finds each by its key, near or not.
    if (engine == SqlDatabase::Engine::Sqlite && objects.size() > 1) {
        const auto [low, high] = std::minmax_element(objects.begin(), objects.end());
        if (*low >= 0 && static_cast<std::size_t>(*high - *low) <= 8 * objects.size() + 1024) {
            auto found = versions(-1, *low, *high, height);
            const std::unordered_set<int> asked(objects.begin(), objects.end());
            std::erase_if(found, [&](const auto &row) { return !asked.contains(row.first); });
            return found;
        }
    }
    static const std::string kSqlite =
        "SELECT o.id, v.owner, v.listing, v.last_sale FROM " +
        SqlDatabase::numbersTable(SqlDatabase::Engine::Sqlite, 2) +
        " o JOIN object_versions v ON v.object = o.id AND v.height = (SELECT max(w.height) FROM "
        "object_versions w WHERE w.object = o.id AND w.height <= ?1)";
    static const std::string kPostgres =
        "SELECT o.id, v.owner, v.listing, v.last_sale FROM " +
        SqlDatabase::numbersTable(SqlDatabase::Engine::Postgres, 2) +
        " o CROSS JOIN LATERAL (SELECT owner, listing, last_sale FROM object_versions w WHERE "
        "w.object = o.id AND w.height <= ?1 ORDER BY w.height DESC LIMIT 1) v";
    auto &q =
        prepared(engine == SqlDatabase::Engine::Postgres ? kPostgres.c_str() : kSqlite.c_str());
    StatementReset r{q};
    q.bind(1, static_cast<std::int64_t>(height));
    q.bind(2, SqlDatabase::numberList(engine, {objects.begin(), objects.end()}));
    std::vector<std::pair<int, ObjectVersion>> out;
    while (step(q)) {
        const int object = q.getColumn(0).getInt();
        out.emplace_back(object, versionRow(q, 1, object, height));
    }
    return out;
}

ObjectVersion StateReader::versionRow(const SqlStatement &q, int column, int object,
                                      std::uint64_t height) const
{
    ObjectVersion v;
    bool ok = readArray(q.getColumn(column), &v.owner);
    if (!q.getColumn(column + 1).isNull()) {
        v.listing = StateCodec::listing(columnBlob(q.getColumn(column + 1)));
        ok = ok && v.listing;
    }
    if (!q.getColumn(column + 2).isNull()) {
        v.lastSale = StateCodec::sale(columnBlob(q.getColumn(column + 2)));
        ok = ok && v.lastSale;
    }
    if (!ok)
        damaged(QStringLiteral("object %1 at block %2").arg(object).arg(height));
    return v;
}

std::uint64_t StateReader::nextTokenId(int collection) const
{
    auto &q = prepared("SELECT coalesce(max(token_id) + 1, 1) FROM objects WHERE collection = ?");
    StatementReset r{q};
    q.bind(1, collection);
    step(q);
    return static_cast<std::uint64_t>(q.getColumn(0).getInt64());
}

CollectionTotals StateReader::totals(int collection, std::uint64_t height) const
{
    auto &q = prepared("SELECT items, owners, listed, floor, volume, sales FROM collection_stats "
                       "WHERE collection = ? AND height <= ? ORDER BY height DESC LIMIT 1");
    StatementReset r{q};
    q.bind(1, collection);
    q.bind(2, static_cast<std::int64_t>(height));
    CollectionTotals t;
    if (!step(q))
        return t;
    t.items = static_cast<std::uint64_t>(q.getColumn(0).getInt64());
    t.owners = static_cast<std::uint64_t>(q.getColumn(1).getInt64());
    t.listed = static_cast<std::uint64_t>(q.getColumn(2).getInt64());
    t.sales = static_cast<std::uint64_t>(q.getColumn(5).getInt64());
    const auto volume = StateCodec::amount(q.getColumn(4).getBlob(), q.getColumn(4).getBytes());
    if (!q.getColumn(3).isNull()) {
        t.floorPrice = StateCodec::amount(q.getColumn(3).getBlob(), q.getColumn(3).getBytes());
        if (!t.floorPrice)
            damaged(QStringLiteral("the statistics of collection %1").arg(collection));
    }
    if (!volume)
        damaged(QStringLiteral("the statistics of collection %1").arg(collection));
    t.volume = *volume;
    return t;
}

std::vector<std::pair<Trait, std::uint64_t>> StateReader::traitCounts(int collection,
                                                                      std::uint64_t height) const
{
    auto &q = prepared(
        "SELECT trait, value, count(*) FROM object_traits WHERE collection = ? AND minted_at <= ? "
        "GROUP BY trait, value");
    StatementReset r{q};
    q.bind(1, collection);
    q.bind(2, static_cast<std::int64_t>(height));
    std::vector<std::pair<Trait, std::uint64_t>> out;
    while (step(q))
        out.push_back({Trait{columnText(q.getColumn(0)), columnText(q.getColumn(1))},
                       static_cast<std::uint64_t>(q.getColumn(2).getInt64())});
    // By name, then value, as QString orders them (SQLite orders UTF-8 bytes).
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) {
        return a.first.trait != b.first.trait ? a.first.trait < b.first.trait
                                              : a.first.value < b.first.value;
    });
    return out;
}

std::vector<RankedObject> StateReader::traitsOf(int collection, std::uint64_t items) const
{
    auto &q = prepared(
        "SELECT id, token_id, traits FROM objects WHERE collection = ? ORDER BY id LIMIT ?");
    StatementReset r{q};
    q.bind(1, collection);
    q.bind(2, static_cast<std::int64_t>(items));
    std::vector<RankedObject> out;
    while (step(q)) {
        auto traits = StateCodec::traits(columnBlob(q.getColumn(2)));
        if (!traits)
            damaged(QStringLiteral("the traits of object %1").arg(q.getColumn(0).getInt()));
        out.push_back({q.getColumn(0).getInt(),
                       static_cast<std::uint64_t>(q.getColumn(1).getInt64()), std::move(*traits)});
    }
    return out;
}

std::vector<std::pair<int, std::uint64_t>> StateReader::mints(int first, std::size_t limit) const
{
    auto &q =
        prepared("SELECT collection, minted_at FROM objects WHERE id >= ? ORDER BY id LIMIT ?");
    StatementReset r{q};
    q.bind(1, first);
    q.bind(2, static_cast<std::int64_t>(limit));
    std::vector<std::pair<int, std::uint64_t>> out;
    while (step(q))
        out.emplace_back(q.getColumn(0).getInt(),
                         static_cast<std::uint64_t>(q.getColumn(1).getInt64()));
    return out;
}

std::vector<std::pair<int, int>> StateReader::objects(int collection, const QList<Trait> &traits,
                                                      std::uint64_t height,
                                                      const ObjectsPage &page) const
{
    std::string sql = "SELECT id, collection FROM objects WHERE minted_at <= ?";
    if (collection >= 0)
        sql += " AND collection = ?";
    for (qsizetype i = 0; i < traits.size(); ++i)
        sql += " AND id IN (SELECT object FROM object_traits WHERE trait = ? AND value = ?)";
    // From where the last page ended, by the index on (slug, token_id).
    if (page.after)
        sql += page.reverse ? " AND (slug, token_id) < (SELECT slug, token_id FROM objects WHERE "
                              "id = ?)"
                            : " AND (slug, token_id) > (SELECT slug, token_id FROM objects WHERE "
                              "id = ?)";
    sql += page.reverse ? " ORDER BY slug DESC, token_id DESC" : " ORDER BY slug, token_id";
    if (page.limit)
        sql += " LIMIT ?";
    SqlStatement q(m_db, sql);
    int n = 1;
    q.bind(n++, static_cast<std::int64_t>(height));
    if (collection >= 0)
        q.bind(n++, collection);
    for (const Trait &t : traits) {
        q.bind(n++, t.trait.toStdString());
        q.bind(n++, t.value.toStdString());
    }
    if (page.after)
        q.bind(n++, *page.after);
    if (page.limit)
        q.bind(n++, static_cast<std::int64_t>(std::min<std::size_t>(
                        *page.limit, std::numeric_limits<std::int32_t>::max())));
    std::vector<std::pair<int, int>> out;
    while (step(q))
        out.emplace_back(q.getColumn(0).getInt(), q.getColumn(1).getInt());
    return out;
}

} // namespace gifscan::chain
