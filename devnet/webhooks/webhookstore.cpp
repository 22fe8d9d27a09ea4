#include "devnet/webhooks/webhookstore.h"

#include "chain/store/sqlcolumns.h"
#include "chain/store/sqlitedatabase.h"

#include <QFile>
#include <QJsonDocument>

namespace gifscan::devnet {

namespace {
constexpr int kApplicationId = 0x67696677; // "gifw"
// 2: hooks.owner, the address that registered each (version 1 had none;
// opening one adds the column, empty for the webhooks it holds).
constexpr int kSchemaVersion = 2;

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
  owner TEXT NOT NULL DEFAULT ''
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

WebhookStore::Hook readHook(SqlStatement &q)
{
    WebhookStore::Hook h;
    h.id = columnText(q.getColumn(0));
    h.secret = columnText(q.getColumn(1));
    h.url = columnText(q.getColumn(2));
    h.filter =
        WebhookFilter::fromJson(QJsonDocument::fromJson(columnBlob(q.getColumn(3))).object());
    h.createdHeight = static_cast<std::uint64_t>(q.getColumn(4).getInt64());
    h.scannedHeight = static_cast<std::uint64_t>(q.getColumn(5).getInt64());
    h.createdMs = q.getColumn(6).getInt64();
    h.delivered = q.getColumn(7).getInt64();
    h.failed = q.getColumn(8).getInt64();
    h.failingSinceMs = q.getColumn(9).getInt64();
    h.lastAttemptMs = q.getColumn(10).getInt64();
    h.lastStatus = q.getColumn(11).getInt();
    h.lastError = columnText(q.getColumn(12));
    h.disabledReason = columnText(q.getColumn(13));
    h.owner = columnText(q.getColumn(14));
    return h;
}

void bindBlob(SqlStatement &q, int index, const QByteArray &value)
{
    q.bind(index, value.constData(), static_cast<int>(value.size()));
}
} // namespace

WebhookStore::WebhookStore() = default;
WebhookStore::~WebhookStore() = default;

bool WebhookStore::open(const QString &path, QString *error)
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
        auto db = std::make_unique<SqliteDatabase>(path);
        const int appId = db->queryInt("PRAGMA application_id");
        const int version = db->queryInt("PRAGMA user_version");
        if (appId != kApplicationId && db->queryInt("SELECT count(*) FROM sqlite_schema") != 0) {
            *error = QStringLiteral("%1 is not a gifscan webhook database").arg(path);
            return false;
        }
        if (appId == kApplicationId && version == 1) {
            SqlTransaction t(*db);
            db->exec("ALTER TABLE hooks ADD COLUMN owner TEXT NOT NULL DEFAULT ''");
            db->exec("PRAGMA user_version=" + std::to_string(kSchemaVersion));
            t.commit();
        } else if (appId == kApplicationId && version != kSchemaVersion) {
            *error = QStringLiteral("%1 has schema version %2, this node reads version %3")
                         .arg(path)
                         .arg(version)
                         .arg(kSchemaVersion);
            return false;
        }
        if (!path.isEmpty())
            db->queryInt("PRAGMA journal_mode=WAL");
        // A process killed after a commit keeps it in WAL mode; only a power
        // failure could lose the last acknowledgement, which is then sent
        // again (at least once).
        db->exec("PRAGMA synchronous=NORMAL");
        if (appId != kApplicationId) {
            SqlTransaction t(*db);
            db->exec(kSchema);
            db->exec("PRAGMA application_id=" + std::to_string(kApplicationId));
            db->exec("PRAGMA user_version=" + std::to_string(kSchemaVersion));
            t.commit();
        }
        m_db = std::move(db);
    } catch (const std::exception &e) {
        *error = QStringLiteral("cannot open %1: %2").arg(path, QString::fromUtf8(e.what()));
        return false;
    }
    return true;
}

std::vector<WebhookStore::Hook> WebhookStore::hooks() const
{
    SqlStatement q(*m_db, std::string("SELECT ") + kHookColumns + " FROM hooks ORDER BY id");
    std::vector<Hook> out;
    while (q.executeStep())
        out.push_back(readHook(q));
    return out;
}

std::optional<WebhookStore::Hook> WebhookStore::hook(const QString &id) const
{
    SqlStatement q(*m_db, std::string("SELECT ") + kHookColumns + " FROM hooks WHERE id = ?");
    bindText(q, 1, id);
    if (!q.executeStep())
        return std::nullopt;
    return readHook(q);
}

