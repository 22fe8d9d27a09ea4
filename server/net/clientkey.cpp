#include "server/net/clientkey.h"

namespace gifscan::server {

QString clientKey(const QHostAddress &address, bool loopbackApart)
{
    if (address.isLoopback() && !loopbackApart)
        return QStringLiteral("loopback");
    bool mapped = false;
    const quint32 v4 = address.toIPv4Address(&mapped);
    if (mapped)
        return QHostAddress(v4).toString();
    if (address.protocol() != QAbstractSocket::IPv6Protocol)
        return address.toString();
    Q_IPV6ADDR bytes = address.toIPv6Address();
    for (int i = 8; i < 16; ++i)
        bytes[i] = 0;
    return QHostAddress(bytes).toString() + QStringLiteral("/64");
}

QString clientKey(const QString &address, bool loopbackApart)
{
    QHostAddress parsed;
    return parsed.setAddress(address) ? clientKey(parsed, loopbackApart) : address;
}

} // namespace gifscan::server
