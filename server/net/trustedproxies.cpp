#include "server/net/trustedproxies.h"

namespace gifscan::server {

QString TrustedProxies::parse(const QString &option)
{
    m_subnets.clear();
    for (const QString &entry : option.split(u',', Qt::SkipEmptyParts)) {
        const QString e = entry.trimmed();
        QPair<QHostAddress, int> subnet = QHostAddress::parseSubnet(e);
        if (subnet.first.isNull()) {
            QHostAddress single;
            if (!single.setAddress(e)) {
                // Refused whole: nothing of an option in error is trusted.
                m_subnets.clear();
                return QStringLiteral("--trusted-proxies: \"%1\" is no address or subnet").arg(e);
            }
            subnet = {single, single.protocol() == QAbstractSocket::IPv6Protocol ? 128 : 32};
        }
        m_subnets.append(subnet);
    }
    return m_subnets.isEmpty() ? QStringLiteral("--trusted-proxies: addresses or subnets, "
                                                "comma-separated")
                               : QString();
}

bool TrustedProxies::trusts(const QHostAddress &given) const
{
    bool mapped = false;
    const quint32 v4 = given.toIPv4Address(&mapped);
    const QHostAddress address = mapped ? QHostAddress(v4) : given;
    for (const auto &[net, bits] : m_subnets)
        if (address.isInSubnet(net, bits))
            return true;
    return false;
}

QHostAddress TrustedProxies::clientOf(const QHostAddress &peer,
                                      const QByteArray &forwardedFor) const
{
    if (!trusts(peer))
        return peer;
    QHostAddress client = peer;
    const QList<QByteArray> hops = forwardedFor.split(',');
    for (auto hop = hops.crbegin(); hop != hops.crend(); ++hop) {
        QHostAddress address;
        if (!address.setAddress(QString::fromLatin1(hop->trimmed())))
            break;
        client = address;
        if (!trusts(address))
            break;
    }
    return client;
}

} // namespace gifscan::server

namespace gifscan::server {

QByteArray TrustedProxies::forwardedFor(const QByteArray &forwarded)
{
    QList<QByteArray> nodes;
    for (const QByteArray &element : forwarded.split(',')) {
        QByteArray node = "unknown";
        for (const QByteArray &pair : element.split(';')) {
            const qsizetype eq = pair.indexOf('=');
            if (eq < 0 || pair.left(eq).trimmed().toLower() != "for")
                continue;
            QByteArray value = pair.mid(eq + 1).trimmed();
            if (value.size() >= 2 && value.startsWith('"') && value.endsWith('"'))
                value = value.mid(1, value.size() - 2);
            // [v6]:port, [v6], v4:port or v4; anything else (unknown,
            // _obfuscated) is no address.
            if (value.startsWith('[')) {
                const qsizetype close = value.indexOf(']');
                value = close > 0 ? value.mid(1, close - 1) : QByteArray("unknown");
            } else if (value.count(':') == 1) {
                value = value.left(value.indexOf(':'));
            }
            node = value;
        }
        nodes.append(node);
    }
    return nodes.join(", ");
}

QHostAddress TrustedProxies::clientOf(const QHostAddress &peer, const QByteArray &forwardedFor,
                                      const QByteArray &forwarded) const
{
    const bool hasForwardedFor = !forwardedFor.trimmed().isEmpty();
    const bool hasForwarded = !forwarded.trimmed().isEmpty();
    if (!hasForwarded)
        return clientOf(peer, forwardedFor);
    const QHostAddress named = clientOf(peer, TrustedProxies::forwardedFor(forwarded));
    if (!hasForwardedFor)
        return named;
    // A proxy writes one of the two, and passes on the other as the client
    // sent it: two that disagree are a client's own word in one of them,
    // and neither is taken.
    return named == clientOf(peer, forwardedFor) ? named : peer;
}

QHostAddress TrustedProxies::clientOf(const TrustedProxies *trusted,
                                      const QHttpServerRequest &request)
{
    return trusted ? trusted->clientOf(request.remoteAddress(),
                                       request.value(QByteArrayLiteral("X-Forwarded-For")),
                                       request.value(QByteArrayLiteral("Forwarded")))
                   : request.remoteAddress();
}

} // namespace gifscan::server
