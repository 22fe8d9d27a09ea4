#include "server/webhooks/webhookstore.h"

#include "chain/store/postgresdatabase.h"
#include "chain/store/sqlcolumns.h"
#include "chain/store/sqlitedatabase.h"
#include "chain/store/sqlstatement.h"

#include <QFile>
#include <QJsonDocument>

namespace gifscan::server {

namespace {
constexpr int kApplicationId = 0x67696677; // "gifw"
// 2: hooks.owner, the address that registered each (version 1 had none;
// opening one adds the column, empty for the webhooks it holds).
// 3: hooks.lease_owner and lease_until_ms, the deliverer sending its next
// delivery (added in place to a version 1 or 2 file).
constexpr int kSchemaVersion = 3;

// A standby in recovery, or a role or database set read only.
bool readOnly(chain::SqlDatabase &db)
{
    return db.queryInt("SELECT CASE current_setting('transaction_read_only') WHEN 'on' THEN 1 "
                       "ELSE 0 END") == 1;
}

constexpr const char *kSchema = R"(
CREATE TABLE hooks (
  id TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  url TEXT NOT NULL,
  filter TEXT NOT NULL,
  created_height INTEGER NOT NULL,
  scanned_height INTEGER NOT NULL,
  created_ms INTEGER NOT NULL,
  delivered INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  failing_since_ms INTEGER NOT NULL DEFAULT -1,
  last_attempt_ms INTEGER NOT NULL DEFAULT -1,
  last_status INTEGER NOT NULL DEFAULT 0,
  last_error TEXT NOT NULL DEFAULT '',
  disabled_reason TEXT NOT NULL DEFAULT '',
  owner TEXT NOT NULL DEFAULT '',
  lease_owner TEXT NOT NULL DEFAULT '',
  lease_until_ms INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE deliveries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  hook TEXT NOT NULL,
  message_id BLOB NOT NULL,
  height INTEGER NOT NULL,
  body BLOB NOT NULL,
  attempt INTEGER NOT NULL DEFAULT 0,
  next_ms INTEGER NOT NULL
);
CREATE INDEX deliveries_by_hook ON deliveries(hook, seq);
CREATE TABLE meta (key TEXT PRIMARY KEY, value BLOB NOT NULL);
)";

constexpr const char *kHookColumns =
    "id, secret, url, filter, created_height, scanned_height, created_ms, delivered, failed, "
    "failing_since_ms, last_attempt_ms, last_status, last_error, disabled_reason, owner";

WebhookStore::Hook readHook(chain::SqlStatement &q)
{
    WebhookStore::Hook h;
    h.id = chain::columnText(q.getColumn(0));
    h.secret = chain::columnText(q.getColumn(1));
    h.url = chain::columnText(q.getColumn(2));
    h.filter = WebhookFilter::fromJson(
        QJsonDocument::fromJson(chain::columnBlob(q.getColumn(3))).object());
    h.createdHeight = static_cast<std::uint64_t>(q.getColumn(4).getInt64());
    h.scannedHeight = static_cast<std::uint64_t>(q.getColumn(5).getInt64());
    h.createdMs = q.getColumn(6).getInt64();
    h.delivered = q.getColumn(7).getInt64();
    h.failed = q.getColumn(8).getInt64();
    h.failingSinceMs = q.getColumn(9).getInt64();
    h.lastAttemptMs = q.getColumn(10).getInt64();
    h.lastStatus = q.getColumn(11).getInt();
    h.lastError = chain::columnText(q.getColumn(12));
    h.disabledReason = chain::columnText(q.getColumn(13));
    h.owner = chain::columnText(q.getColumn(14));
    return h;
}
} // namespace

WebhookStore::WebhookStore() = default;
WebhookStore::~WebhookStore() = default;

