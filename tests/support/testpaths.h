#pragma once

#include <QFile>
#include <QJsonDocument>
#include <QString>

// Where the tests find what lies outside their binary: shared/, the source
// tree's test data, and the programs they start. The paths are absolute and
// differ between checkouts, so they are compiled into testpaths.cpp alone:
// as -D flags on a whole target they made every unit of it a different
// compilation in each checkout, and no compiler cache could reuse one.
namespace gifscan::test {

// shared/ sits beside the repository, in a developer's tree and in CI alike.
QString sharedPath(const QString &relative);
// tests/ in the source tree, and translations/ there.
QString testsPath(const QString &relative);
QString translationsDir();
// The programs the build made, and Qt's lupdate.
QString devnetBinary();
QString cliBinary();
QString guiBinary();
QString indexerBinary();
QString lupdateBinary();
// The list of sources whose words the translations must hold (an @file for lupdate).
QString translatedSourcesList();
// The build's prebuilt genesis (share/gifscan/genesis), as the app copies it.
QString genesisDir();

inline QJsonDocument readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll());
}

} // namespace gifscan::test
