// Following a connection's requests as they arrive, in any pieces: what the
// node's guarded sockets refuse before Qt's server reads a body.
#include "server/net/requeststream.h"

#include <QString>
#include <gtest/gtest.h>

using gifscan::server::RequestStream;

namespace {
// The refusal status after feeding `bytes` in pieces of `piece`, or 0.
int refusedWith(const QByteArray &bytes, qsizetype piece, int *requests = nullptr)
{
    RequestStream stream;
    std::optional<RequestStream::Refusal> refusal;
    for (qsizetype at = 0; at < bytes.size() && !refusal; at += piece)
        refusal = stream.feed(QByteArrayView(bytes).sliced(at, std::min(piece, bytes.size() - at)));
    if (requests)
        *requests = stream.requests();
    return refusal ? refusal->status : 0;
}

const QByteArray kGet = "GET /v1/blocks HTTP/1.1\r\nHost: x\r\n\r\n";
QByteArray post(const QByteArray &body)
{
    return "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: " + QByteArray::number(body.size()) +
           "\r\n\r\n" + body;
}
} // namespace

TEST(RequestStream, FollowsPipelinedRequestsInAnyPieces)
{
    // A body that looks like a head is a body: it is skipped by its length.
    const QByteArray stream = kGet + post("GET / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n") +
                              "\r\n" + kGet + post(QByteArray(1000, 'x'));
    for (qsizetype piece :
         {qsizetype(1), qsizetype(2), qsizetype(7), qsizetype(64), stream.size()}) {
        int requests = 0;
        EXPECT_EQ(refusedWith(stream, piece, &requests), 0) << "pieces of " << piece;
        EXPECT_EQ(requests, 4) << "pieces of " << piece;
    }
}

TEST(RequestStream, RefusesBeforeTheBody)
{
    // Announced past the limit, split anywhere, and behind an honest request.
    const QByteArray big = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 419430400\r\n\r\n";
    for (qsizetype piece : {qsizetype(1), qsizetype(5), big.size()}) {
        EXPECT_EQ(refusedWith(big, piece), 413);
        EXPECT_EQ(refusedWith(kGet + big, piece), 413);
    }
    EXPECT_EQ(refusedWith(post(QByteArray(1024 * 1024, 'x')), 4096), 0)
        << "exactly the limit is fine";
    EXPECT_EQ(
        refusedWith("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
                    3),
        411);
}

TEST(RequestStream, RefusesHeadsQtWouldReadDifferently)
{
    // What Qt's reader accepts and reads another way than the guard would:
    // refused outright, so no request gets past the guard unread.
    EXPECT_EQ(refusedWith(" POST / HTTP/1.1\r\nContent-Length: 5000000\r\n\r\n", 1), 400);
    EXPECT_EQ(refusedWith("POST / HTTP/1.1 \r\nContent-Length: 5000000\r\n\r\n", 1), 400);
    EXPECT_EQ(
        refusedWith("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 5000000\r\n\r\n", 1),
        400);
    EXPECT_EQ(refusedWith("POST / HTTP/1.1\r\nX-A: 1\r\n Content-Length: 5000000\r\n\r\n", 1), 400);
    // Empty lines between requests are fine (RFC 9112 §2.2).
    EXPECT_EQ(refusedWith("\r\n\r\n\n" + kGet, 1), 0);
}

TEST(RequestStream, AHeadWithoutEndIsRefusedAtTheLimitAndHeldNoFurther)
{
    QByteArray trickle = "GET / HTTP/1.1\r\n";
    for (int i = 0; i < 5000; ++i)
        trickle += "X-Header-" + QByteArray::number(i) + ": " + QByteArray(12, 'v') + "\r\n";
    RequestStream stream;
    std::optional<RequestStream::Refusal> refusal;
    for (qsizetype at = 0; at < trickle.size() && !refusal; ++at) {
        refusal = stream.feed(QByteArrayView(trickle).sliced(at, 1));
        ASSERT_LE(stream.headBytesHeld(), gifscan::server::RequestHead::kMaxHeadBytes + 1);
    }
    ASSERT_TRUE(refusal);
    EXPECT_EQ(refusal->status, 431);
    // Once refused, always refused.
    EXPECT_TRUE(stream.feed(kGet));
}
