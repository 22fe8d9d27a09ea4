// The abuses of bench_abuse that the attacker's second review found
// (docs/RELIABILITY.md, "the node as a web page's tool"), each as that
// review ran it: a page in the user's browser, and scans that grow with
// the chain.
#include "core/base/bytes.h"
#include "tests/bench/abusenode.h"
#include "tests/support/txfactory.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <thread>
#include <vector>

namespace gifscan::test::abuse {

namespace {

const QByteArray kPage = "Origin: https://evil.example\r\n";

// `request` sent again and again on connections of its own from `from`, on
// `connections` threads, each answer read: a page's loop in a browser,
// which opens six connections to a host.
void loop(quint16 port, const QHostAddress &from, const QByteArray &request, int connections,
          const std::atomic<bool> &stop)
{
    std::vector<std::thread> threads;
    for (int i = 0; i < connections; ++i)
        threads.emplace_back([&] {
            while (!stop) {
                std::unique_ptr<QTcpSocket> s(connected(port, from));
                if (!s)
                    continue;
                s->write(request);
                readAnswer(*s);
            }
        });
    for (std::thread &t : threads)
        t.join();
}

QByteArray post(const QByteArray &path, const QByteArray &fields, const QByteArray &body)
{
    return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + fields +
           "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

} // namespace

void pageFlood(const std::atomic<bool> &stop)
{
    // From the explorer's own address (127.0.0.1), as a page in the user's
    // browser: the costliest list REST has, with the page's Origin.
    loop(node().rest, QHostAddress::LocalHost,
         "GET /v1/objects?sort=price&limit=100 HTTP/1.1\r\nHost: 127.0.0.1\r\n" + kPage + "\r\n", 6,
         stop);
}

void pageMints(const std::atomic<bool> &stop)
{
    // The page signs with the devnet's public keys and mints 100 KiB GIFs
    // as text/plain, a request a browser sends without asking first.
    QByteArray content = TxFactory::smallGif();
    content.append(QByteArray(100 * 1024, '\0'));
    const QString slug =
        QStringLiteral("page-%1").arg(QDateTime::currentMSecsSinceEpoch() % 1000000);
    // Dev account 5's next nonce, as the node knows it.
    std::uint64_t nonce = 0;
    if (std::unique_ptr<QTcpSocket> w{connected(node().rest, QHostAddress::LocalHost)}) {
        w->write("GET /v1/wallets/" + toHexString(TxFactory::dev(5)).toLatin1() +
                 " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        const QByteArray answer = readAnswer(*w);
        nonce = static_cast<std::uint64_t>(
            QJsonDocument::fromJson(answer.mid(answer.indexOf("\r\n\r\n") + 4))
                .object()[QStringLiteral("data")][QStringLiteral("nonce")]
                .toInteger());
    }
    auto signed_ = [&nonce](Transaction tx) {
        tx.nonce = nonce++;
        tx.gasPrice = 2000000000;
        tx.gasLimit = tx.intrinsicGas() + 100000;
        return TxFactory::sign(tx, 5);
    };
    std::unique_ptr<QTcpSocket> s;
    auto send = [&](const Bytes &raw) {
        if (!s || s->state() != QAbstractSocket::ConnectedState)
            s.reset(connected(node().rpc, QHostAddress::LocalHost));
        if (!s)
            return;
        const QByteArray body =
            R"({"jsonrpc":"2.0","id":1,"method":"gif_sendRawTransaction","params":[")" +
            toHexString(raw).toLatin1() + "\"]}";
        s->write(post("/", kPage + "Content-Type: text/plain\r\n", body));
        readAnswer(*s);
    };
    Transaction create;
    create.kind = TxKind::CreateCollection;
    create.slug = slug;
    create.name = slug;
    create.category = QStringLiteral("art");
    send(signed_(create));
    for (std::uint64_t id = 1; !stop; ++id) {
        Transaction mint;
        mint.kind = TxKind::Mint;
        mint.slug = slug;
        mint.tokenId = id;
        mint.to = TxFactory::dev(5);
        mint.content = content;
        send(signed_(mint));
    }
}

void introspectionAliases(const std::atomic<bool> &stop)
{
    // Twenty aliases of a nested __schema, six in flight.
    QString fields = QStringLiteral("name");
    for (int i = 0; i < 3; ++i)
        fields = QStringLiteral("name fields { name type { %1 ofType { %1 ofType { %1 } } } }")
                     .arg(fields);
    QStringList aliases;
    for (int i = 0; i < 20; ++i)
        aliases.append(QStringLiteral("a%1: __schema { types { %2 } }").arg(i).arg(fields));
    const QByteArray body =
        QJsonDocument(QJsonObject{{QStringLiteral("query"),
                                   QStringLiteral("{ %1 }").arg(aliases.join(u' '))}})
            .toJson(QJsonDocument::Compact);
    loop(node().rest, stranger(), post("/graphql", "Content-Type: application/json\r\n", body), 6,
         stop);
}

void forgedFeedCursors(const std::atomic<bool> &stop)
{
    // /v1/activity from a cursor whose offset skips most of the feed (the
    // keyed cursor the node issues now is refused in this form).
    const QByteArray head = QByteArray::number(node().head);
    const QByteArray cursor =
        QByteArray("p1:" + head + ":" + QByteArray::number(node().objects * 9 / 10))
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    loop(node().rest, stranger(),
         "GET /v1/activity?limit=100&cursor=" + cursor + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 2,
         stop);
}

void restPriceSorts(const std::atomic<bool> &stop)
{
    // REST's market order over every object of the chain.
    loop(node().rest, stranger(),
         "GET /v1/objects?sort=price&limit=100 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 2, stop);
}

void subscriptionFanout(const std::atomic<bool> &stop)
{
    // 162 connections of 32 subscriptions each, from one address, reading
    // all they are sent: each block's events were serialized for every one.
    std::vector<std::unique_ptr<QTcpSocket>> readers;
    for (int i = 0; i < 162 && !stop; ++i) {
        std::unique_ptr<QTcpSocket> s(connected(node().ws, stranger()));
        if (!s)
            continue;
        s->write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: "
                 "Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n");
        QByteArray head;
        while (!head.contains("\r\n\r\n") && s->waitForReadyRead(2000))
            head += s->readAll();
        for (int k = 0; k < 32; ++k) {
            const QByteArray text =
                QByteArrayLiteral(
                    R"({"jsonrpc":"2.0","id":1,"method":"gif_subscribe","params":[")") +
                (k % 4 ? "objectEvents" : "newHeads") + "\"]}";
            QByteArray frame;
            frame.append(char(0x81));
            frame.append(char(0x80 | text.size()));
            const char mask[4] = {1, 2, 3, 4};
            frame.append(mask, 4);
            for (qsizetype j = 0; j < text.size(); ++j)
                frame.append(char(text[j] ^ mask[j % 4]));
            s->write(frame);
        }
        s->waitForBytesWritten(1000);
        readers.push_back(std::move(s));
    }
    while (!stop) {
        for (auto &s : readers) {
            s->waitForReadyRead(1);
            s->readAll();
        }
    }
}

} // namespace gifscan::test::abuse
