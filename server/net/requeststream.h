#pragma once

#include "server/net/browserpolicy.h"
#include "server/net/requesthead.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace gifscan::server {

// Follows the requests on one HTTP connection as their bytes arrive, in
// whatever pieces: where each head ends (RequestHead), how long its body is,
// where the next request begins, and whether the node must refuse it before
// Qt's server reads any of its body. A head larger than the limit (431), one
// Qt would read differently from how it is written (400), a chunked body
// (411: neither entry point needs one, and its size is unknown in advance),
// a body announced past the limit (413) and what the browser policy refuses
// (403: a host name or a page not allowed) are refusals; once refused, the
// connection says nothing more. Work is linear in the bytes fed: a head is
// parsed once, when a blank line has arrived. Pure: any thread.
class RequestStream
{
public:
    struct Limits
    {
        qint64 maxBodyBytes = 1024 * 1024;
        qsizetype maxHeadBytes = RequestHead::kMaxHeadBytes;
        // Whose pages and host names may ask; none: anyone's.
        const BrowserPolicy *browsers = nullptr;
        // A websocket's entry point: only the first head is HTTP (the
        // handshake); what follows is frames, not followed here.
        bool upgrade = false;
    };
    struct Refusal
    {
        int status = 0; // 400, 403, 411, 413 or 431
        QString why;
        // The refused request's Origin, when its head was read: a page
        // allowed to ask may read the refusal.
        QByteArray origin;
    };

    explicit RequestStream(Limits limits) : m_limits(limits) {}
    RequestStream() : RequestStream(Limits{}) {}

    // The connection's next bytes; the refusal once a request must be refused.
    std::optional<Refusal> feed(QByteArrayView bytes);

    int requests() const { return m_requests; }               // heads read whole and accepted
    qsizetype headBytesHeld() const { return m_head.size(); } // never past maxHeadBytes + 1

private:
    std::optional<Refusal> refuse(int status, const QString &why, const QByteArray &origin = {});

    Limits m_limits;
    QByteArray m_head; // the current head so far, leading empty lines dropped
    qint64 m_bodyLeft = 0;
    int m_requests = 0;
    bool m_upgraded = false; // the handshake passed: the rest is not HTTP
    std::optional<Refusal> m_refusal;
};

} // namespace gifscan::server
