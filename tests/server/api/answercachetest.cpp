// A read server's answers at one head: given again while the head stands,
// never once it moved; refusals and 304s not kept; bounded in bytes.
#include "server/api/answercache.h"

#include <gtest/gtest.h>

using gifscan::server::AnswerCache;
using gifscan::server::RestReply;
using Status = QHttpServerResponder::StatusCode;

TEST(AnswerCache, AnAnswerLastsAsLongAsItsHead)
{
    AnswerCache cache(4096);
    RestReply ok;
    ok.body = QByteArrayLiteral("{\"data\":[]}");
    ok.height = 5;
    EXPECT_FALSE(cache.find(5, "GET /v1/blocks"));
    cache.keep(5, "GET /v1/blocks", ok);
    ASSERT_TRUE(cache.find(5, "GET /v1/blocks"));
    EXPECT_EQ(cache.find(5, "GET /v1/blocks")->reply.body, ok.body);
    cache.keep(5, "POST /graphql", ok, 3);
    EXPECT_EQ(cache.find(5, "POST /graphql")->tokens, 3) << "its price, paid again";
    EXPECT_FALSE(cache.find(5, "GET /v1/blocks?limit=2")) << "another request";
    EXPECT_FALSE(cache.find(6, "GET /v1/blocks")) << "a new head";
    EXPECT_FALSE(cache.find(5, "GET /v1/blocks")) << "emptied, not kept for a way back";

    RestReply busy = ok;
    busy.status = Status::TooManyRequests;
    cache.keep(6, "GET /v1/objects", busy);
    RestReply same = ok;
    same.status = Status::NotModified;
    cache.keep(6, "GET /v1/objects if-none-match", same);
    EXPECT_FALSE(cache.find(6, "GET /v1/objects"));
    EXPECT_FALSE(cache.find(6, "GET /v1/objects if-none-match"));

    // Past its bytes the least recently used goes.
    RestReply big = ok;
    big.body = QByteArray(1500, 'x');
    cache.keep(6, "a", big);
    cache.keep(6, "b", big);
    EXPECT_TRUE(cache.find(6, "a"));
    cache.keep(6, "c", big);
    EXPECT_TRUE(cache.find(6, "a"));
    EXPECT_FALSE(cache.find(6, "b"));
    EXPECT_TRUE(cache.find(6, "c"));
}
