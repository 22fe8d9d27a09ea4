#include "tests/bench/abusenode.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QUrl>

namespace gifscan::test::abuse {

QHostAddress stranger()
{
    return QHostAddress(QStringLiteral("127.0.0.2"));
}

// One node for the whole run: every abuse meets the node as the others left it.
Node &node()
{
    static Node n = [] {
        Node made;
        const QString program = qEnvironmentVariable("GIFSCAN_ABUSE_DEVNET", devnetBinary());
        const QString dataDir = qEnvironmentVariable("GIFSCAN_ABUSE_DATA_DIR");
        QStringList args{QStringLiteral("--port"), QStringLiteral("0"),
                         QStringLiteral("--block-time"), QStringLiteral("0.25")};
        if (dataDir.isEmpty()) {
            args << QStringLiteral("--ephemeral") << QStringLiteral("--objects")
                 << QStringLiteral("200");
        } else {
            args << QStringLiteral("--data-dir") << dataDir;
            made.objects = qEnvironmentVariableIntValue("GIFSCAN_ABUSE_OBJECTS");
        }
        // The stranger (127.0.0.2) is a client of its own where the node
        // can be told so; a node from before shares were a client's always
        // counted each address apart.
        QProcess help;
        help.start(program, {QStringLiteral("--help")});
        help.waitForFinished(10000);
        if (help.readAllStandardOutput().contains("--loopback-clients-apart"))
            args << QStringLiteral("--loopback-clients-apart");
        made.process = std::make_unique<DevnetProcess>(program, args, DevnetProcess::Log::Dropped);
        made.rest = static_cast<quint16>(QUrl(made.process->baseUrl()).port());
        made.rpc = static_cast<quint16>(QUrl(made.process->rpcUrl()).port());
        made.ws = static_cast<quint16>(QUrl(made.process->wsUrl()).port());
        std::unique_ptr<QTcpSocket> s(connected(made.rest, QHostAddress::LocalHost));
        if (s) {
            s->write("GET /v1/blocks?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            const QByteArray answer = readAnswer(*s);
            const QJsonObject body =
                QJsonDocument::fromJson(answer.mid(answer.indexOf("\r\n\r\n") + 4)).object();
            made.head =
                static_cast<std::uint64_t>(body.value(QStringLiteral("height")).toInteger());
        }
        return made;
    }();
    return n;
}

QTcpSocket *connected(quint16 port, const QHostAddress &from)
{
    auto *s = new QTcpSocket;
    s->bind(from);
    s->connectToHost(QHostAddress::LocalHost, port);
    if (!s->waitForConnected(2000)) {
        delete s;
        return nullptr;
    }
    return s;
}

// One whole HTTP answer (head and Content-Length body) from `s`, or what
// came before it stopped; Qt's server keeps connections open, so the end
// of an answer is its length, not the close.
QByteArray readAnswer(QTcpSocket &s)
{
    QByteArray answer;
    qsizetype want = -1;
    while (want < 0 || answer.size() < want) {
        if (s.bytesAvailable() == 0 && !s.waitForReadyRead(5000))
            break;
        answer += s.readAll();
        const qsizetype split = answer.indexOf("\r\n\r\n");
        if (want < 0 && split > 0) {
            const QByteArray head = answer.left(split).toLower();
            const qsizetype at = head.indexOf("content-length:");
            want =
                split + 4 +
                (at < 0
                     ? 0
                     : head.mid(at + 15, head.indexOf('\r', at) - at - 15).trimmed().toLongLong());
        }
    }
    return answer;
}

} // namespace gifscan::test::abuse
