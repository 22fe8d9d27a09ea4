#pragma once

#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <QString>
#include <cerrno>
#include <csignal>

// Where the explorer keeps its local devnet (~/.local/share/gifscan/devnet),
// and the file in it where a running gifscan-devnet says where it listens:
// what gifscan-cli reads when it is given no node. One definition, so the
// two programs cannot drift.
inline QString localDevnetFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/gifscan/devnet");
}

// Where it was before: .../gifscan/gifscan/devnet (organisation and
// application both named it).
inline QString oldLocalDevnetFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/gifscan/gifscan/devnet");
}

// A node runs in the folder: it holds the folder's lock (QLockFile), and
// the process named in it is alive.
inline bool localDevnetRunsIn(const QString &folder)
{
    QLockFile lock(folder + QStringLiteral("/node.lock"));
    qint64 pid = 0;
    QString host, app;
    if (!lock.getLockInfo(&pid, &host, &app) || pid <= 0)
        return false;
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

// A chain kept in the old folder is moved, once, to the new one, and the
// empty folder it leaves is removed — not while a node of before runs in
// it (it would lose its files under it): then it stays until the next
// start. False when there was one to move and it was not moved.
inline bool moveOldLocalDevnetFolder()
{
    const QString old = oldLocalDevnetFolder();
    const QString now = localDevnetFolder();
    if (!QFileInfo(old).isDir() || QFileInfo::exists(now))
        return true;
    if (localDevnetRunsIn(old) || !QDir().mkpath(QFileInfo(now).absolutePath()) ||
        !QDir().rename(old, now))
        return false;
    QDir().rmdir(QFileInfo(old).absolutePath()); // only when empty
    return true;
}

// The ready line, as the node printed it (core/protocol/nodeannouncement.h),
// written when it serves and removed when it stops.
inline QString nodeFileIn(const QString &dataDir)
{
    return dataDir + QStringLiteral("/node.json");
}
