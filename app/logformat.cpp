#include "app/logformat.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtGlobal>
#include <cstdio>

namespace gifscan {

namespace {
const char *levelOf(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg:
        return "debug";
    case QtInfoMsg:
        return "info";
    case QtWarningMsg:
        return "warning";
    case QtCriticalMsg:
        return "error";
    case QtFatalMsg:
        return "fatal";
    }
    return "info";
}

void jsonLine(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    const QJsonObject line{
        {QStringLiteral("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("level"), QLatin1String(levelOf(type))},
        {QStringLiteral("category"), QLatin1String(context.category ? context.category : "")},
        {QStringLiteral("message"), message}};
    // One write a line: lines of two threads never interleave.
    const QByteArray out = QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    std::fwrite(out.constData(), 1, static_cast<std::size_t>(out.size()), stderr);
    std::fflush(stderr);
}
} // namespace

bool installLogFormat(const QString &format)
{
    if (format == QLatin1String("json")) {
        qInstallMessageHandler(jsonLine);
        return true;
    }
    if (format != QLatin1String("text"))
        return false;
    qSetMessagePattern(QStringLiteral(
        "%{time yyyy-MM-dd hh:mm:ss.zzz t} "
        "%{if-debug}debug%{endif}%{if-info}info%{endif}%{if-warning}warning%{endif}"
        "%{if-critical}error%{endif}%{if-fatal}fatal%{endif} %{category}: %{message}"));
    return true;
}

} // namespace gifscan
