// The node's REST entry point in process, without sockets: the request head
// its guarded sockets read (RequestHead) and the router behind it. Any bytes
// give a head verdict; any GET gives one of the protocol's statuses with a
// JSON body (or a GIF), never an exception (which would be a 500).
#include "devnet/requesthead.h"
#include "tests/fuzz/fuzzdevnet.h"
#include "tests/fuzz/fuzztarget.h"

#include <QJsonDocument>
#include <QUrl>

using gifscan::devnet::RequestHead;
using Status = QHttpServerResponder::StatusCode;

GIFSCAN_FUZZ_TARGET(http_request)
{
    const QByteArrayView bytes(reinterpret_cast<const char *>(input.data()),
                               static_cast<qsizetype>(input.size()));
    const RequestHead head = RequestHead::scan(bytes);
    if (head.state != RequestHead::State::Complete)
        return;
    FUZZ_ASSERT(head.headBytes > 0 && head.headBytes <= bytes.size());
    // The head alone reads the same.
    const RequestHead alone = RequestHead::scan(bytes.first(head.headBytes));
    FUZZ_ASSERT(alone.state == RequestHead::State::Complete && alone.headBytes == head.headBytes);
    FUZZ_ASSERT(alone.contentLength == head.contentLength);
    if (head.method != "GET" && head.method != "HEAD")
        return;
    // The request target, split as Qt's HTTP server splits it.
    const QByteArrayView target = head.target;
    const qsizetype question = target.indexOf('?');
    QUrl url(QStringLiteral("http://127.0.0.1/"));
    url.setPath(QString::fromLatin1(question < 0 ? target : target.first(question)),
                QUrl::TolerantMode);
    if (question >= 0)
        url.setQuery(QString::fromLatin1(target.sliced(question + 1)), QUrl::TolerantMode);

    gifscan::fuzz::FuzzDevnet &node = gifscan::fuzz::FuzzDevnet::instance();
    const auto reply = node.rest.route(url);
    static const QList<Status> statuses{Status::Ok, Status::NotModified, Status::BadRequest,
                                        Status::NotFound};
    FUZZ_ASSERT(statuses.contains(reply.status));
    FUZZ_ASSERT(reply.height <= node.chain.state().head());
    if (reply.mime == "application/json") {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(reply.body, &error);
        FUZZ_ASSERT(error.error == QJsonParseError::NoError && doc.isObject());
    } else {
        FUZZ_ASSERT(reply.mime == "image/gif" && reply.body.startsWith("GIF"));
    }
}