qint64 WebhookStore::hookCount(const std::optional<QString> &owner) const
{
    SqlStatement q(*m_db, "SELECT count(*) FROM hooks WHERE ?1 IS NULL OR owner = ?1");
    if (owner)
        bindText(q, 1, *owner);
    q.executeStep();
    return q.getColumn(0).getInt64();
}

qint64 WebhookStore::enabledHookCount(const std::optional<QString> &owner) const
{
    SqlStatement q(*m_db, "SELECT count(*) FROM hooks WHERE disabled_reason = '' AND "
                          "(?1 IS NULL OR owner = ?1)");
    if (owner)
        bindText(q, 1, *owner);
    q.executeStep();
    return q.getColumn(0).getInt64();
}

std::optional<QString> WebhookStore::oldestDisabled(const std::optional<QString> &owner) const
{
    // Disabled at its last attempt (or at a start that found its host gone).
    SqlStatement q(*m_db, "SELECT id FROM hooks WHERE disabled_reason != '' AND (?1 IS "
                          "NULL OR owner = ?1) ORDER BY last_attempt_ms, created_ms LIMIT 1");
    if (owner)
        bindText(q, 1, *owner);
    if (!q.executeStep())
        return std::nullopt;
    return columnText(q.getColumn(0));
}

int WebhookStore::bindToChain(const QByteArray &genesisHash, qint64 nowMs)
{
    SqlTransaction t(*m_db);
    SqlStatement read(*m_db, "SELECT value FROM meta WHERE key = 'genesis'");
    int disabled = 0;
    if (read.executeStep()) {
        if (columnBlob(read.getColumn(0)) == genesisHash)
            return 0;
        SqlStatement off(*m_db, "UPDATE hooks SET disabled_reason = ?, last_attempt_ms = ? "
                                "WHERE disabled_reason = ''");
        bindText(off, 1, QStringLiteral("the node's chain was replaced (another genesis)"));
        off.bind(2, static_cast<std::int64_t>(nowMs));
        disabled = off.exec();
        m_db->exec("DELETE FROM deliveries");
    }
    read.reset();
    SqlStatement write(*m_db, "INSERT OR REPLACE INTO meta VALUES ('genesis', ?)");
    bindBlob(write, 1, genesisHash);
    write.exec();
    t.commit();
    return disabled;
}

