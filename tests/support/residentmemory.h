#pragma once

#include <QFile>

namespace gifscan::test {

// A process's resident memory in MiB, from /proc (0 when it is gone):
// benchmarks that run a node as a child read its memory alone.
inline double residentMb(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    return 0;
}

} // namespace gifscan::test
