// ChainStore, continued: opening the chain's tables, in the node's SQLite
// file or in the indexer's PostgreSQL database. Same object and thread as
// chain/store/chainstore.cpp; apart for that file's length.
#include "chain/store/chainstore.h"
#include "chain/store/holdingspans.h"
#include "chain/store/listingspans.h"
#include "chain/store/postgresdatabase.h"
#include "chain/store/postgresmigrations.h"
#include "chain/store/spantable.h"
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqlitedatabase.h"
#include "chain/store/statereader.h"
#include "chain/store/statewriter.h"

#include <QFile>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>

namespace gifscan::chain {

namespace {
// "GIFS": tells our file from any other SQLite database.
constexpr int kApplicationId = 0x47494653;

const char *const kSchema = R"sql(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE blocks(
  height INTEGER PRIMARY KEY,
  hash BLOB NOT NULL UNIQUE,
  parent BLOB NOT NULL,
  timestamp INTEGER NOT NULL,
  proposer BLOB NOT NULL,
  object_root BLOB NOT NULL,
  tx_root BLOB NOT NULL,
  tx_count INTEGER NOT NULL,
  validators_hash BLOB NOT NULL,
  holdings_root BLOB NOT NULL,
  commit_sigs BLOB NOT NULL);
CREATE TABLE transactions(
  hash BLOB PRIMARY KEY,
  height INTEGER NOT NULL,
  position INTEGER NOT NULL,
  body BLOB NOT NULL,
  content BLOB,
  UNIQUE(height, position)) WITHOUT ROWID;
CREATE TABLE contents(hash BLOB PRIMARY KEY, bytes BLOB NOT NULL);
INSERT INTO meta VALUES('protocol', '2');
)sql";
} // namespace

void ChainStore::closeAs(const QString &path)
{
    m_path = path;
    m_commitChecked.clear();
    m_keptHeaders.clear();
    m_keptRoots.clear();
    m_tries.reset();
    m_reader.reset();
    m_writer.reset();
    m_db.reset();
    m_reading.reset();
    m_blockCount = 0;
    m_stateComplete = false;
}

Outcome<> ChainStore::open(const QString &path, bool durable)
{
    closeAs(path);
    const bool existed = !path.isEmpty() && QFile::exists(path);
    try {
        auto db = std::make_unique<SqliteDatabase>(path);
        // Reads the header page: a file that is not a database fails here.
        const int appId = db->queryInt("PRAGMA application_id");
        const int version = db->queryInt("PRAGMA user_version");
        const bool older = appId == kApplicationId && version >= 1 && version < kSchemaVersion;
        if (existed && !older && (appId != kApplicationId || version != kSchemaVersion)) {
            const bool empty = db->queryInt("SELECT count(*) FROM sqlite_schema") == 0;
            if (!empty)
                return Failure::invalid(
                    appId != kApplicationId
                        ? QStringLiteral("%1 is not a gifscan chain database").arg(path)
                        : QStringLiteral("%1 has schema version %2, this node reads version %3")
                              .arg(path)
                              .arg(version)
                              .arg(kSchemaVersion));
        }
        // WAL: readers never wait for the writer, and a commit is one
        // sequential append. The page cache is bounded (16 MiB) whatever the
        // chain's length.
        if (!path.isEmpty())
            db->queryInt("PRAGMA journal_mode=WAL");
        db->exec("PRAGMA cache_size=-16384");
        db->exec("PRAGMA foreign_keys=OFF");
        // Damaged b-tree cells are reported as SQLITE_CORRUPT instead of
        // being read past.
        db->exec("PRAGMA cell_size_check=ON");
        if (appId != kApplicationId || older) {
            SqlTransaction t(*db);
            if (!older)
                db->exec(kSchema);
            if (!older || version < 2)
                db->exec(TrieTables::kSchema);
            if (!older)
                db->exec(StateWriter::kSchema);
            // A new file's (empty) state is whole; a file older than the
            // state tables has them built by re-executing its blocks. A
            // version 3 file keeps its state: only its listing spans lack
            // the seller, and they are made again below (their mark).
            if (!older || version < 3)
                db->exec(std::string("INSERT INTO meta VALUES('state', '") +
                         (older ? "rebuild" : "complete") +
                         "') ON CONFLICT(key) DO UPDATE SET value = excluded.value");
            db->exec("PRAGMA application_id=" + std::to_string(kApplicationId));
            db->exec("PRAGMA user_version=" + std::to_string(kSchemaVersion));
            t.commit();
        }
        m_stateComplete =
            db->queryInt("SELECT count(*) FROM meta WHERE key = 'state' AND value = 'complete'") ==
            1;
        if (!m_stateComplete) {
            // A rebuild cut short starts again from empty tables.
            SqlTransaction t(*db);
            for (const char *const *table = StateWriter::kTables; *table; ++table)
                db->exec(std::string("DROP TABLE IF EXISTS ") + *table);
            db->exec(StateWriter::kSchema);
            t.commit();
        }
        db->exec(StateWriter::kLaterIndexes);
        ListingSpans::makeOnOpen(*db, m_stateComplete);
        HoldingSpans::makeOnOpen(*db, m_stateComplete);
        takeUp(std::move(db));
    } catch (const std::exception &e) {
        return fail("open it", e);
    }
    setDurable(durable);
    return success();
}

