#include "server/webhooks/webhooktarget.h"

#include <QHostInfo>
#include <QObject>

namespace gifscan::server {

WebhookResolver WebhookTarget::systemResolver()
{
    return [](const QString &host, QObject *context, auto done) {
        QHostInfo::lookupHost(host, context, [done](const QHostInfo &info) {
            done(info.addresses(),
                 info.error() == QHostInfo::NoError ? QString() : info.errorString());
        });
    };
}

bool WebhookTarget::isInternal(const QHostAddress &given)
{
    // ::ffff:10.0.0.7 is 10.0.0.7.
    bool mapped = false;
    const quint32 v4 = given.toIPv4Address(&mapped);
    const QHostAddress address = mapped ? QHostAddress(v4) : given;
    if (address.isNull() || !address.isGlobal() || address.isUniqueLocalUnicast() ||
        address.isMulticast() || address.isBroadcast())
        return true;
    // Qt's global takes in what RFC 1918 keeps for private networks, and
    // the carriers' shared space (RFC 6598).
    static const QList<QPair<QHostAddress, int>> kPrivate{
        QHostAddress::parseSubnet(QStringLiteral("10.0.0.0/8")),
        QHostAddress::parseSubnet(QStringLiteral("172.16.0.0/12")),
        QHostAddress::parseSubnet(QStringLiteral("192.168.0.0/16")),
        QHostAddress::parseSubnet(QStringLiteral("100.64.0.0/10")),
        QHostAddress::parseSubnet(QStringLiteral("0.0.0.0/8"))};
    for (const auto &[net, bits] : kPrivate)
        if (address.isInSubnet(net, bits))
            return true;
    return false;
}

QString WebhookTarget::refusal(const QHostAddress &address, const QString &host, const Rules &rules)
{
    // The operator's word for the address itself.
    if (rules.hosts.contains(address.toString().toLower()))
        return {};
    const QString name = host.toLower();
    const bool localName =
        name == QLatin1String("localhost") || name.endsWith(QLatin1String(".localhost"));
    // localhost is this machine by its name: allowed where loopback is.
    if (address.isLoopback() && localName && rules.onLoopback)
        return {};
    if (!isInternal(address) && !localName)
        return {};
    return QStringLiteral("host %1 resolves to %2, an address of this machine or a private "
                          "network, which this node calls only if --webhook-hosts names it")
        .arg(host, address.toString());
}

QNetworkRequest WebhookTarget::pinned(const QUrl &url, const QHostAddress &address)
{
    QUrl to = url;
    to.setHost(address.toString());
    QNetworkRequest request(to);
    const int defaultPort = url.scheme() == QLatin1String("https") ? 443 : 80;
    const int port = url.port(defaultPort);
    QByteArray host = url.host(QUrl::FullyEncoded).toLatin1();
    if (port != defaultPort)
        host += ':' + QByteArray::number(port);
    request.setRawHeader("Host", host);
    request.setPeerVerifyName(url.host());
    return request;
}

} // namespace gifscan::server