void WebhookStore::insert(const Hook &h)
{
    SqlStatement q(*m_db, "INSERT INTO hooks (id, secret, url, filter, created_height, "
                          "scanned_height, created_ms, owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    bindText(q, 1, h.id);
    bindText(q, 2, h.secret);
    bindText(q, 3, h.url);
    bindBlob(q, 4, QJsonDocument(h.filter.toJson()).toJson(QJsonDocument::Compact));
    q.bind(5, static_cast<std::int64_t>(h.createdHeight));
    q.bind(6, static_cast<std::int64_t>(h.scannedHeight));
    q.bind(7, static_cast<std::int64_t>(h.createdMs));
    bindText(q, 8, h.owner);
    q.exec();
}

void WebhookStore::remove(const QString &id)
{
    SqlTransaction t(*m_db);
    for (const char *sql :
         {"DELETE FROM deliveries WHERE hook = ?", "DELETE FROM hooks WHERE id = ?"}) {
        SqlStatement q(*m_db, sql);
        bindText(q, 1, id);
        q.exec();
    }
    t.commit();
}

void WebhookStore::setOwner(const QString &id, const QString &owner)
{
    SqlStatement q(*m_db, "UPDATE hooks SET owner = ? WHERE id = ?");
    bindText(q, 1, owner);
    bindText(q, 2, id);
    q.exec();
}

void WebhookStore::enqueue(const std::vector<QString> &hooks, std::uint64_t height,
                           const std::vector<Delivery> &deliveries)
{
    SqlTransaction t(*m_db);
    SqlStatement add(*m_db, "INSERT INTO deliveries (hook, message_id, height, body, "
                            "attempt, next_ms) VALUES (?, ?, ?, ?, 0, ?)");
    for (const Delivery &d : deliveries) {
        bindText(add, 1, d.hook);
        bindBlob(add, 2, d.messageId);
        add.bind(3, static_cast<std::int64_t>(d.height));
        bindBlob(add, 4, d.body);
        add.bind(5, static_cast<std::int64_t>(d.nextMs));
        add.exec();
        add.reset();
    }
    SqlStatement scanned(*m_db, "UPDATE hooks SET scanned_height = ? WHERE id = ?");
    for (const QString &hook : hooks) {
        scanned.bind(1, static_cast<std::int64_t>(height));
        bindText(scanned, 2, hook);
        scanned.exec();
        scanned.reset();
    }
    t.commit();
}

std::optional<WebhookStore::Delivery> WebhookStore::next(const QString &hook) const
{
    SqlStatement q(*m_db, "SELECT seq, message_id, height, body, attempt, next_ms FROM "
                          "deliveries WHERE hook = ? ORDER BY seq LIMIT 1");
    bindText(q, 1, hook);
    if (!q.executeStep())
        return std::nullopt;
    Delivery d;
    d.seq = q.getColumn(0).getInt64();
    d.hook = hook;
    d.messageId = columnBlob(q.getColumn(1));
    d.height = static_cast<std::uint64_t>(q.getColumn(2).getInt64());
    d.body = columnBlob(q.getColumn(3));
    d.attempt = q.getColumn(4).getInt();
    d.nextMs = q.getColumn(5).getInt64();
    return d;
}

qint64 WebhookStore::pending(const QString &hook) const
{
    SqlStatement q(*m_db, "SELECT count(*) FROM deliveries WHERE hook = ?");
    bindText(q, 1, hook);
    q.executeStep();
    return q.getColumn(0).getInt64();
}

void WebhookStore::record(const QString &hook, const Outcome &o, bool success)
{
    SqlStatement q(*m_db, success ? "UPDATE hooks SET last_attempt_ms = ?, last_status = ?, "
                                    "last_error = ?, failing_since_ms = -1 WHERE id = ?"
                                  : "UPDATE hooks SET last_attempt_ms = ?, last_status = ?, "
                                    "last_error = ?, failing_since_ms = CASE WHEN "
                                    "failing_since_ms < 0 THEN ?1 ELSE failing_since_ms END "
                                    "WHERE id = ?");
    q.bind(1, static_cast<std::int64_t>(o.atMs));
    q.bind(2, o.status);
    bindText(q, 3, o.error);
    bindText(q, 4, hook);
    q.exec();
}

void WebhookStore::delivered(const Delivery &d, const Outcome &o)
{
    SqlTransaction t(*m_db);
    SqlStatement del(*m_db, "DELETE FROM deliveries WHERE seq = ?");
    del.bind(1, static_cast<std::int64_t>(d.seq));
    del.exec();
    SqlStatement count(*m_db, "UPDATE hooks SET delivered = delivered + 1 WHERE id = ?");
    bindText(count, 1, d.hook);
    count.exec();
    record(d.hook, o, true);
    t.commit();
}

void WebhookStore::retry(const Delivery &d, qint64 nextMs, const Outcome &o)
{
    SqlTransaction t(*m_db);
    SqlStatement q(*m_db, "UPDATE deliveries SET attempt = attempt + 1, next_ms = ? WHERE seq = ?");
    q.bind(1, static_cast<std::int64_t>(nextMs));
    q.bind(2, static_cast<std::int64_t>(d.seq));
    q.exec();
    record(d.hook, o, false);
    t.commit();
}

void WebhookStore::giveUp(const Delivery &d, const Outcome &o)
{
    SqlTransaction t(*m_db);
    SqlStatement del(*m_db, "DELETE FROM deliveries WHERE seq = ?");
    del.bind(1, static_cast<std::int64_t>(d.seq));
    del.exec();
    SqlStatement count(*m_db, "UPDATE hooks SET failed = failed + 1 WHERE id = ?");
    bindText(count, 1, d.hook);
    count.exec();
    record(d.hook, o, false);
    t.commit();
}

void WebhookStore::disable(const QString &hook, const QString &reason, const Outcome &o)
{
    SqlTransaction t(*m_db);
    SqlStatement q(*m_db, "UPDATE hooks SET disabled_reason = ? WHERE id = ?");
    bindText(q, 1, reason);
    bindText(q, 2, hook);
    q.exec();
    SqlStatement drop(*m_db, "DELETE FROM deliveries WHERE hook = ?");
    bindText(drop, 1, hook);
    drop.exec();
    record(hook, o, false);
    t.commit();
}

} // namespace gifscan::devnet
