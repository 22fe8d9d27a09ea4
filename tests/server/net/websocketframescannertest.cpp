// The rules of RFC 6455 §5 that the node enforces on its websocket clients,
// whatever pieces the bytes arrive in.
#include "server/net/websocketframescanner.h"

#include <QByteArray>
#include <gtest/gtest.h>

using gifscan::server::WebSocketFrameScanner;

namespace {
QByteArray frame(std::uint8_t first, const QByteArray &payload, bool masked = true)
{
    QByteArray f;
    f.append(char(first));
    const std::uint8_t maskBit = masked ? 0x80 : 0;
    if (payload.size() < 126) {
        f.append(char(maskBit | payload.size()));
    } else if (payload.size() < 65536) {
        f.append(char(maskBit | 126))
            .append(char(payload.size() >> 8))
            .append(char(payload.size() & 0xff));
    } else {
        f.append(char(maskBit | 127));
        for (int i = 7; i >= 0; --i)
            f.append(char((static_cast<quint64>(payload.size()) >> (8 * i)) & 0xff));
    }
    if (masked)
        f.append("\x01\x02\x03\x04", 4);
    return f + payload; // the mask's effect on the payload does not matter here
}
} // namespace

TEST(WebSocketFrameScanner, ReadsMaskedFramesInAnyPieces)
{
    const QByteArray stream = frame(0x81, "hello") + frame(0x81, QByteArray(300, 'x')) +
                              frame(0x89, "") + frame(0x01, "part") + frame(0x80, "end") +
                              frame(0x81, QByteArray(70000, 'y'));
    for (qsizetype piece : {qsizetype(1), qsizetype(3), qsizetype(1000), stream.size()}) {
        WebSocketFrameScanner scanner;
        for (qsizetype at = 0; at < stream.size(); at += piece)
            ASSERT_TRUE(scanner.feed(
                QByteArrayView(stream).sliced(at, std::min(piece, stream.size() - at))))
                << scanner.problem().toStdString();
        EXPECT_EQ(scanner.frames(), 6u) << "pieces of " << piece;
    }
}

TEST(WebSocketFrameScanner, RefusesWhatAClientMustNotSend)
{
    auto verdict = [](const QByteArray &bytes) {
        WebSocketFrameScanner scanner;
        scanner.feed(frame(0x81, "fine"));
        return scanner.feed(bytes) ? QString() : scanner.problem();
    };
    EXPECT_TRUE(verdict(frame(0x81, "hi", false)).contains(QStringLiteral("not masked")));
    EXPECT_TRUE(verdict(frame(0xC1, "hi")).contains(QStringLiteral("reserved bits")));
    EXPECT_TRUE(verdict(frame(0x83, "hi")).contains(QStringLiteral("opcode 3")));
    EXPECT_TRUE(
        verdict(frame(0x89, QByteArray(126, 'p'))).contains(QStringLiteral("control frame")));
    EXPECT_TRUE(verdict(frame(0x09, "p")).contains(QStringLiteral("control frame")));
    QByteArray huge =
        QByteArray("\x82\xff", 2) + QByteArray("\x80\0\0\0\0\0\0\0", 8) + QByteArray("\1\2\3\4", 4);
    EXPECT_TRUE(verdict(huge).contains(QStringLiteral("top bit")));
    EXPECT_TRUE(verdict(frame(0x81, "ok")).isEmpty());
    // Once broken, always broken.
    WebSocketFrameScanner scanner;
    EXPECT_FALSE(scanner.feed(frame(0x81, "x", false)));
    EXPECT_FALSE(scanner.feed(frame(0x81, "x")));
}

TEST(WebSocketFrameScanner, RefusesAMessageOnTheLengthItAnnounces)
{
    // 1.9 GB announced: refused on its 14 header bytes, none of it read.
    QByteArray header = QByteArray("\x81\xff", 2);
    for (int i = 7; i >= 0; --i)
        header.append(char((std::uint64_t{1'900'000'000} >> (8 * i)) & 0xff));
    header.append("\1\2\3\4", 4);
    WebSocketFrameScanner scanner;
    EXPECT_FALSE(scanner.feed(header));
    EXPECT_TRUE(scanner.problem().contains(QStringLiteral("more than 1052672 bytes")))
        << scanner.problem().toStdString();

    // The limit, exactly: read; one byte more, in fragments: refused at the
    // fragment that crosses it, whatever came between.
    WebSocketFrameScanner small(1000);
    EXPECT_TRUE(small.feed(frame(0x81, QByteArray(1000, 'a'))));
    EXPECT_TRUE(small.feed(QByteArray(frame(0x01, QByteArray(600, 'b')) + frame(0x89, "ping"))));
    EXPECT_FALSE(small.feed(frame(0x80, QByteArray(401, 'c'))));
    WebSocketFrameScanner next(1000);
    EXPECT_TRUE(next.feed(
        QByteArray(frame(0x01, QByteArray(600, 'b')) + frame(0x80, QByteArray(400, 'c')))));
    EXPECT_TRUE(next.feed(frame(0x81, QByteArray(1000, 'd')))) << "a new message starts at zero";
}

TEST(WebSocketFrameScanner, RefusesBinaryFrames)
{
    WebSocketFrameScanner scanner;
    EXPECT_FALSE(scanner.feed(frame(0x82, "\x01\x02")));
    EXPECT_TRUE(scanner.problem().contains(QStringLiteral("binary")));
}
