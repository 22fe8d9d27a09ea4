#include "server/net/websocketframescanner.h"

#include <algorithm>

namespace gifscan::server {

namespace {
// How many header bytes a frame has, once its first two are known.
int headerLength(std::uint8_t second)
{
    const int len7 = second & 0x7f;
    const int extended = len7 == 126 ? 2 : len7 == 127 ? 8 : 0;
    const int mask = (second & 0x80) ? 4 : 0;
    return 2 + extended + mask;
}
} // namespace

bool WebSocketFrameScanner::feed(QByteArrayView bytes)
{
    qsizetype at = 0;
    while (m_problem.isEmpty() && at < bytes.size()) {
        if (m_inPayload) {
            const auto take = static_cast<std::uint64_t>(bytes.size() - at);
            const std::uint64_t skipped = std::min(take, m_payloadLeft);
            m_payloadLeft -= skipped;
            at += static_cast<qsizetype>(skipped);
            if (m_payloadLeft == 0) {
                m_inPayload = false;
                m_have = 0;
                ++m_frames;
            }
            continue;
        }
        m_header[m_have++] = static_cast<std::uint8_t>(bytes[at++]);
        if (m_have == 2 && !(m_header[1] & 0x80)) {
            m_problem = QStringLiteral("a client frame is not masked");
            break;
        }
        if (m_have >= 2 && m_have == headerLength(m_header[1]))
            headerDone();
    }
    return m_problem.isEmpty();
}

void WebSocketFrameScanner::headerDone()
{
    const std::uint8_t first = m_header[0];
    const int opcode = first & 0x0f;
    const bool fin = first & 0x80;
    if (first & 0x70)
        m_problem = QStringLiteral("reserved bits are set, and no extension was agreed");
    else if (!(opcode <= 2 || (opcode >= 8 && opcode <= 10)))
        m_problem = QStringLiteral("opcode %1 is reserved").arg(opcode);
    const int len7 = m_header[1] & 0x7f;
    std::uint64_t length = static_cast<std::uint64_t>(len7);
    if (len7 == 126) {
        length = (std::uint64_t{m_header[2]} << 8) | m_header[3];
    } else if (len7 == 127) {
        length = 0;
        for (int i = 0; i < 8; ++i)
            length = (length << 8) | m_header[2 + i];
        if (length >> 63)
            m_problem = QStringLiteral("a 64-bit length has its top bit set");
    }
    if (opcode >= 8 && (!fin || length > 125))
        m_problem = QStringLiteral("a control frame is fragmented or longer than 125 bytes");
    if (opcode == 2 && m_problem.isEmpty())
        m_problem = QStringLiteral("a binary frame: JSON-RPC is sent as text");
    if (opcode <= 2 && m_problem.isEmpty()) {
        // A continuation adds to its message; a text frame starts one. Both
        // terms are below 2^63 here, so the sum cannot wrap.
        m_message = (opcode == 0 ? m_message : 0) + length;
        if (m_message > m_maxMessage)
            m_problem = QStringLiteral("a message of more than %1 bytes").arg(m_maxMessage);
    }
    if (!m_problem.isEmpty())
        return;
    m_payloadLeft = length;
    m_inPayload = length > 0;
    if (!m_inPayload) {
        m_have = 0;
        ++m_frames;
    }
}

} // namespace gifscan::server
