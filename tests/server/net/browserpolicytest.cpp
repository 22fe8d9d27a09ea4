// Which pages and host names may use the node (BrowserPolicy), as the
// guards ask it of a request's head: what a rebinding page, a stranger's
// page, an allowed page and a program each get. The same over real sockets
// is in browserstest.cpp.
#include "server/net/browserpolicy.h"

#include "server/net/clientkey.h"
#include "server/net/requesthead.h"

#include <gtest/gtest.h>

// Named one by one: a unity unit shares this scope with other tests.
using gifscan::server::BrowserPolicy;
using gifscan::server::clientKey;
using gifscan::server::RequestHead;

namespace {

RequestHead headOf(const QByteArray &fields)
{
    const QByteArray bytes = "GET /v1/blocks HTTP/1.1\r\n" + fields + "\r\n";
    return RequestHead::scan(bytes);
}

bool refused(const BrowserPolicy &policy, const QByteArray &fields)
{
    const RequestHead head = headOf(fields);
    EXPECT_EQ(head.state, RequestHead::State::Complete) << fields.constData();
    return policy.refusal(head).has_value();
}

QByteArray header(const BrowserPolicy::Headers &headers, const char *name)
{
    for (const auto &[n, v] : headers)
        if (n.compare(name, Qt::CaseInsensitive) == 0)
            return v;
    return {};
}

} // namespace

TEST(BrowserPolicy, HostNamesOfThisMachineOnlyWhateverTheirDisguise)
{
    const BrowserPolicy policy;
    for (const char *host : {"localhost", "localhost:8545", "LOCALHOST:1", "127.0.0.1",
                             "127.0.0.1:80", "[::1]", "[::1]:8545", "[0:0:0:0:0:0:0:1]:9"})
        EXPECT_FALSE(refused(policy, QByteArray("Host: ") + host + "\r\n")) << host;
    // A rebinding page's own name, and names that only look like ours.
    for (const char *host :
         {"evil.example", "evil.example:8545", "localhost.evil.example", "127.0.0.1.nip.io",
          "evil.example@127.0.0.1", "127.0.0.1/x", "localhost:0", "localhost:99999",
          "localhost:80:80", "[::1", "::1", "127.0.0.2", ""})
        EXPECT_TRUE(refused(policy, QByteArray("Host: ") + host + "\r\n")) << host;
    // No Host at all (HTTP/1.0) names none of ours.
    EXPECT_TRUE(refused(policy, ""));
    const auto why = policy.refusal(headOf("Host: evil.example\r\n"));
    ASSERT_TRUE(why);
    EXPECT_EQ(why->status, 403);
    EXPECT_TRUE(why->why.contains(QStringLiteral("--allowed-hosts"))) << why->why.toStdString();
}

TEST(BrowserPolicy, TheListeningAddressIsAHostAndStarAllowsAny)
{
    const BrowserPolicy onLan({}, {}, QHostAddress(QStringLiteral("192.0.2.7")));
    EXPECT_FALSE(refused(onLan, "Host: 192.0.2.7:8545\r\n"));
    EXPECT_FALSE(refused(onLan, "Host: localhost\r\n"));
    EXPECT_TRUE(refused(onLan, "Host: 192.0.2.8\r\n"));
    const BrowserPolicy named({QStringLiteral("node.example"), QStringLiteral("[2001:db8::1]")}, {},
                              QHostAddress::LocalHost);
    EXPECT_FALSE(refused(named, "Host: NODE.example:443\r\n"));
    EXPECT_FALSE(refused(named, "Host: [2001:db8:0::1]\r\n"));
    // Named hosts replace the defaults.
    EXPECT_TRUE(refused(named, "Host: localhost\r\n"));
    const BrowserPolicy any({QStringLiteral("*")}, {}, QHostAddress::LocalHost);
    EXPECT_FALSE(refused(any, "Host: anything.example\r\n"));
    EXPECT_TRUE(BrowserPolicy::defaultHosts(QHostAddress::Any).size() > 3);
}

TEST(BrowserPolicy, PagesFromThisMachinesLoopbackOnlyByDefault)
{
    const BrowserPolicy policy;
    for (const char *origin : {"http://localhost:5173", "http://127.0.0.1:8080",
                               "http://[::1]:3000", "http://localhost", "HTTP://LocalHost:1"})
        EXPECT_FALSE(refused(policy, QByteArray("Host: localhost\r\nOrigin: ") + origin + "\r\n"))
            << origin;
    for (const char *origin :
         {"https://evil.example", "http://evil.example:5173", "https://localhost:5173", "null",
          "http://localhost.evil.example", "http://127.0.0.2:80", "file://", "http://localhost:0",
          "http://localhost:5173/path", "http://user@localhost:5173", ""})
        EXPECT_TRUE(refused(policy, QByteArray("Host: localhost\r\nOrigin: ") + origin + "\r\n"))
            << origin;
    const auto why = policy.refusal(headOf("Host: localhost\r\nOrigin: https://evil.example\r\n"));
    ASSERT_TRUE(why);
    EXPECT_EQ(why->status, 403);
    EXPECT_TRUE(why->why.contains(QStringLiteral("https://evil.example")));
    EXPECT_TRUE(why->why.contains(QStringLiteral("--cors-origins")));
}

