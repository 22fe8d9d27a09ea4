// Every kept input of every fuzz target, replayed in every build's suite:
// the seed corpora (tests/fuzz/corpus/<target>/, written by
// scripts/fuzzcorpus.sh), inputs a long fuzzing run found new coverage with
// (tests/fuzz/grown/<target>/, the small ones of a merged corpus) and the
// minimised inputs of crashes once found and fixed
// (tests/fuzz/regressions/<target>/). A target
// that breaks a promise aborts, which fails this test with the input named.
#include "tests/fuzz/fuzztarget.h"
#include "tests/support/testpaths.h"

#include <QDir>
#include <QFile>
#include <QString>
#include <gtest/gtest.h>

using gifscan::fuzz::targets;

namespace {

QStringList inputsOf(const QString &target)
{
    QStringList files;
    for (const char *kind : {"corpus", "grown", "regressions"}) {
        const QDir dir(gifscan::test::testsPath(QStringLiteral("fuzz/%1/%2"))
                           .arg(QLatin1String(kind), target));
        for (const QString &name : dir.entryList(QDir::Files, QDir::Name))
            files << dir.filePath(name);
    }
    return files;
}

class FuzzCorpus : public ::testing::TestWithParam<std::string>
{
};

} // namespace

TEST(FuzzCorpus, EveryTargetIsRegisteredOnce)
{
    const QStringList expected = QStringLiteral(GIFSCAN_FUZZ_NAMES).split(u',');
    QStringList registered;
    for (const auto &t : targets())
        registered << QString::fromLatin1(t.name);
    registered.sort();
    QStringList sorted = expected;
    sorted.sort();
    EXPECT_EQ(registered, sorted);
}

TEST_P(FuzzCorpus, KeptInputsRunClean)
{
    gifscan::fuzz::setUpQt();
    const QString name = QString::fromStdString(GetParam());
    const auto it = std::find_if(targets().begin(), targets().end(),
                                 [&](const auto &t) { return name == QLatin1String(t.name); });
    ASSERT_NE(it, targets().end());
    const QStringList files = inputsOf(name);
    // A target without seeds starts blind; every target has some.
    ASSERT_GE(files.size(), 3) << "seed corpus of " << GetParam();
    for (const QString &path : files) {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
        const QByteArray bytes = file.readAll();
        const std::string where = path.toStdString();
        gifscan::fuzz::setInputName(where.c_str());
        it->run({reinterpret_cast<const std::uint8_t *>(bytes.constData()),
                 static_cast<std::size_t>(bytes.size())});
    }
    gifscan::fuzz::setInputName(nullptr);
}

INSTANTIATE_TEST_SUITE_P(Targets, FuzzCorpus, ::testing::ValuesIn([] {
                             std::vector<std::string> names;
                             for (const QString &n : QStringLiteral(GIFSCAN_FUZZ_NAMES).split(u','))
                                 names.push_back(n.toStdString());
                             return names;
                         }()),
                         [](const auto &param) { return param.param; });
