// A first start copies a prebuilt genesis when its options match one, and
// builds it otherwise: the same block 0 either way, never a file that cannot
// serve, never over a chain already there.
#include "chain/engine/prebuiltgenesis.h"

#include "tests/chain/engine/chainfixture.h"
#include "tests/support/outcomeassert.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace gifscan;
using namespace gifscan::test;

namespace {
// A kept chain of 24 objects in `dataDir`, taking a prebuilt genesis from
// `genesisDir`; `built` says whether it built one itself.
ChainOptions keptOptions(const QString &dataDir, const QString &genesisDir, bool *built)
{
    ChainOptions o = quietOptions();
    o.objects = 24;
    o.ephemeral = false;
    o.durable = false;
    o.dataDir = dataDir;
    o.genesisDir = genesisDir;
    o.progress = [built](const QString &task, std::uint64_t, std::uint64_t) {
        if (task == QLatin1String("genesis"))
            *built = true;
    };
    return o;
}

QString storeOf(const QTemporaryDir &dir)
{
    return QDir(dir.path()).filePath(QStringLiteral("chain.db"));
}
} // namespace

TEST(PrebuiltGenesis, ANewChainStartsFromACopyAndGrowsFromIt)
{
    QTemporaryDir prebuilt, copied, builtHere;
    bool unused = false;
    ASSERT_TRUE(
        holds(chain::PrebuiltGenesis::prepare(keptOptions({}, {}, &unused), prebuilt.path())));
    const QString file =
        QDir(prebuilt.path())
            .filePath(chain::PrebuiltGenesis::fileName(keptOptions({}, {}, &unused)));
    ASSERT_TRUE(QFile::exists(file));
    const QByteArray before = [&] {
        QFile f(file);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();

    bool built = false;
    Chain chain(keptOptions(copied.path(), prebuilt.path(), &built));
    ASSERT_TRUE(holds(chain.open()));
    EXPECT_FALSE(built) << "the genesis was copied, not built";
    EXPECT_FALSE(QFile::exists(storeOf(copied) + QStringLiteral(".part")));

    bool builtToo = false;
    Chain reference(keptOptions(builtHere.path(), {}, &builtToo));
    ASSERT_TRUE(holds(reference.open()));
    EXPECT_TRUE(builtToo);
    EXPECT_EQ(chain.state().block(0)->header.hash, reference.state().block(0)->header.hash);
    EXPECT_EQ(chain.state().block(0)->header.commit, reference.state().block(0)->header.commit);
    EXPECT_EQ(chain.state().objectCount(), 24u);

    // The copy is the chain's own: it grows, and the prebuilt file stays as it was.
    ASSERT_TRUE(chain.produceBlock());
    ASSERT_TRUE(reference.produceBlock());
    EXPECT_EQ(chain.state().head(), 1u);
    EXPECT_EQ(chain.state().block(1)->header.parentHash,
              reference.state().block(1)->header.parentHash);
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_TRUE(f.readAll() == before);
}

TEST(PrebuiltGenesis, OtherOptionsBuildTheirOwn)
{
    QTemporaryDir prebuilt, data;
    bool unused = false;
    ASSERT_TRUE(
        holds(chain::PrebuiltGenesis::prepare(keptOptions({}, {}, &unused), prebuilt.path())));
    bool built = false;
    ChainOptions other = keptOptions(data.path(), prebuilt.path(), &built);
    other.seed = 2;
    const Outcome<bool> none = chain::PrebuiltGenesis::install(other, storeOf(data));
    ASSERT_TRUE(holds(none));
    EXPECT_FALSE(none.value()) << "no file for seed 2: nothing installed, and no failure";
    Chain chain(other);
    ASSERT_TRUE(holds(chain.open()));
    EXPECT_TRUE(built) << "seed 2 has no prebuilt file";

    ChainOptions forged = keptOptions({}, {}, &unused);
    forged.forgeHeaders = true;
    EXPECT_TRUE(chain::PrebuiltGenesis::fileName(forged).isEmpty())
        << "a forging node signs with other keys than a prebuilt genesis";
    const Outcome<> refused = chain::PrebuiltGenesis::prepare(forged, prebuilt.path());
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, Failure::Kind::Invalid);
}

