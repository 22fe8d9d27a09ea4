#include "tests/bench/abusenode.h"

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
        made.process = std::make_unique<DevnetProcess>(
            QStringList{QStringLiteral("--port"), QStringLiteral("0"),
                        QStringLiteral("--ephemeral"), QStringLiteral("--objects"),
                        QStringLiteral("200"), QStringLiteral("--block-time"),
                        QStringLiteral("0.25"), QStringLiteral("--loopback-clients-apart")},
            DevnetProcess::Log::Dropped);
        made.rest = static_cast<quint16>(QUrl(made.process->baseUrl()).port());
        made.rpc = static_cast<quint16>(QUrl(made.process->rpcUrl()).port());
        made.ws = static_cast<quint16>(QUrl(made.process->wsUrl()).port());
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
