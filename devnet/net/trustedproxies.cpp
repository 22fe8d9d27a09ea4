#include "devnet/net/trustedproxies.h"

namespace gifscan::devnet {

QString TrustedProxies::parse(const QString &option)
{
    m_subnets.clear();
    for (const QString &entry : option.split(u',', Qt::SkipEmptyParts)) {
        const QString e = entry.trimmed();
        QPair<QHostAddress, int> subnet = QHostAddress::parseSubnet(e);
        if (subnet.first.isNull()) {
            QHostAddress single;
            if (!single.setAddress(e))
                return QStringLiteral("--trusted-proxies: \"%1\" is no address or subnet").arg(e);
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

} // namespace gifscan::devnet
