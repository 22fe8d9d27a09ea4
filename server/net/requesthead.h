#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <optional>

namespace gifscan::server {

// What the head of an HTTP/1.1 request (RFC 9112 §2-§6) says about the body
// to come, read from the bytes that have arrived so far. The node's guarded
// sockets read it before Qt's HTTP server buffers a body, so that a body
// announced past the limit is refused in words (413) before any of it is
// read. Only what that decision needs is parsed; everything else is left to
// Qt's parser, which answers malformed requests itself; and the fields that
// say which page and host name a request comes by, so that the node can
// refuse a stranger's page before any work (BrowserPolicy). Pure: any thread.
struct RequestHead
{
    enum class State {
        Incomplete, // no blank line yet, within the size allowed for a head
        Complete,
        Malformed, // not an HTTP/1.x request head, or Content-Length unusable
        TooLarge,  // no blank line within the size allowed for a head
    };

    State state = State::Incomplete;
    QByteArray method;
    QByteArray target;                   // the request-target, as sent
    qsizetype headBytes = 0;             // up to and including the blank line
    std::optional<qint64> contentLength; // the announced body size
    bool chunked = false; // a Transfer-Encoding field, whatever it says (refused: 411)
    // What says who asks, for the node's browser policy (BrowserPolicy):
    // the values as sent, trimmed. A second Host or Origin makes the head
    // Malformed: Qt's server could read the other one than the guard did.
    std::optional<QByteArray> host;
    std::optional<QByteArray> origin;
    QByteArray fetchSite; // Sec-Fetch-Site: a browser's word on who made the request
    QByteArray referer;

    static constexpr qsizetype kMaxHeadBytes = 64 * 1024;
    static RequestHead scan(QByteArrayView bytes, qsizetype maxHeadBytes = kMaxHeadBytes);
};

} // namespace gifscan::server