Outcome<> WebhookStore::open(const QString &path)
{
    // Created empty and private before SQLite opens it; its -wal and -shm
    // files take the same permissions from it.
    if (!path.isEmpty()) {
        QFile file(path);
        if (!file.exists() && file.open(QIODevice::WriteOnly))
            file.close();
        file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    try {
        auto db = std::make_unique<chain::SqliteDatabase>(path);
        const int appId = db->queryInt("PRAGMA application_id");
        const int version = db->queryInt("PRAGMA user_version");
        if (appId != kApplicationId && db->queryInt("SELECT count(*) FROM sqlite_schema") != 0) {
            return Failure::invalid(
                QStringLiteral("%1 is not a gifscan webhook database").arg(path));
        }
        if (appId == kApplicationId && (version == 1 || version == 2)) {
            chain::SqlTransaction t(*db);
            if (version == 1)
                db->exec("ALTER TABLE hooks ADD COLUMN owner TEXT NOT NULL DEFAULT ''");
            db->exec("ALTER TABLE hooks ADD COLUMN lease_owner TEXT NOT NULL DEFAULT ''");
            db->exec("ALTER TABLE hooks ADD COLUMN lease_until_ms INTEGER NOT NULL DEFAULT 0");
            db->exec("PRAGMA user_version=" + std::to_string(kSchemaVersion));
            t.commit();
        } else if (appId == kApplicationId && version != kSchemaVersion) {
            return Failure::invalid(
                QStringLiteral("%1 has schema version %2, this node reads version %3")
                    .arg(path)
                    .arg(version)
                    .arg(kSchemaVersion));
        }
        if (!path.isEmpty())
            db->queryInt("PRAGMA journal_mode=WAL");
        // A process killed after a commit keeps it in WAL mode; only a power
        // failure could lose the last acknowledgement, which is then sent
        // again (at least once).
        db->exec("PRAGMA synchronous=NORMAL");
        if (appId != kApplicationId) {
            chain::SqlTransaction t(*db);
            db->exec(kSchema);
            db->exec("PRAGMA application_id=" + std::to_string(kApplicationId));
            db->exec("PRAGMA user_version=" + std::to_string(kSchemaVersion));
            t.commit();
        }
        // One node sends from a file: a lease its killed self held is void.
        db->exec("UPDATE hooks SET lease_owner = '', lease_until_ms = 0");
        m_db = std::move(db);
    } catch (const std::exception &e) {
        return Failure::storage(
            QStringLiteral("cannot open %1: %2").arg(path, QString::fromUtf8(e.what())));
    }
    return success();
}

bool WebhookStore::takesWrites(const QString &url)
{
    try {
        chain::PostgresDatabase db(url);
        return !readOnly(db);
    } catch (const std::exception &) {
        return false; // away: not yet known to take writes
    }
}

Outcome<> WebhookStore::openServer(const QString &url)
{
    try {
        // Its own schema: the chain's tables (a `meta` among them) share the database.
        // A deliverer waits seconds at most on another's row (one whose scan
        // holds it), never its event loop's whole time.
        auto db = std::make_unique<chain::PostgresDatabase>(
            url, "SET search_path TO webhooks; SET lock_timeout = '5s'");
        // A standby (or a role that may not write) is asked first: once the
        // primary had made the tables, a server on its standby found them
        // and took registrations it could not write. Unavailable: a standby
        // may be promoted, so a worker waits for it (saying so once), and a
        // read server serves reads without webhooks.
        if (readOnly(*db))
            return Failure::unavailable(
                QStringLiteral("%1 is read-only (a standby?): webhooks are written on the primary")
                    .arg(db->name()));
        if (!db->hasTable("hooks")) {
            // Read servers and workers start together: one makes the tables.
            chain::SqlTransaction t(*db);
            db->exec("SELECT pg_advisory_xact_lock(" + std::to_string(kApplicationId) + ")");
            db->exec("CREATE SCHEMA IF NOT EXISTS webhooks");
            if (!db->hasTable("hooks")) {
                db->exec(db->schema(kSchema));
                db->exec("INSERT INTO meta VALUES ('schema', '" + std::to_string(kSchemaVersion) +
                         "')");
            }
            t.commit();
        }
        chain::SqlStatement q(*db, "SELECT value FROM meta WHERE key = 'schema'");
        const QString version = q.executeStep() ? chain::columnText(q.getColumn(0)) : QString();
        if (version != QString::number(kSchemaVersion)) {
            return Failure::invalid(
                QStringLiteral("%1 has webhooks of schema version %2, this build reads "
                               "version %3")
                    .arg(db->name(), version)
                    .arg(kSchemaVersion));
        }
        m_db = std::move(db);
    } catch (const std::exception &e) {
        // Not the URL: it may hold a password.
        return chain::failureOf(
            e, QStringLiteral("cannot open the webhooks of the indexer's database: %1")
                   .arg(QString::fromUtf8(e.what())));
    }
    return success();
}

bool WebhookStore::shared() const
{
    return m_db->engine() == chain::SqlDatabase::Engine::Postgres;
}

WebhookStore::Batch::Batch(WebhookStore &store) : m_store(store), m_transaction(*store.m_db)
{
    m_store.m_inBatch = true;
}

WebhookStore::Batch::~Batch()
{
    m_store.m_inBatch = false;
}

void WebhookStore::Batch::commit()
{
    m_transaction.commit();
}

WebhookStore::RegistrationLock::RegistrationLock(WebhookStore &store) : m_store(store)
{
    // Two read servers counting one address's webhooks at once would both
    // find room for its last one.
    if (!m_store.shared())
        return;
    m_transaction.emplace(*m_store.m_db);
    m_store.m_db->queryInt("SELECT 1 FROM (SELECT pg_advisory_xact_lock(" +
                           std::to_string(kApplicationId + 1) + ")) l");
    m_store.m_inBatch = true;
}

WebhookStore::RegistrationLock::~RegistrationLock()
{
    if (m_transaction)
        m_store.m_inBatch = false;
}

void WebhookStore::RegistrationLock::commit()
{
    if (m_transaction)
        m_transaction->commit();
}

std::vector<WebhookStore::Hook> WebhookStore::hooks() const
{
    return hooksWhere(" ORDER BY id");
}

std::vector<WebhookStore::Hook> WebhookStore::hooksWhere(const std::string &rest,
                                                         std::optional<std::uint64_t> height) const
{
    chain::SqlStatement q(*m_db, std::string("SELECT ") + kHookColumns + " FROM hooks" + rest);
    if (height)
        q.bind(1, static_cast<std::int64_t>(*height));
    std::vector<Hook> out;
    while (q.executeStep())
        out.push_back(readHook(q));
    return out;
}

std::optional<WebhookStore::Hook> WebhookStore::hook(const QString &id) const
{
    chain::SqlStatement q(*m_db,
                          std::string("SELECT ") + kHookColumns + " FROM hooks WHERE id = ?");
    chain::bindText(q, 1, id);
    if (!q.executeStep())
        return std::nullopt;
    return readHook(q);
}

qint64 WebhookStore::hookCount(const std::optional<QString> &owner) const
{
    chain::SqlStatement q(*m_db, "SELECT count(*) FROM hooks WHERE owner = ?1 OR ?1 IS NULL");
    if (owner)
        chain::bindText(q, 1, *owner);
    q.executeStep();
    return q.getColumn(0).getInt64();
}

qint64 WebhookStore::enabledHookCount(const std::optional<QString> &owner) const
{
    chain::SqlStatement q(*m_db, "SELECT count(*) FROM hooks WHERE disabled_reason = '' AND "
                                 "(owner = ?1 OR ?1 IS NULL)");
    if (owner)
        chain::bindText(q, 1, *owner);
    q.executeStep();
    return q.getColumn(0).getInt64();
}

std::optional<QString> WebhookStore::oldestDisabled(const std::optional<QString> &owner) const
{
    // Disabled at its last attempt (or at a start that found its host gone).
    // (`owner = ?1` first: PostgreSQL types the parameter where it first sees it.)
    chain::SqlStatement q(*m_db,
                          "SELECT id FROM hooks WHERE disabled_reason != '' AND (owner = ?1 OR "
                          "?1 IS NULL) ORDER BY last_attempt_ms, created_ms LIMIT 1");
    if (owner)
        chain::bindText(q, 1, *owner);
    if (!q.executeStep())
        return std::nullopt;
    return chain::columnText(q.getColumn(0));
}

int WebhookStore::bindToChain(const QByteArray &genesisHash, qint64 nowMs)
{
    chain::SqlTransaction t(*m_db);
    chain::SqlStatement read(*m_db, "SELECT value FROM meta WHERE key = 'genesis'");
    int disabled = 0;
    if (read.executeStep()) {
        if (chain::columnBlob(read.getColumn(0)) == genesisHash)
            return 0;
        chain::SqlStatement off(*m_db, "UPDATE hooks SET disabled_reason = ?, last_attempt_ms = ? "
                                       "WHERE disabled_reason = ''");
        chain::bindText(off, 1, QStringLiteral("the node's chain was replaced (another genesis)"));
        off.bind(2, static_cast<std::int64_t>(nowMs));
        disabled = off.exec();
        m_db->exec("DELETE FROM deliveries");
    }
    read.reset();
    chain::SqlStatement write(*m_db, "INSERT INTO meta VALUES ('genesis', ?) ON CONFLICT (key) DO "
                                     "UPDATE SET value = excluded.value");
    chain::bindBlob(write, 1, genesisHash);
    write.exec();
    t.commit();
    return disabled;
}

void WebhookStore::insert(const Hook &h)
{
    chain::SqlStatement q(*m_db,
                          "INSERT INTO hooks (id, secret, url, filter, created_height, "
                          "scanned_height, created_ms, owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    chain::bindText(q, 1, h.id);
    chain::bindText(q, 2, h.secret);
    chain::bindText(q, 3, h.url);
    chain::bindBlob(q, 4, QJsonDocument(h.filter.toJson()).toJson(QJsonDocument::Compact));
    q.bind(5, static_cast<std::int64_t>(h.createdHeight));
    q.bind(6, static_cast<std::int64_t>(h.scannedHeight));
    q.bind(7, static_cast<std::int64_t>(h.createdMs));
    chain::bindText(q, 8, h.owner);
    q.exec();
}

void WebhookStore::remove(const QString &id)
{
    // Inside a registration's transaction (a disabled webhook's slot
    // taken), a part of it.
    std::optional<chain::SqlTransaction> t;
    if (!m_inBatch)
        t.emplace(*m_db);
    // The webhook's row first, as every deliverer takes it: then its
    // deliveries, those a worker queued meanwhile included.
    for (const char *sql :
         {"DELETE FROM hooks WHERE id = ?", "DELETE FROM deliveries WHERE hook = ?"}) {
        chain::SqlStatement q(*m_db, sql);
        chain::bindText(q, 1, id);
        q.exec();
    }
    if (t)
        t->commit();
}

void WebhookStore::setOwner(const QString &id, const QString &owner)
{
    chain::SqlStatement q(*m_db, "UPDATE hooks SET owner = ? WHERE id = ?");
    chain::bindText(q, 1, owner);
    chain::bindText(q, 2, id);
    q.exec();
}

} // namespace gifscan::server
