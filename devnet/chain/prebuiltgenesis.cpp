#include "devnet/chain/prebuiltgenesis.h"

#include "devnet/chain/chain.h"
#include "devnet/store/chainstore.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

namespace gifscan::devnet {

QString PrebuiltGenesis::fileName(const ChainOptions &options)
{
    if (options.forgeHeaders)
        return {};
    // The schema too: a file another layout wrote is not found, rather than
    // refused, and the genesis is then built as if there were none.
    return QStringLiteral("genesis-schema%1-seed%2-objects%3-validators%4.db")
        .arg(ChainStore::schemaVersion())
        .arg(options.seed)
        .arg(options.objects)
        .arg(options.validators);
}

bool PrebuiltGenesis::install(const ChainOptions &options, const QString &storePath, QString *why)
{
    why->clear();
    const QString name = fileName(options);
    if (options.genesisDir.isEmpty() || name.isEmpty())
        return false;
    const QString source = QDir(options.genesisDir).filePath(name);
    if (!QFile::exists(source))
        return false;
    // Copied beside the store and renamed: a copy cut short by a crash is
    // never taken for a chain.
    const QString part = storePath + QStringLiteral(".part");
    QFile::remove(part);
    if (!QFile::copy(source, part)) {
        *why = QStringLiteral("cannot copy the prebuilt genesis %1 to %2").arg(source, part);
        return false;
    }
    // An installed file is read-only; the chain grows from the copy.
    QFile::setPermissions(part, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup |
                                    QFile::ReadOther);
    const QString problem = [&part]() -> QString {
        ChainStore store;
        QString e;
        if (!store.open(part, false, &e))
            return e;
        if (store.blockCount() != 1)
            return QStringLiteral("it holds %1 blocks, not block 0 alone").arg(store.blockCount());
        if (!store.header(0, &e))
            return QStringLiteral("its block 0 cannot be read: ") + e;
        return QString();
    }();
    if (problem.isEmpty() && QFile::rename(part, storePath))
        return true;
    QFile::remove(part);
    *why = QStringLiteral("the prebuilt genesis %1 cannot serve: %2")
               .arg(source, problem.isEmpty() ? QStringLiteral("cannot rename it to ") + storePath
                                              : problem);
    return false;
}

bool PrebuiltGenesis::prepare(ChainOptions options, const QString &dir, QString *error)
{
    const QString name = fileName(options);
    if (name.isEmpty()) {
        *error = QStringLiteral("a node that forges its headers has no prebuilt genesis");
        return false;
    }
    if (!QDir().mkpath(dir)) {
        *error = QStringLiteral("cannot create %1").arg(dir);
        return false;
    }
    // Built in a folder of its own beside the target, so the last step is
    // one rename on one file system.
    QTemporaryDir work(QDir(dir).filePath(QStringLiteral(".genesis-XXXXXX")));
    if (!work.isValid()) {
        *error = QStringLiteral("cannot create a folder in %1: %2").arg(dir, work.errorString());
        return false;
    }
    options.dataDir = work.path();
    options.ephemeral = false;
    options.durable = false; // the file is renamed into place whole, or not at all
    options.genesisDir.clear();
    {
        Chain chain(options);
        if (!chain.open(error))
            return false;
    } // closed: its log is folded into the file
    const QString target = QDir(dir).filePath(name);
    QFile::remove(target);
    if (!QFile::rename(QDir(work.path()).filePath(QStringLiteral("chain.db")), target)) {
        *error = QStringLiteral("cannot move the genesis to %1").arg(target);
        return false;
    }
    return true;
}

} // namespace gifscan::devnet
