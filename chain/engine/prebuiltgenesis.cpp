#include "chain/engine/prebuiltgenesis.h"

#include "chain/engine/chain.h"
#include "chain/store/chainstore.h"
#include "chain/store/statereader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <unistd.h>

namespace gifscan::chain {

QString PrebuiltGenesis::fileName(const ChainOptions &options)
{
    if (options.forgeHeaders)
        return {};
    // The schema too: a file another layout wrote is not found, rather than
    // refused, and the genesis is then built as if there were none.
    return QStringLiteral("genesis-schema%1-seed%2-objects%3-validators%4.db")
        .arg(ChainStore::kSchemaVersion)
        .arg(options.seed)
        .arg(options.objects)
        .arg(options.validators);
}

namespace {
// A copy that is on the disk before it is renamed into place (when the
// chain is durable): a crash leaves the whole file or only the ".part".
Outcome<> copyWhole(const QString &from, const QString &to, bool durable)
{
    QFile in(from);
    QFile out(to);
    if (!in.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return Failure::storage(QStringLiteral("cannot copy %1 to %2").arg(from, to));
    while (!in.atEnd()) {
        const QByteArray chunk = in.read(1 << 20);
        if (chunk.isEmpty() || out.write(chunk) != chunk.size())
            return Failure::storage(
                QStringLiteral("cannot copy %1 to %2: %3").arg(from, to, out.errorString()));
    }
    if (!out.flush() || (durable && ::fsync(out.handle()) != 0))
        return Failure::storage(QStringLiteral("cannot write %1 to the disk").arg(to));
    return success();
}

// What makes a copied file this chain's block 0, beyond its name: one
// block, readable, signed for these validators, minting these objects.
Outcome<> genesisOf(const ChainOptions &options, const QString &path)
{
    ChainStore store;
    if (auto opened = store.open(path, false); !opened)
        return opened;
    if (store.blockCount() != 1)
        return Failure::invalid(
            QStringLiteral("it holds %1 blocks, not block 0 alone").arg(store.blockCount()));
    const auto genesis = store.header(0);
    if (!genesis)
        return Failure{genesis.error().kind,
                       QStringLiteral("its block 0 cannot be read: ") + genesis.error().message};
    const ValidatorSet validators = Chain::validatorsOf(options);
    if (genesis.value().header.validatorsHash != validators.hash())
        return Failure::invalid(
            QStringLiteral("it names another validator set than the devnet's %1")
                .arg(validators.size()));
    if (store.state().objectCount() != static_cast<std::size_t>(options.objects))
        return Failure::invalid(QStringLiteral("it mints %1 objects, not %2")
                                    .arg(store.state().objectCount())
                                    .arg(options.objects));
    return success();
}
} // namespace

Outcome<bool> PrebuiltGenesis::install(const ChainOptions &options, const QString &storePath)
{
    const QString name = fileName(options);
    if (options.genesisDir.isEmpty() || name.isEmpty())
        return false;
    const QString source = QDir(options.genesisDir).filePath(name);
    if (!QFile::exists(source))
        return false;
    // Copied beside the store and renamed: a copy cut short by a crash is
    // never taken for a chain. What SQLite kept beside an earlier ".part"
    // goes with it, so nothing of that is replayed into this one.
    const QString part = storePath + QStringLiteral(".part");
    auto removePart = [&part] {
        for (const char *suffix : {"", "-wal", "-shm", "-journal"})
            QFile::remove(part + QLatin1String(suffix));
    };
    removePart();
    // A new file, written by us: writable, whatever the installed one's mode.
    Outcome<> served = copyWhole(source, part, options.durable);
    if (served)
        served = genesisOf(options, part);
    if (served && QFile::rename(part, storePath))
        return true;
    removePart();
    const Failure why = served
                            ? Failure::storage(QStringLiteral("cannot rename it to ") + storePath)
                            : served.error();
    return Failure{
        why.kind,
        QStringLiteral("the prebuilt genesis %1 cannot serve: %2").arg(source, why.message)};
}

Outcome<> PrebuiltGenesis::prepare(ChainOptions options, const QString &dir)
{
    const QString name = fileName(options);
    if (name.isEmpty())
        return Failure::invalid(
            QStringLiteral("a node that forges its headers has no prebuilt genesis"));
    if (!QDir().mkpath(dir))
        return Failure::storage(QStringLiteral("cannot create %1").arg(dir));
    // Built in a folder of its own beside the target, so the last step is
    // one rename on one file system.
    QTemporaryDir work(QDir(dir).filePath(QStringLiteral(".genesis-XXXXXX")));
    if (!work.isValid())
        return Failure::storage(
            QStringLiteral("cannot create a folder in %1: %2").arg(dir, work.errorString()));
    options.dataDir = work.path();
    options.ephemeral = false;
    options.durable = false; // the file is renamed into place whole, or not at all
    options.genesisDir.clear();
    {
        Chain chain(options);
        if (auto opened = chain.open(); !opened)
            return opened;
    } // closed: its log is folded into the file
    const QString target = QDir(dir).filePath(name);
    QFile::remove(target);
    if (!QFile::rename(QDir(work.path()).filePath(QStringLiteral("chain.db")), target))
        return Failure::storage(QStringLiteral("cannot move the genesis to %1").arg(target));
    return success();
}

} // namespace gifscan::chain
