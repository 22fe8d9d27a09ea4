#pragma once

#include <QFile>
#include <QJsonDocument>
#include <QString>

namespace gifscan::test {

// shared/ sits beside the repository, in a developer's tree and in CI alike.
inline QString sharedPath(const QString &relative)
{
    return QStringLiteral(GIFSCAN_SHARED_DIR "/") + relative;
}

inline QJsonDocument readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll());
}

} // namespace gifscan::test
