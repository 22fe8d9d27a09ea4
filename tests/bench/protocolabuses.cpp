// The abuses of bench_abuse that the attacker's review of GraphQL and the
// websocket found (docs/RELIABILITY.md), each as that review ran it.
#include "tests/bench/abusenode.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

namespace gifscan::test::abuse {

namespace {

// Sleeps `seconds` unless told to stop first.
void restFor(int seconds, const std::atomic<bool> &stop)
{
    for (int i = 0; i < seconds * 20 && !stop; ++i)
        QThread::msleep(50);
}

// A client's frame (RFC 6455 §5.2: masked), with the length it announces.
QByteArray maskedFrame(quint8 opcode, const QByteArray &payload, quint64 announced)
{
    QByteArray f;
    f.append(static_cast<char>(0x80 | opcode));
    if (announced < 126) {
        f.append(static_cast<char>(0x80 | announced));
    } else if (announced <= 0xffff) {
        f.append(static_cast<char>(0x80 | 126));
        f.append(static_cast<char>(announced >> 8));
        f.append(static_cast<char>(announced & 0xff));
    } else {
        f.append(static_cast<char>(0x80 | 127));
        for (int shift = 56; shift >= 0; shift -= 8)
            f.append(static_cast<char>((announced >> shift) & 0xff));
    }
    const char mask[4] = {0x11, 0x22, 0x33, 0x44};
    f.append(mask, 4);
    for (qsizetype i = 0; i < payload.size(); ++i)
        f.append(static_cast<char>(payload[i] ^ mask[i % 4]));
    return f;
}

// A websocket connection from the stranger, past its handshake; null when
// the node did not take it.
std::unique_ptr<QTcpSocket> upgraded()
{
    std::unique_ptr<QTcpSocket> s(connected(node().ws, stranger()));
    if (!s)
        return nullptr;
    s->write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
    QByteArray head;
    while (!head.contains("\r\n\r\n") && s->waitForReadyRead(2000))
        head += s->readAll();
    if (!head.startsWith("HTTP/1.1 101"))
        return nullptr;
    return s;
}

// Writes `frame` again and again while the node reads it.
void keepWriting(QTcpSocket &s, const QByteArray &frame, const std::atomic<bool> &stop)
{
    while (!stop && s.state() == QAbstractSocket::ConnectedState) {
        if (s.bytesToWrite() < 4 * frame.size())
            s.write(frame);
        s.waitForBytesWritten(50);
    }
}

} // namespace

void graphqlScans(const std::atomic<bool> &stop)
{
    // Listed-object scans, as many aliases as the cost lets through (fewer
    // as the chain grows), one request at a time, each Retry-After honoured:
    // the most node time one address can have. A trait asked makes each a
    // scan of every object's version (the listed alone are a page of the
    // listings' indexes, priced as one).
    int aliases = 200;
    while (!stop) {
        QString query = QStringLiteral("{");
        for (int i = 0; i < aliases; ++i)
            query += QStringLiteral("a%1:objects(listed:true,traits:[{trait:\"Shape\",value:"
                                    "\"0\"}],first:1){__typename} ")
                         .arg(i);
        query += u'}';
        const QByteArray body =
            QJsonDocument(QJsonObject{{QStringLiteral("query"), query}}).toJson();
        std::unique_ptr<QTcpSocket> s(connected(node().rest, stranger()));
        if (!s)
            continue;
        s->write("POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 "Content-Length: " +
                 QByteArray::number(body.size()) + "\r\n\r\n" + body);
        const QByteArray answer = readAnswer(*s);
        if (answer.contains("over the cost limit"))
            aliases = aliases * 9 / 10;
        const qsizetype at = answer.toLower().indexOf("retry-after:");
        if (answer.startsWith("HTTP/1.1 429") && at > 0)
            restFor(answer.mid(at + 12, answer.indexOf('\r', at) - at - 12).trimmed().toInt(),
                    stop);
    }
}

void hugeWebsocketFrame(const std::atomic<bool> &stop)
{
    // A text frame announcing 1.9 GB, then its bytes as fast as they are read.
    const QByteArray chunk(64 * 1024, 'x');
    while (!stop) {
        auto s = upgraded();
        if (!s)
            continue;
        s->write(maskedFrame(0x1, {}, 1'900'000'000));
        keepWriting(*s, chunk, stop);
    }
}

void unreadPongs(const std::atomic<bool> &stop)
{
    // Pings of 125 bytes as fast as the node reads them, and never a pong read.
    const QByteArray ping = maskedFrame(0x9, QByteArray(125, 'p'), 125).repeated(256);
    while (!stop) {
        auto s = upgraded();
        if (!s)
            continue;
        s->setReadBufferSize(4096);
        keepWriting(*s, ping, stop);
    }
}

void binaryFrames(const std::atomic<bool> &stop)
{
    // Binary frames of 64 KiB, which no request of the protocol is.
    const QByteArray frame = maskedFrame(0x2, QByteArray(64 * 1024, 'b'), 64 * 1024);
    while (!stop) {
        auto s = upgraded();
        if (!s)
            continue;
        keepWriting(*s, frame, stop);
    }
}

} // namespace gifscan::test::abuse
