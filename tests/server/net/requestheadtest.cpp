// The guarded socket's reading of a request head: only what deciding on
// the body needs, strict where the framing would otherwise be ambiguous.
#include "server/net/requesthead.h"

#include <QString>
#include <gtest/gtest.h>

using gifscan::server::RequestHead;
using State = RequestHead::State;

TEST(RequestHead, ReadsTheAnnouncedLength)
{
    const QByteArray text =
        "POST / HTTP/1.1\r\nHost: x\r\ncontent-length:  419430400 \r\n\r\n{\"partial";
    const RequestHead head = RequestHead::scan(text);
    ASSERT_EQ(head.state, State::Complete);
    EXPECT_EQ(head.method, "POST");
    EXPECT_EQ(head.target, "/");
    EXPECT_EQ(head.contentLength, 419430400);
    EXPECT_EQ(head.headBytes, text.indexOf("{"));
    EXPECT_FALSE(head.chunked);
}

TEST(RequestHead, WaitsForTheBlankLine)
{
    EXPECT_EQ(RequestHead::scan("").state, State::Incomplete);
    EXPECT_EQ(RequestHead::scan("GET /v1/blocks HTT").state, State::Incomplete);
    EXPECT_EQ(RequestHead::scan("GET /v1/blocks HTTP/1.1\r\nHost: x\r\n").state, State::Incomplete);
    // Empty lines before the request line are skipped (RFC 9112 §2.2).
    const RequestHead head = RequestHead::scan("\r\n\r\nGET /v1/blocks?limit=1 HTTP/1.1\n\n");
    EXPECT_EQ(head.state, State::Complete);
    EXPECT_EQ(head.target, "/v1/blocks?limit=1");
    EXPECT_FALSE(head.contentLength.has_value());
}

TEST(RequestHead, RefusesAmbiguousFraming)
{
    // Lengths that disagree, are not digits, or overflow leave the body's end unknown.
    EXPECT_EQ(RequestHead::scan("POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n")
                  .state,
              State::Malformed);
    EXPECT_EQ(RequestHead::scan("POST / HTTP/1.1\r\nContent-Length: 5, 6\r\n\r\n").state,
              State::Malformed);
    EXPECT_EQ(RequestHead::scan("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n").state,
              State::Malformed);
    EXPECT_EQ(
        RequestHead::scan("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n").state,
        State::Malformed);
    EXPECT_EQ(RequestHead::scan("POST / HTTP/1.1\r\nContent-Length:\r\n\r\n").state,
              State::Malformed);
    // Even agreeing repeats: Qt's server reads the first field as a number,
    // and a list ("40, 40") as none at all, which would have it find a
    // request where the guard skipped a body (smuggling).
    EXPECT_EQ(RequestHead::scan("POST / HTTP/1.1\r\nContent-Length: 7, 7\r\n\r\n").state,
              State::Malformed);
    EXPECT_EQ(RequestHead::scan("POST / HTTP/1.1\r\nContent-Length: 7\r\nContent-Length: 7\r\n\r\n")
                  .state,
              State::Malformed);
    // Not HTTP/1.x, a space before the colon, obsolete folding.
    EXPECT_EQ(RequestHead::scan("GET /\r\n\r\n").state, State::Malformed);
    EXPECT_EQ(RequestHead::scan("GET / SPDY/3\r\n\r\n").state, State::Malformed);
    EXPECT_EQ(RequestHead::scan("GET / HTTP/1.1\r\nHost : x\r\n\r\n").state, State::Malformed);
    EXPECT_EQ(RequestHead::scan("GET / HTTP/1.1\r\nX-A: 1\r\n folded\r\n\r\n").state,
              State::Malformed);
}

TEST(RequestHead, KnowsAChunkedBody)
{
    const RequestHead head =
        RequestHead::scan("POST / HTTP/1.1\r\nTransfer-Encoding: gzip, Chunked\r\n\r\n");
    ASSERT_EQ(head.state, State::Complete);
    EXPECT_TRUE(head.chunked);
    // Any Transfer-Encoding: Qt takes a body as chunked when "chunked" is
    // anywhere in all such fields joined, whichever comes last.
    for (const char *fields : {"Transfer-Encoding: chunked, identity\r\n",
                               "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n",
                               "Transfer-Encoding: identity\r\n"})
        EXPECT_TRUE(
            RequestHead::scan(QByteArray(QByteArray("POST / HTTP/1.1\r\n") + fields + "\r\n"))
                .chunked)
            << fields;
}

TEST(RequestHead, AHeadWithoutEndIsTooLarge)
{
    QByteArray text = QByteArray("GET / HTTP/1.1\r\nX-Long: ") + QByteArray(100, 'a');
    EXPECT_EQ(RequestHead::scan(text, 64).state, State::TooLarge);
    text = QByteArray("GET / HTTP/1.1\r\n") + QByteArray(40, 'a') + ": 1\r\n\r\n";
    EXPECT_EQ(RequestHead::scan(text, 32).state, State::TooLarge);
    EXPECT_EQ(RequestHead::scan(text, 128).state, State::Complete);
}
