#pragma once

#include <QProcess>
#include <QStandardPaths>
#include <QString>

namespace gifscan::test {

// promtool's verdict on a /metrics exposition (Debian's prometheus
// package): empty when it accepts it, else its words, or why it could not
// be asked.
inline QString promtoolSays(const QByteArray &metrics)
{
    const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
    if (promtool.isEmpty())
        return QStringLiteral("no promtool (Debian's prometheus package)");
    QProcess p;
    p.start(promtool, {QStringLiteral("check"), QStringLiteral("metrics")});
    p.write(metrics);
    p.closeWriteChannel();
    if (!p.waitForFinished(30000))
        return QStringLiteral("promtool did not finish");
    return p.exitCode() == 0
               ? QString()
               : QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
}

} // namespace gifscan::test