void ChainStore::takeUp(std::unique_ptr<SqlDatabase> db)
{
    m_db = std::move(db);
    m_blockCount = 0;
    refresh();
    m_tries = std::make_unique<TrieTables>(*m_db, m_path);
    m_writer = std::make_unique<StateWriter>(*m_db);
    m_reader = std::make_unique<StateReader>(*m_db, m_path);
}

std::uint64_t ChainStore::refresh()
{
    const auto count = m_db->queryInt("SELECT coalesce(max(height) + 1, 0) FROM blocks");
    if (static_cast<std::uint64_t>(count) < m_blockCount) { // not the blocks it was
        m_keptHeaders.clear();
        m_keptRoots.clear();
    }
    m_blockCount = static_cast<std::uint64_t>(count);
    return m_blockCount;
}

Outcome<> ChainStore::openServer(const QString &url, bool create)
{
    closeAs(PostgresDatabase::redacted(url));
    try {
        auto db = std::make_unique<PostgresDatabase>(url);
        m_path = db->name();
        if (Outcome<> readable = upgradeServer(*db, create); !readable)
            return readable;
        m_stateComplete = true;
        takeUp(std::move(db));
    } catch (const std::exception &e) {
        return fail("open it", e);
    }
    return success();
}

Outcome<> ChainStore::openReading(const QString &path)
{
    closeAs(path);
    // SQLite would make an empty file of a name not there yet: waited for
    // instead, as a server waits for its follower's tables.
    struct stat file = {};
    if (::stat(QFile::encodeName(path).constData(), &file) != 0) {
        if (errno != ENOENT)
            return Failure::invalid(
                QStringLiteral("%1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno))));
        return Failure::notYet(
            QStringLiteral("%1 is not there: its node makes it as it starts").arg(path));
    }
    try {
        auto db = std::make_unique<SqliteDatabase>(path, true);
        if (db->queryInt("PRAGMA application_id") == 0 &&
            db->queryInt("SELECT count(*) FROM sqlite_schema") == 0)
            return Failure::notYet(
                QStringLiteral("%1 holds nothing yet: its node makes its tables as it starts")
                    .arg(path));
        db->exec("PRAGMA cache_size=-16384");
        db->exec("PRAGMA cell_size_check=ON");
        // The schema's version before the checks: a rebuild begun between
        // them changes it, and the next take-up checks again.
        const std::int64_t schema = db->queryInt("PRAGMA schema_version");
        if (Outcome<> readable = readableFile(*db); !readable)
            return readable;
        m_reading = ReadFile{static_cast<std::uint64_t>(file.st_dev),
                             static_cast<std::uint64_t>(file.st_ino), schema};
        m_stateComplete = true;
        takeUp(std::move(db));
    } catch (const std::exception &e) {
        return fail("open it", e);
    }
    return success();
}

Outcome<> ChainStore::readableFile(SqlDatabase &db) const
{
    const int appId = db.queryInt("PRAGMA application_id");
    const int version = db.queryInt("PRAGMA user_version");
    if (appId != kApplicationId)
        return Failure::invalid(QStringLiteral("%1 is not a gifscan chain database").arg(m_path));
    if (version != kSchemaVersion)
        return Failure::invalid(
            QStringLiteral("%1 has schema version %2, this build reads version %3: its node "
                           "upgrades it as it starts")
                .arg(m_path)
                .arg(version)
                .arg(kSchemaVersion));
    if (db.queryInt("SELECT count(*) FROM meta WHERE key = 'state' AND value = 'complete'") != 1)
        return Failure::notYet(
            QStringLiteral("%1 is being rebuilt by its node: its state is not whole yet")
                .arg(m_path));
    // The spans are written with each block by this build's node; an older
    // one writes blocks without them, and its lists would be wrong.
    if (!spansCurrent(db))
        return Failure::invalid(QStringLiteral("%1 was written by an older node, without the "
                                               "spans this build reads: start its node with "
                                               "this build once")
                                    .arg(m_path));
    return success();
}

Outcome<> ChainStore::stillReadable()
{
    if (!m_reading)
        return success();
    // Another file under the name (a node's data made anew) is another
    // chain: this connection would read the one unlinked, frozen, forever.
    struct stat file = {};
    if (::stat(QFile::encodeName(m_path).constData(), &file) != 0 ||
        static_cast<std::uint64_t>(file.st_dev) != m_reading->device ||
        static_cast<std::uint64_t>(file.st_ino) != m_reading->inode)
        return Failure::unavailable(QStringLiteral("%1 was removed or replaced since this server "
                                                   "opened it: restart the server to read the "
                                                   "file there now")
                                        .arg(m_path));
    try {
        // The node changes its tables only to rebuild or upgrade its state.
        const std::int64_t schema = m_db->queryInt("PRAGMA schema_version");
        if (schema == m_reading->schema)
            return success();
        if (Outcome<> readable = readableFile(*m_db); !readable)
            return Failure::unavailable(readable.error().message);
        m_reading->schema = schema;
    } catch (const std::exception &e) {
        return failureOf(e, QString::fromUtf8(e.what()));
    }
    return success();
}

bool ChainStore::spansCurrent(SqlDatabase &db)
{
    if (db.queryInt("SELECT EXISTS(SELECT 1 FROM blocks)") == 0)
        return true; // nothing written yet: each block will bring its spans
    return ListingSpans::table().current(db) && HoldingSpans::table().current(db);
}

bool ChainStore::namesServer(const QString &database)
{
    return database.startsWith(QLatin1String("postgresql://")) ||
           database.startsWith(QLatin1String("postgres://")) || database.contains(u'=');
}

// The follower makes the tables of a new database and migrates an older
// one; a reader waits for either. A database newer than this build is
// read by neither: a restart would not mend it.
Outcome<> ChainStore::upgradeServer(SqlDatabase &db, bool create)
{
    const int latest = PostgresMigrations::latest();
    const std::optional<int> version = PostgresMigrations::versionOf(db);
    if (version && (*version < PostgresMigrations::kFirst || *version > latest))
        return Failure::invalid(
            QStringLiteral("%1 has schema version %2, this build reads version %3%4")
                .arg(m_path, QString::number(*version), QString::number(latest),
                     *version > latest ? QStringLiteral(": it was written by a newer gifscan")
                                       : QString()));
    if (!create && version != latest)
        return Failure::notYet(
            version ? QStringLiteral("%1 has schema version %2, this build reads version %3: its "
                                     "follower migrates it as it starts")
                          .arg(m_path)
                          .arg(*version)
                          .arg(latest)
                    : QStringLiteral("%1 holds no chain yet: the indexer's follower makes its "
                                     "tables")
                          .arg(m_path));
    if (!version) {
        SqlTransaction t(db);
        db.exec(db.schema(kSchema));
        db.exec(db.schema(TrieTables::kSchema));
        db.exec(db.schema(StateWriter::kSchema));
        db.exec("INSERT INTO meta VALUES('state', 'complete'), ('schema', '" +
                std::to_string(PostgresMigrations::kFirst) + "')");
        t.commit();
    }
    PostgresMigrations::migrate(db, version.value_or(PostgresMigrations::kFirst));
    return success();
}

void ChainStore::setDurable(bool durable)
{
    // A server's commit is durable as it is configured (synchronous_commit).
    if (!m_db || m_db->engine() != SqlDatabase::Engine::Sqlite)
        return;
    // In WAL mode NORMAL is still consistent after any crash; FULL also
    // makes each commit survive the machine losing power.
    m_db->exec(durable ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
}

} // namespace gifscan::chain
