#pragma once

#include <QByteArrayView>
#include <QString>
#include <array>
#include <cstdint>

namespace gifscan::server {

// Reads the frames a websocket client sends (RFC 6455 §5), as they arrive
// in pieces, and says when they break the rules a server must enforce: every
// client frame masked (§5.1), no reserved bits without an extension (§5.2;
// the node negotiates none), known opcodes, control frames whole and at most
// 125 bytes (§5.5), and a 64-bit length whose top bit is clear. The node's
// own rules too: a message (its fragments together) no longer than
// `maxMessageBytes`, refused on the length its header announces, before any
// of it arrives (Qt's limit applies to whole frames, so a frame announcing
// 1.9 GB was read for as long as it was sent), and text only: JSON-RPC is
// text, and binary messages went past the rate limiter unread. Qt's
// websocket server accepts unmasked frames; the node's websocket entry point
// feeds each connection's bytes through one of these and closes the
// connection at the first broken rule. Pure: any thread.
class WebSocketFrameScanner
{
public:
    static constexpr std::uint64_t kDefaultMaxMessageBytes = 1024 * 1024 + 4096;

    explicit WebSocketFrameScanner(std::uint64_t maxMessageBytes = kDefaultMaxMessageBytes)
        : m_maxMessage(maxMessageBytes)
    {
    }

    // False once the bytes so far break a rule, and from then on.
    bool feed(QByteArrayView bytes);
    const QString &problem() const { return m_problem; }
    std::uint64_t frames() const { return m_frames; }

private:
    void headerDone();

    std::array<std::uint8_t, 14> m_header{};
    int m_have = 0; // header bytes read of the current frame
    std::uint64_t m_payloadLeft = 0;
    bool m_inPayload = false;
    std::uint64_t m_frames = 0;
    std::uint64_t m_maxMessage;
    std::uint64_t m_message = 0; // bytes announced so far by the data message being sent
    QString m_problem;
};

} // namespace gifscan::server
