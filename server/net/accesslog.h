#pragma once

#include <QHostAddress>
#include <QHttpServerRequest>

namespace gifscan::server {

// One line a request (--access-log): who asked (the client as the trusted
// proxies name it), what, the status, the answer's bytes and its time, on
// the category gifscan.access at info, so that the program's log format
// (text or json) and a QT_LOGGING_RULES filter apply to it as to any line:
//   127.0.0.1 "GET /v1/objects?limit=10" 200 5123 B 3.1 ms
// Off by default: a busy server's log would be mostly these. Any thread.
class AccessLog
{
public:
    // Who asked what, taken as the request comes: its answer may be written
    // after the request is gone (a forwarded transaction).
    struct Entry
    {
        QHostAddress client;
        QLatin1String method;
        QByteArray target;
    };
    static Entry entryOf(const QHostAddress &client, const QHttpServerRequest &request);
    static void write(const Entry &entry, int status, qint64 bytes, double seconds);
};

} // namespace gifscan::server
