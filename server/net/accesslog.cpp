#include "server/net/accesslog.h"

#include <QLoggingCategory>

namespace gifscan::server {

namespace {
Q_LOGGING_CATEGORY(lcAccess, "gifscan.access")

QLatin1String methodName(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get:
        return QLatin1String("GET");
    case QHttpServerRequest::Method::Head:
        return QLatin1String("HEAD");
    case QHttpServerRequest::Method::Post:
        return QLatin1String("POST");
    case QHttpServerRequest::Method::Options:
        return QLatin1String("OPTIONS");
    default:
        return QLatin1String("OTHER");
    }
}
} // namespace

AccessLog::Entry AccessLog::entryOf(const QHostAddress &client, const QHttpServerRequest &request)
{
    // The target as it came, encoded: a stranger's quote or newline cannot
    // end the line or the quoted field.
    QByteArray target = request.url().toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority);
    return {client, methodName(request.method()),
            target.isEmpty() ? QByteArrayLiteral("/") : target};
}

void AccessLog::write(const Entry &entry, int status, qint64 bytes, double seconds)
{
    // Put together by hand: the target's own %-escapes are not arg()'s markers.
    qCInfo(lcAccess).noquote() << entry.client.toString() + QStringLiteral(" \"") + entry.method +
                                      u' ' + QString::fromLatin1(entry.target) +
                                      QStringLiteral("\" %1 %2 B %3 ms")
                                          .arg(status)
                                          .arg(bytes)
                                          .arg(seconds * 1000, 0, 'f', 1);
}

} // namespace gifscan::server
