#pragma once

#include <QTcpServer>
#include <QTcpSocket>

namespace gifscan::test {

// A load balancer as simple as they come: each connection it takes goes to
// the first of its backends (loopback ports) that accepts one, bytes
// passed both ways as they come, and closed when either side closes. A
// backend that is gone is passed over for the next connection, so a client
// that reconnects lands elsewhere. Lives on the test's thread.
class TcpBalancer : public QObject
{
public:
    explicit TcpBalancer(QList<quint16> backends) : m_backends(std::move(backends))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *client = m_server.nextPendingConnection())
                route(client, 0);
        });
    }
    quint16 port() const { return m_server.serverPort(); }

private:
    void route(QTcpSocket *client, int backend)
    {
        if (backend >= m_backends.size()) {
            client->abort();
            client->deleteLater();
            return;
        }
        auto *upstream = new QTcpSocket(client);
        // Until it is connected, a failure means: try the next backend.
        const auto failed = connect(upstream, &QTcpSocket::errorOccurred, client,
                                    [this, client, upstream, backend] {
                                        upstream->disconnect();
                                        upstream->deleteLater();
                                        route(client, backend + 1);
                                    });
        connect(upstream, &QTcpSocket::connected, client, [client, upstream, failed] {
            QObject::disconnect(failed);
            upstream->write(client->readAll());
            connect(client, &QTcpSocket::readyRead, upstream,
                    [client, upstream] { upstream->write(client->readAll()); });
            connect(upstream, &QTcpSocket::readyRead, client,
                    [client, upstream] { client->write(upstream->readAll()); });
            // Either side gone: the other closed, the pair deleted once.
            connect(upstream, &QTcpSocket::disconnected, client, [client] {
                client->disconnectFromHost();
                client->deleteLater();
            });
            connect(client, &QTcpSocket::disconnected, client, [client] { client->deleteLater(); });
        });
        upstream->connectToHost(QHostAddress::LocalHost, m_backends[backend]);
    }

    QTcpServer m_server;
    QList<quint16> m_backends;
};

} // namespace gifscan::test