TEST(BrowserPolicy, NamedOriginsAndTheirPorts)
{
    const BrowserPolicy policy({},
                               {QStringLiteral("https://dapp.example"),
                                QStringLiteral("http://dev.example:3000"),
                                QStringLiteral("http://lab.example:*")},
                               QHostAddress::LocalHost);
    EXPECT_TRUE(policy.allowsOrigin("https://dapp.example"));
    EXPECT_TRUE(policy.allowsOrigin("https://dapp.example:443")); // the default port, written
    EXPECT_FALSE(policy.allowsOrigin("https://dapp.example:8443"));
    EXPECT_FALSE(policy.allowsOrigin("http://dapp.example"));
    EXPECT_TRUE(policy.allowsOrigin("http://dev.example:3000"));
    EXPECT_FALSE(policy.allowsOrigin("http://dev.example:3001"));
    EXPECT_TRUE(policy.allowsOrigin("http://lab.example:1234"));
    // Named origins replace the loopback defaults, but stay "not foreign".
    EXPECT_FALSE(policy.allowsOrigin("http://localhost:5173"));
    EXPECT_FALSE(policy.isForeign("http://localhost:5173"));
    EXPECT_FALSE(policy.isForeign("https://dapp.example"));
    EXPECT_TRUE(policy.isForeign("https://evil.example"));
    EXPECT_FALSE(policy.isForeign(""));
}

TEST(BrowserPolicy, StarServesEveryPageButKeepsThemForeign)
{
    const BrowserPolicy policy({}, {QStringLiteral("*")}, QHostAddress::LocalHost);
    EXPECT_FALSE(refused(policy, "Host: localhost\r\nOrigin: https://evil.example\r\n"));
    EXPECT_FALSE(refused(policy, "Host: localhost\r\nOrigin: null\r\n"));
    EXPECT_TRUE(policy.isForeign("https://evil.example"));
    EXPECT_FALSE(policy.isForeign("http://127.0.0.1:8080"));
    EXPECT_EQ(header(policy.answerHeaders("https://evil.example"), "Access-Control-Allow-Origin"),
              "*");
}

TEST(BrowserPolicy, ANoCorsRequestOfAnotherSiteIsKnownByItsReferer)
{
    const BrowserPolicy policy;
    // An <img> or a no-cors fetch sends no Origin; the browser says who made it.
    EXPECT_TRUE(refused(policy, "Host: localhost\r\nSec-Fetch-Site: cross-site\r\n"));
    EXPECT_TRUE(refused(policy, "Host: localhost\r\nSec-Fetch-Site: cross-site\r\n"
                                "Referer: https://evil.example/page\r\n"));
    EXPECT_TRUE(refused(policy, "Host: localhost\r\nSec-Fetch-Site: same-site\r\n"
                                "Referer: http://localhost.evil.example/\r\n"));
    EXPECT_FALSE(refused(policy, "Host: localhost\r\nSec-Fetch-Site: same-site\r\n"
                                 "Referer: http://localhost:5173/gallery?x=1\r\n"));
    EXPECT_FALSE(refused(policy, "Host: localhost\r\nSec-Fetch-Site: cross-site\r\n"
                                 "Referer: http://127.0.0.1:5173\r\n"));
    // The user typing the address, and programs, which send none of it.
    EXPECT_FALSE(refused(policy, "Host: localhost\r\nSec-Fetch-Site: none\r\n"));
    EXPECT_FALSE(refused(policy, "Host: localhost\r\nSec-Fetch-Mode: cors\r\n"));
}

