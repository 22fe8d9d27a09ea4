#include "chain/store/integritycheck.h"

#include <QStringList>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

namespace gifscan::chain {

IntegrityCheck::IntegrityCheck(QObject *parent) : QObject(parent) {}

IntegrityCheck::~IntegrityCheck()
{
    m_cancel = true;
    if (m_thread)
        m_thread->wait();
}

void IntegrityCheck::start(const QString &path)
{
    if (isRunning() || path.isEmpty())
        return;
    m_cancel = false;
    m_thread.reset(QThread::create([this, path] {
        const Verdict verdict = run(path, &m_cancel);
        if (!m_cancel)
            QMetaObject::invokeMethod(
                this, [this, verdict] { Q_EMIT finished(verdict.damage, verdict.unchecked); },
                Qt::QueuedConnection);
    }));
    m_thread->start(QThread::LowPriority);
}

IntegrityCheck::Verdict IntegrityCheck::run(const QString &path, const std::atomic<bool> *cancel)
{
    try {
        SQLite::Database db(path.toStdString(), SQLite::OPEN_READONLY);
        db.setBusyTimeout(10000); // the writer holds its lock only while it commits
        // Asked to stop, the check is interrupted between two steps.
        if (cancel)
            sqlite3_progress_handler(
                db.getHandle(), 10000,
                [](void *flag) -> int {
                    return static_cast<const std::atomic<bool> *>(flag)->load() ? 1 : 0;
                },
                const_cast<std::atomic<bool> *>(cancel));
        SQLite::Statement q(db, "PRAGMA integrity_check(20)");
        QStringList problems;
        while (q.executeStep()) {
            const QString line = QString::fromUtf8(q.getColumn(0).getText());
            if (line != QLatin1String("ok"))
                problems << line;
        }
        if (problems.isEmpty())
            return {};
        return {QStringLiteral("%1 is damaged (%2)")
                    .arg(path, problems.mid(0, 3).join(QStringLiteral("; "))),
                {}};
    } catch (const SQLite::Exception &e) {
        if (cancel && cancel->load())
            return {};
        // Only SQLite's own word for damage is damage; anything else (no
        // memory, the disk gone) means the check could not be made.
        const int code = e.getErrorCode() & 0xff;
        if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
            return {QStringLiteral("%1 is damaged: %2").arg(path, QString::fromUtf8(e.what())), {}};
        return {
            {},
            QStringLiteral("%1 could not be checked: %2").arg(path, QString::fromUtf8(e.what()))};
    } catch (const std::exception &e) {
        return {
            {},
            QStringLiteral("%1 could not be checked: %2").arg(path, QString::fromUtf8(e.what()))};
    }
}

} // namespace gifscan::chain
