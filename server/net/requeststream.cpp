#include "server/net/requeststream.h"

#include <algorithm>

namespace gifscan::server {

std::optional<RequestStream::Refusal> RequestStream::refuse(int status, const QString &why,
                                                            const QByteArray &origin)
{
    m_refusal = Refusal{status, why, origin};
    m_head.clear();
    return m_refusal;
}

std::optional<RequestStream::Refusal> RequestStream::feed(QByteArrayView bytes)
{
    qsizetype pos = 0;
    const qsizetype n = bytes.size();
    while (!m_refusal && !m_upgraded && pos < n) {
        if (m_bodyLeft > 0) {
            const qsizetype take = static_cast<qsizetype>(std::min<qint64>(m_bodyLeft, n - pos));
            m_bodyLeft -= take;
            pos += take;
            continue;
        }
        if (m_head.isEmpty()) {
            // Empty lines between requests are ignored (RFC 9112 §2.2); not kept.
            while (pos < n && (bytes[pos] == '\r' || bytes[pos] == '\n'))
                ++pos;
            if (pos == n)
                break;
        }
        const qsizetype before = m_head.size();
        const qsizetype take = std::min(m_limits.maxHeadBytes + 1 - before, n - pos);
        m_head.append(bytes.sliced(pos, take));
        // A head ends at a blank line; look only where one may have completed.
        const QByteArrayView fresh =
            QByteArrayView(m_head).sliced(std::max<qsizetype>(0, before - 3));
        if (!fresh.contains("\n\r\n") && !fresh.contains("\n\n")) {
            if (m_head.size() > m_limits.maxHeadBytes)
                return refuse(431, QStringLiteral("request heads are limited to %1 bytes")
                                       .arg(m_limits.maxHeadBytes));
            pos += take;
            continue;
        }
        const RequestHead head = RequestHead::scan(m_head, m_limits.maxHeadBytes);
        switch (head.state) {
        case RequestHead::State::Incomplete:
            pos += take;
            continue;
        case RequestHead::State::TooLarge:
            return refuse(
                431,
                QStringLiteral("request heads are limited to %1 bytes").arg(m_limits.maxHeadBytes));
        case RequestHead::State::Malformed:
            return refuse(400,
                          QStringLiteral("the request head is not HTTP/1.1 as RFC 9112 writes it"));
        case RequestHead::State::Complete:
            break;
        }
        const QByteArray origin = head.origin.value_or(QByteArray());
        // Who asks first: a stranger's page learns nothing more of the node.
        if (m_limits.browsers) {
            if (const auto refused = m_limits.browsers->refusal(head))
                return refuse(refused->status, refused->why, origin);
        }
        if (head.chunked)
            return refuse(411,
                          QStringLiteral("request bodies are sent with a Content-Length, never a "
                                         "Transfer-Encoding"),
                          origin);
        if (head.contentLength && *head.contentLength > m_limits.maxBodyBytes)
            return refuse(413,
                          m_limits.maxBodyBytes > 0
                              ? QStringLiteral("request bodies are limited to 1 MiB")
                              : QStringLiteral("this request has no body"),
                          origin);
        ++m_requests;
        m_upgraded = m_limits.upgrade;
        pos += head.headBytes - before;
        m_bodyLeft = head.contentLength.value_or(0);
        m_head.clear();
    }
    return m_refusal;
}

} // namespace gifscan::server