TEST(BrowserPolicy, AnAllowedPageGetsItsOwnOriginAndNoOtherDoes)
{
    const BrowserPolicy policy;
    const auto allowed = policy.answerHeaders("http://localhost:5173");
    EXPECT_EQ(header(allowed, "Access-Control-Allow-Origin"), "http://localhost:5173");
    EXPECT_EQ(header(allowed, "Vary"), "Origin");
    EXPECT_TRUE(header(allowed, "Access-Control-Expose-Headers").contains("Retry-After"));
    const auto foreign = policy.answerHeaders("https://evil.example");
    EXPECT_TRUE(header(foreign, "Access-Control-Allow-Origin").isEmpty());
    EXPECT_EQ(header(foreign, "Vary"), "Origin");
    EXPECT_TRUE(header(policy.answerHeaders({}), "Access-Control-Allow-Origin").isEmpty());

    const auto preflight =
        policy.preflightHeaders("http://[::1]:3000", QByteArrayLiteral("POST, OPTIONS"), true);
    EXPECT_EQ(header(preflight, "Access-Control-Allow-Origin"), "http://[::1]:3000");
    EXPECT_EQ(header(preflight, "Access-Control-Allow-Methods"), "POST, OPTIONS");
    EXPECT_TRUE(header(preflight, "Access-Control-Allow-Headers").contains("Content-Type"));
    EXPECT_EQ(header(preflight, "Access-Control-Allow-Private-Network"), "true");
    const auto refusedPreflight =
        policy.preflightHeaders("https://evil.example", QByteArrayLiteral("POST"), true);
    EXPECT_TRUE(header(refusedPreflight, "Access-Control-Allow-Methods").isEmpty());
    EXPECT_TRUE(header(refusedPreflight, "Access-Control-Allow-Private-Network").isEmpty());
}

TEST(BrowserPolicy, OptionEntriesAreCheckedInWords)
{
    for (const char *good : {"*", "http://localhost:5173", "https://dapp.example", "http://[::1]:*",
                             "http://lab.example:*"})
        EXPECT_TRUE(BrowserPolicy::checkOrigin(QString::fromLatin1(good)).isEmpty()) << good;
    for (const char *bad : {"localhost:5173", "http://x.example/path", "http://x.example:0",
                            "http://x.example:99999", "https://", "null", "http://a b"})
        EXPECT_FALSE(BrowserPolicy::checkOrigin(QString::fromLatin1(bad)).isEmpty()) << bad;
    for (const char *good : {"*", "localhost", "node.example", "[::1]", "192.0.2.1"})
        EXPECT_TRUE(BrowserPolicy::checkHost(QString::fromLatin1(good)).isEmpty()) << good;
    for (const char *bad : {"::1", "node.example:80", "a/b", "user@host", ""})
        EXPECT_FALSE(BrowserPolicy::checkHost(QString::fromLatin1(bad)).isEmpty()) << bad;
}

TEST(BrowserPolicy, SecondHostOrOriginFieldsAreMalformed)
{
    // The guard and Qt's server could each read another one of them.
    EXPECT_EQ(headOf("Host: localhost\r\nHost: evil.example\r\n").state,
              RequestHead::State::Malformed);
    EXPECT_EQ(
        headOf("Host: localhost\r\nOrigin: http://localhost:1\r\norigin: https://e.example\r\n")
            .state,
        RequestHead::State::Malformed);
    const RequestHead head = headOf("host:  localhost:9 \r\nORIGIN: http://localhost:1\r\n"
                                    "Sec-Fetch-Site: Cross-Site\r\nReferer: http://a.example/\r\n");
    EXPECT_EQ(head.host, QByteArray("localhost:9"));
    EXPECT_EQ(head.origin, QByteArray("http://localhost:1"));
    EXPECT_EQ(head.fetchSite, "cross-site");
    EXPECT_EQ(head.referer, "http://a.example/");
}

TEST(ClientKey, LoopbackIsOneClientAndAnIpv6HostIsItsSlash64)
{
    EXPECT_EQ(clientKey(QHostAddress(QStringLiteral("127.0.0.1"))),
              clientKey(QHostAddress(QStringLiteral("127.0.0.9"))));
    EXPECT_EQ(clientKey(QHostAddress(QStringLiteral("::1"))),
              clientKey(QHostAddress(QStringLiteral("127.0.0.1"))));
    EXPECT_NE(clientKey(QHostAddress(QStringLiteral("127.0.0.1")), true),
              clientKey(QHostAddress(QStringLiteral("127.0.0.9")), true));
    EXPECT_EQ(clientKey(QHostAddress(QStringLiteral("2001:db8:1:2::1"))),
              clientKey(QHostAddress(QStringLiteral("2001:db8:1:2:ffff:1:2:3"))));
    EXPECT_NE(clientKey(QHostAddress(QStringLiteral("2001:db8:1:2::1"))),
              clientKey(QHostAddress(QStringLiteral("2001:db8:1:3::1"))));
    EXPECT_EQ(clientKey(QHostAddress(QStringLiteral("::ffff:192.0.2.1"))),
              clientKey(QHostAddress(QStringLiteral("192.0.2.1"))));
    EXPECT_NE(clientKey(QHostAddress(QStringLiteral("192.0.2.1"))),
              clientKey(QHostAddress(QStringLiteral("192.0.2.2"))));
    EXPECT_EQ(clientKey(QStringLiteral("127.0.0.5")), QStringLiteral("loopback"));
    EXPECT_EQ(clientKey(QStringLiteral("")), QStringLiteral(""));
}
