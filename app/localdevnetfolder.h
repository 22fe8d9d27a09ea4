#pragma once

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QString>

// Where the explorer keeps its local devnet (~/.local/share/gifscan/devnet),
// and the file in it where a running gifscan-devnet says where it listens:
// what gifscan-cli reads when it is given no node. One definition, so the
// two programs cannot drift.
inline QString localDevnetFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/gifscan/devnet");
}

// Before, the folder was .../gifscan/gifscan/devnet (organisation and
// application both named it): a chain kept there is moved, once, to the
// folder above, and the empty folder it leaves is removed. False when
// there was one and it could not be moved (then it stays, and a new chain
// starts in the new folder).
inline bool moveOldLocalDevnetFolder()
{
    const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    const QString old = data + QStringLiteral("/gifscan/gifscan/devnet");
    const QString now = localDevnetFolder();
    if (!QFileInfo(old).isDir() || QFileInfo::exists(now))
        return true;
    if (!QDir().rename(old, now))
        return false;
    QDir().rmdir(data + QStringLiteral("/gifscan/gifscan")); // only when empty
    return true;
}

// The ready line, as the node printed it (core/protocol/nodeannouncement.h),
// written when it serves and removed when it stops.
inline QString nodeFileIn(const QString &dataDir)
{
    return dataDir + QStringLiteral("/node.json");
}
