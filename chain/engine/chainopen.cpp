// Chain, continued: opening a data directory, rebuilding the state from
// the blocks, and importing a version-1 block log. Same object and thread
// as chain/engine/chain.cpp (the node's thread); apart for chain.cpp's length.
#include "chain/content/gifgenerator.h"
#include "chain/engine/chain.h"
#include "chain/engine/genesis.h"
#include "chain/engine/prebuiltgenesis.h"
#include "chain/store/blocklog.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/sqlstatement.h"

#include <QDir>
#include <QElapsedTimer>
#include <QLoggingCategory>

namespace gifscan::chain {

Q_DECLARE_LOGGING_CATEGORY(lcChain)

Outcome<> Chain::open()
{
    // A reader's chain is read through a QueryStore, never written here.
    if (m_options.readsOnly)
        return Failure::invalid(QStringLiteral("a read-only chain is opened as a QueryStore"));
    if (!m_options.database.isEmpty())
        return openServer();
    QString storePath;
    QString logPath;
    if (!m_options.ephemeral) {
        if (auto claimed = claimFolder(&storePath, &logPath); !claimed)
            return claimed;
    }
    return openFile(storePath, logPath);
}

Outcome<> Chain::claimFolder(QString *storePath, QString *logPath)
{
    if (!QDir().mkpath(m_options.dataDir))
        return Failure::storage(QStringLiteral("cannot create %1").arg(m_options.dataDir));
    const QDir dir(m_options.dataDir);
    // Two nodes on one chain would write it from two places: the second
    // is refused. A lock left by a node that died is taken over.
    m_lock = std::make_unique<QLockFile>(dir.filePath(QStringLiteral("node.lock")));
    m_lock->setStaleLockTime(0);
    if (!m_lock->tryLock(0)) {
        qint64 pid = 0;
        QString host;
        QString app;
        m_lock->getLockInfo(&pid, &host, &app);
        return Failure::unavailable(
            QStringLiteral("the data folder %1 is in use by another node (process %2%3); "
                           "stop it first, or choose another folder")
                .arg(m_options.dataDir)
                .arg(pid)
                .arg(app.isEmpty() ? QString() : QStringLiteral(", ") + app));
    }
    *logPath = dir.filePath(QStringLiteral("blocks.log"));
    *storePath = dir.filePath(QStringLiteral("chain.db"));
    // A version 1 chain's headers carry no signatures: no version 2
    // client can verify them, so it is kept aside, never rewritten.
    if (BlockLog::isVersion1(*logPath)) {
        const QString aside = dir.filePath(QStringLiteral("blocks.v1.log"));
        if (QFile::exists(aside) || !QFile::rename(*logPath, aside))
            return Failure::storage(
                QStringLiteral("%1 is a version 1 block log and cannot be moved to %2; "
                               "move it away to start a new chain")
                    .arg(*logPath, aside));
        qCWarning(lcChain).noquote()
            << QStringLiteral("moved the version 1 block log to %1 (its headers are unsigned); "
                              "starting a new chain")
                   .arg(aside);
    }
    return success();
}

Outcome<> Chain::openFile(const QString &storePath, const QString &logPath)
{
    // The store's own kind, with the way out said when there is a file.
    auto refused = [&storePath](Failure failure) {
        if (!storePath.isEmpty())
            failure.message +=
                QStringLiteral("; nothing was changed: move %1 aside to start a new chain")
                    .arg(storePath);
        return failure;
    };
    takePrebuiltGenesis(storePath, logPath);
    if (auto opened = m_store.open(storePath, m_options.durable && !m_options.ephemeral); !opened)
        return refused(opened.error());
    // Reading the whole file takes minutes on a long chain: the node starts
    // meanwhile, and what it reads is checked as it is read (see ChainStore).
    m_check.start(storePath);
    m_state.setStore(&m_store);
    m_state.setSoleWriter(true);
    if (m_store.blockCount() > 0) {
        // Everything is stored at every height: taking the chain up is a
        // few reads, whatever its length. A file from before the state
        // tables is brought up to date once.
        if (auto up = m_store.stateComplete() ? m_state.resume() : rebuild(); !up)
            return refused(up.error());
    }
    if (!logPath.isEmpty() && QFile::exists(logPath)) {
        if (auto imported = importLog(logPath); !imported)
            return imported;
    }
    return m_state.hasBlocks() ? success() : buildGenesis();
}

// The chain's tables in PostgreSQL: no folder, lock, block log or file
// check (the server keeps its own files); the follower that writes them
// holds the database's advisory lock instead.
Outcome<> Chain::openServer()
{
    if (auto opened = m_store.openServer(m_options.database, true); !opened)
        return opened;
    m_state.setStore(&m_store);
    m_state.setSoleWriter(true);
    if (m_store.blockCount() > 0) {
        if (auto resumed = m_state.resume(); !resumed)
            return resumed;
    }
    if (m_state.hasBlocks() || m_options.follows)
        return success();
    return buildGenesis();
}

// A new chain: block 0 copied when a build made it beforehand, which turns
// a first start's seconds into a file copy. Anything already there (a
// chain, an old log, a log whose database is gone) is left to open().
void Chain::takePrebuiltGenesis(const QString &storePath, const QString &logPath)
{
    // Not beside the log of a file that is gone either: SQLite would replay
    // it into the copy.
    if (storePath.isEmpty() || QFile::exists(storePath) || QFile::exists(logPath) ||
        QFile::exists(storePath + QStringLiteral("-wal")))
        return;
    const Outcome<bool> installed = PrebuiltGenesis::install(m_options, storePath);
    if (!installed)
        qCWarning(lcChain).noquote()
            << installed.error().message << QStringLiteral("; building it instead");
    else if (installed.value())
        qCInfo(lcChain).noquote()
            << QStringLiteral("the genesis is a copy of %1")
                   .arg(QDir(m_options.genesisDir).filePath(PrebuiltGenesis::fileName(m_options)));
}

Outcome<> Chain::buildGenesis()
{
    qCInfo(lcChain) << "building genesis with" << m_options.objects << "objects, seed"
                    << m_options.seed;
    // Made, then applied (sealBlock): one bar over both, each half the way.
    QElapsedTimer since;
    auto made = [&](std::size_t done, std::size_t total) {
        report(QStringLiteral("genesis"), done, 2 * total, since, done == total);
    };
    std::vector<Bytes> transactions;
    try {
        transactions = Genesis::transactions(m_options.seed, m_options.objects, made);
    } catch (const GifRenderError &e) { // giflib refused to render an object's art
        return Failure::invalid(
            QStringLiteral("the genesis cannot be made: %1").arg(QString::fromUtf8(e.what())));
    }
    return seal(0, kGenesisTimestamp, std::move(transactions), nullptr, Source::New);
}

Outcome<> Chain::rebuild()
{
    qCInfo(lcChain).noquote()
        << QStringLiteral(
               "%1 was written by an older gifscan-devnet: re-executing its %2 blocks once "
               "to build its state tables")
               .arg(m_store.path())
               .arg(m_store.blockCount());
    QElapsedTimer sinceReport;
    const QString task = QStringLiteral("rebuild");
    const std::uint64_t total = m_store.blockCount();
    report(task, 0, total, sinceReport, true);
    for (std::uint64_t height = 0; height < total; ++height) {
        auto stored = m_store.block(height);
        if (!stored)
            return stored.error();
        ChainStore::StoredBlock &b = stored.value();
        if (auto sealed = seal(height, b.header.timestamp, std::move(b.transactions), &b.header,
                               Source::Stored);
            !sealed)
            return sealed;
        report(task, height + 1, total, sinceReport, height + 1 == total);
    }
    if (auto marked = m_store.markStateComplete(); !marked)
        return marked;
    qCInfo(lcChain) << "rebuilt the state of" << m_store.blockCount() << "blocks, head"
                    << m_state.head();
    return success();
}

Outcome<> Chain::importLog(const QString &path)
{
    // Checked whole before anything is taken from it: a log damaged in the
    // middle is refused as it is, not imported up to the damage.
    const BlockLog::Outcome checked =
        BlockLog::read(path, [](const BlockLog::Record &, double) { return true; });
    if (!checked.ok) {
        // A file of another kind is Invalid, as a chain.db of another kind is.
        const QString words =
            checked.error +
            QStringLiteral("; nothing was imported: move it aside to start a new chain");
        return checked.foreign ? Failure::invalid(words) : Failure::storage(words);
    }
    qCInfo(lcChain).noquote() << QStringLiteral("importing %1 blocks from %2 into %3")
                                     .arg(checked.records)
                                     .arg(path, m_store.path());
    // The log stays until the import is whole, so a crash here only means
    // importing the rest next time: each block need not reach the disk.
    m_store.setDurable(false);
    QElapsedTimer sinceReport;
    const QString task = QStringLiteral("import");
    const auto total = static_cast<std::uint64_t>(checked.records);
    report(task, 0, total, sinceReport, true);
    Outcome<> imported = success();
    const BlockLog::Outcome read = BlockLog::read(path, [&](const BlockLog::Record &r, double) {
        if (r.height < m_store.blockCount()) { // imported before a crash
            if (m_state.header(r.height)->hash == r.hash)
                return true;
            imported = Failure::storage(
                QStringLiteral("%1 and %2 disagree at block %3; move one of them aside")
                    .arg(path, m_store.path())
                    .arg(r.height));
            return false;
        }
        BlockHeader expected;
        expected.hash = r.hash;
        imported = seal(r.height, r.timestamp, r.transactions, &expected, Source::Imported);
        if (imported)
            report(task, r.height + 1, total, sinceReport, r.height + 1 == total);
        return imported.has_value();
    });
    m_store.setDurable(m_options.durable);
    // The file could change between the check and this read (another
    // program, a disk): what did not read now is not set aside as imported.
    if (imported && (!read.ok || read.records != checked.records))
        imported = Failure::storage(
            QStringLiteral("%1 changed while it was imported (%2); the blocks taken are kept, "
                           "start again to import the rest")
                .arg(
                    path,
                    read.ok
                        ? QStringLiteral("%1 blocks, not %2").arg(read.records).arg(checked.records)
                        : read.error));
    if (!imported)
        return imported;
    QString aside = path + QStringLiteral(".imported");
    for (int n = 2; QFile::exists(aside); ++n)
        aside = path + QStringLiteral(".imported.%1").arg(n);
    if (!QFile::rename(path, aside))
        return Failure::storage(
            QStringLiteral("imported %1 but cannot move it to %2").arg(path, aside));
    if (checked.tailAt >= 0)
        qCWarning(lcChain).noquote()
            << QStringLiteral("the last %1 bytes of %2 (from byte %3) held no whole block: a write "
                              "cut short by a crash; the file is kept whole as %4")
                   .arg(checked.tailBytes)
                   .arg(path)
                   .arg(checked.tailAt)
                   .arg(aside);
    qCInfo(lcChain).noquote() << QStringLiteral("imported %1 blocks; the old log is kept as %2")
                                     .arg(checked.records)
                                     .arg(aside);
    return success();
}

void Chain::report(const QString &task, std::uint64_t done, std::uint64_t total,
                   QElapsedTimer &since, bool force)
{
    if (!force && since.isValid() && since.elapsed() < 500)
        return;
    since.start();
    if (m_options.progress)
        m_options.progress(task, done, total);
    // "genesis (/data/chain.db): 50 %", "import (…): 208 of 416 blocks"; a
    // database with no path (ephemeral) is left out, not said as " :".
    const QString where =
        m_store.path().isEmpty() ? QString() : QStringLiteral(" (%1)").arg(m_store.path());
    const QString amount = task == QLatin1String("genesis")
                               ? QStringLiteral("%1 %").arg(total == 0 ? 100 : done * 100 / total)
                               : QStringLiteral("%1 of %2 blocks").arg(done).arg(total);
    qCInfo(lcChain).noquote() << task + where + QStringLiteral(": ") + amount;
}

} // namespace gifscan::chain
