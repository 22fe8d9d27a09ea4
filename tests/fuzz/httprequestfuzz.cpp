// The node's HTTP entry points in process, without sockets: the stream of
// requests its guarded sockets follow (RequestStream, RequestHead) and the
// REST router behind them. Any bytes get the same verdict whatever pieces
// they arrive in, and the guard never holds more than a head's limit; any
// GET gets one of the protocol's statuses with a JSON body (or a GIF),
// never an exception (which would be a 500).
#include "server/net/requesthead.h"
#include "server/net/requeststream.h"
#include "tests/fuzz/fuzzdevnet.h"
#include "tests/fuzz/fuzztarget.h"

#include <QJsonDocument>
#include <QUrl>

using gifscan::server::RequestHead;
using gifscan::server::RequestStream;
using Status = QHttpServerResponder::StatusCode;

namespace {
void followInPieces(QByteArrayView bytes, qsizetype piece)
{
    RequestStream whole;
    const auto wholeVerdict = whole.feed(bytes);
    RequestStream pieces;
    std::optional<RequestStream::Refusal> piecesVerdict;
    for (qsizetype at = 0; at < bytes.size(); at += piece) {
        piecesVerdict = pieces.feed(bytes.sliced(at, std::min(piece, bytes.size() - at)));
        FUZZ_ASSERT(pieces.headBytesHeld() <= RequestHead::kMaxHeadBytes + 1);
    }
    FUZZ_ASSERT(wholeVerdict.has_value() == piecesVerdict.has_value());
    if (wholeVerdict)
        FUZZ_ASSERT(wholeVerdict->status == piecesVerdict->status);
    FUZZ_ASSERT(whole.requests() == pieces.requests());
}
} // namespace

GIFSCAN_FUZZ_TARGET(http_request)
{
    if (input.empty())
        return;
    // The first byte chooses how the stream is cut into arrivals.
    const QByteArrayView bytes(reinterpret_cast<const char *>(input.data()) + 1,
                               static_cast<qsizetype>(input.size() - 1));
    followInPieces(bytes, 1 + input[0] % 23);

    const RequestHead head = RequestHead::scan(bytes);
    if (head.state != RequestHead::State::Complete)
        return;
    FUZZ_ASSERT(head.headBytes > 0 && head.headBytes <= bytes.size());
    const RequestHead alone = RequestHead::scan(bytes.first(head.headBytes));
    FUZZ_ASSERT(alone.state == RequestHead::State::Complete && alone.headBytes == head.headBytes);
    FUZZ_ASSERT(alone.contentLength == head.contentLength && alone.target == head.target);
    if (head.method != "GET" && head.method != "HEAD")
        return;
    // The request target as Qt's HTTP server reads it.
    QUrl url = QUrl::fromEncoded(head.target, QUrl::TolerantMode);
    url.setScheme(QStringLiteral("http"));
    url.setHost(QStringLiteral("127.0.0.1"));
    // An If-None-Match, when the head's last header line names one.
    const qsizetype tag = bytes.first(head.headBytes).lastIndexOf("If-None-Match: ");
    const QByteArray ifNoneMatch =
        tag < 0
            ? QByteArray()
            : bytes.sliced(tag + 15, head.headBytes - tag - 15).toByteArray().split('\r').first();

    gifscan::fuzz::FuzzDevnet &node = gifscan::fuzz::FuzzDevnet::instance();
    const auto reply = node.rest.route(url, ifNoneMatch);
    static const QList<Status> statuses{Status::Ok, Status::NotModified, Status::BadRequest,
                                        Status::NotFound};
    FUZZ_ASSERT(statuses.contains(reply.status));
    FUZZ_ASSERT(reply.height <= node.chain.state().head());
    if (reply.status == Status::NotModified) {
        FUZZ_ASSERT(reply.body.isEmpty());
    } else if (reply.mime == "application/json") {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(reply.body, &error);
        FUZZ_ASSERT(error.error == QJsonParseError::NoError && doc.isObject());
    } else {
        FUZZ_ASSERT(reply.mime == "image/gif" && reply.body.startsWith("GIF"));
    }
}