TEST(PrebuiltGenesis, AFileThatCannotServeIsPassedOverInWords)
{
    bool unused = false;
    const QString name = chain::PrebuiltGenesis::fileName(keptOptions({}, {}, &unused));
    const QByteArray notAChain = QByteArrayLiteral("GIF89a, not a database");
    for (const QByteArray &content : {notAChain, QByteArray()}) {
        QTemporaryDir prebuilt, data;
        QFile damaged(QDir(prebuilt.path()).filePath(name));
        ASSERT_TRUE(damaged.open(QIODevice::WriteOnly));
        damaged.write(content);
        damaged.close();
        const Outcome<bool> installed = chain::PrebuiltGenesis::install(
            keptOptions(data.path(), prebuilt.path(), &unused), storeOf(data));
        ASSERT_FALSE(installed) << "a file there that cannot serve is a failure, not an absence";
        EXPECT_EQ(installed.error().kind, Failure::Kind::Invalid);
        const QString why = installed.error().message;
        EXPECT_TRUE(why.contains(damaged.fileName())) << why.toStdString();
        EXPECT_FALSE(QFile::exists(storeOf(data)));
        EXPECT_FALSE(QFile::exists(storeOf(data) + QStringLiteral(".part")));

        bool built = false;
        Chain chain(keptOptions(data.path(), prebuilt.path(), &built));
        ASSERT_TRUE(holds(chain.open()));
        EXPECT_TRUE(built) << "built in its place";
        EXPECT_EQ(chain.state().objectCount(), 24u);
    }
}

// A file under this chain's name, made for other objects or validators, is
// caught by what it holds, not trusted for its name.
TEST(PrebuiltGenesis, AFileForOtherOptionsUnderThisNameIsRefused)
{
    bool unused = false;
    const ChainOptions wanted = keptOptions({}, {}, &unused);
    ChainOptions moreObjects = wanted, threeValidators = wanted;
    moreObjects.objects = 25;
    threeValidators.validators = 3;
    for (const auto &[other, words] : {std::pair{moreObjects, "mints 25 objects, not 24"},
                                       std::pair{threeValidators, "another validator set"}}) {
        QTemporaryDir prebuilt, data;
        ASSERT_TRUE(holds(chain::PrebuiltGenesis::prepare(other, prebuilt.path())));
        const QDir dir(prebuilt.path());
        ASSERT_TRUE(QFile::rename(dir.filePath(chain::PrebuiltGenesis::fileName(other)),
                                  dir.filePath(chain::PrebuiltGenesis::fileName(wanted))));
        const Outcome<bool> installed = chain::PrebuiltGenesis::install(
            keptOptions(data.path(), prebuilt.path(), &unused), storeOf(data));
        ASSERT_FALSE(installed);
        EXPECT_EQ(installed.error().kind, Failure::Kind::Invalid);
        const QString why = installed.error().message;
        EXPECT_TRUE(why.contains(QLatin1String(words))) << why.toStdString();
        EXPECT_FALSE(QFile::exists(storeOf(data)));
    }
}

TEST(PrebuiltGenesis, AChainAlreadyThereIsNeverReplaced)
{
    QTemporaryDir prebuilt, data;
    bool unused = false;
    ASSERT_TRUE(
        holds(chain::PrebuiltGenesis::prepare(keptOptions({}, {}, &unused), prebuilt.path())));
    {
        Chain first(keptOptions(data.path(), {}, &unused));
        ASSERT_TRUE(holds(first.open()));
        ASSERT_TRUE(first.produceBlock());
        ASSERT_TRUE(first.produceBlock());
    }
    Chain again(keptOptions(data.path(), prebuilt.path(), &unused));
    ASSERT_TRUE(holds(again.open()));
    EXPECT_EQ(again.state().head(), 2u);

    // Nor a prebuilt file with more than its block 0.
    const QString file =
        QDir(prebuilt.path())
            .filePath(chain::PrebuiltGenesis::fileName(keptOptions({}, {}, &unused)));
    QFile::remove(file);
    ASSERT_TRUE(QFile::copy(storeOf(data), file)) << "the two-block chain, under the genesis' name";
    QTemporaryDir fresh;
    const Outcome<bool> installed = chain::PrebuiltGenesis::install(
        keptOptions(fresh.path(), prebuilt.path(), &unused), storeOf(fresh));
    ASSERT_FALSE(installed);
    const QString why = installed.error().message;
    EXPECT_TRUE(why.contains(QStringLiteral("3 blocks"))) << why.toStdString();
}
