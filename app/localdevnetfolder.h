#pragma once

#include <QStandardPaths>
#include <QString>

// Where the explorer keeps its local devnet (the GUI's data folder, as
// organisation and application "gifscan" name it), and the file in it where
// a running gifscan-devnet says where it listens: what gifscan-cli reads when
// it is given no node. One definition, so the two programs cannot drift.
inline QString localDevnetFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/gifscan/gifscan/devnet");
}

// The ready line, as the node printed it (core/protocol/nodeannouncement.h),
// written when it serves and removed when it stops.
inline QString nodeFileIn(const QString &dataDir)
{
    return dataDir + QStringLiteral("/node.json");
}
