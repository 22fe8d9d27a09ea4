#include "server/net/browserpolicy.h"

#include <QNetworkInterface>
#include <algorithm>

namespace gifscan::server {

namespace {

const QByteArray kExposed = QByteArrayLiteral("X-Block-Height, Retry-After, ETag");

} // namespace

QString BrowserPolicy::checkHost(const QString &entry)
{
    if (entry == u"*" || WebOrigin::plainHost(entry))
        return {};
    return QStringLiteral("not a host name or address (brackets around IPv6, no port) nor *: %1")
        .arg(entry);
}

QStringList BrowserPolicy::defaultHosts(const QHostAddress &listening)
{
    QStringList hosts{QStringLiteral("localhost"), QStringLiteral("127.0.0.1"),
                      QStringLiteral("[::1]")};
    auto add = [&hosts](const QHostAddress &a) {
        const QString name = a.protocol() == QAbstractSocket::IPv6Protocol
                                 ? u'[' + a.toString() + u']'
                                 : a.toString();
        if (!a.isNull() && !hosts.contains(name))
            hosts.append(name);
    };
    // Bound to every address: reached by any of them.
    if (listening == QHostAddress::Any || listening == QHostAddress::AnyIPv4 ||
        listening == QHostAddress::AnyIPv6) {
        for (QHostAddress a : QNetworkInterface::allAddresses()) {
            a.setScopeId({});
            add(a);
        }
    } else {
        add(listening);
    }
    return hosts;
}

BrowserPolicy::BrowserPolicy() : BrowserPolicy({}, {}, QHostAddress::LocalHost) {}

const BrowserPolicy &BrowserPolicy::loopbackDefault()
{
    static const BrowserPolicy policy;
    return policy;
}

BrowserPolicy::BrowserPolicy(const QStringList &hosts, const QStringList &origins,
                             const QHostAddress &listening)
    : m_hostNames(hosts.isEmpty() ? defaultHosts(listening) : hosts),
      m_originNames(origins.isEmpty() ? WebOrigin::loopbackPages() : origins)
{
    for (const QString &h : std::as_const(m_hostNames)) {
        if (h == u"*")
            m_anyHost = true;
        else if (const auto name = WebOrigin::plainHost(h))
            m_hosts.append(*name);
    }
    for (const QString &o : WebOrigin::loopbackPages())
        m_named.append(*WebOrigin::parse(o, true));
    for (const QString &o : std::as_const(m_originNames)) {
        if (o == u"*") {
            m_anyOrigin = true;
        } else if (const auto origin = WebOrigin::parse(o, true)) {
            m_origins.append(*origin);
            m_named.append(*origin);
        }
    }
}

bool BrowserPolicy::matches(const QList<WebOrigin> &list, const WebOrigin &origin)
{
    return std::any_of(list.begin(), list.end(),
                       [&](const WebOrigin &o) { return o.covers(origin); });
}

bool BrowserPolicy::allowsOrigin(QByteArrayView origin) const
{
    if (m_anyOrigin)
        return true;
    const auto o = WebOrigin::parse(QString::fromLatin1(origin));
    return o && matches(m_origins, *o);
}

bool BrowserPolicy::isForeign(QByteArrayView origin) const
{
    if (origin.isEmpty())
        return false;
    const auto o = WebOrigin::parse(QString::fromLatin1(origin));
    return !o || !matches(m_named, *o);
}

bool BrowserPolicy::allowsHost(QByteArrayView host) const
{
    if (m_anyHost)
        return true;
    const QString text = QString::fromLatin1(host);
    const auto [name, port] = WebOrigin::splitPort(text);
    if (!port.isNull() && !WebOrigin::parsePort(port))
        return false;
    const auto plain = WebOrigin::plainHost(name);
    return plain && std::any_of(m_hosts.begin(), m_hosts.end(),
                                [&](const QString &h) { return WebOrigin::sameHost(h, *plain); });
}

std::optional<BrowserPolicy::Refusal> BrowserPolicy::refusal(const RequestHead &head) const
{
    if (!head.host || !allowsHost(*head.host))
        return Refusal{403, QStringLiteral("this node does not answer to the host name %1 "
                                           "(--allowed-hosts)")
                                .arg(head.host ? QString::fromLatin1(*head.host)
                                               : QStringLiteral("(none given)"))};
    if (head.origin) {
        if (allowsOrigin(*head.origin))
            return std::nullopt;
        return Refusal{403, QStringLiteral("pages from %1 may not use this node (--cors-origins)")
                                .arg(QString::fromLatin1(*head.origin))};
    }
    // No Origin: a program, or a browser's no-cors request (an image, a
    // form's GET), which says in Sec-Fetch-Site whether another site made
    // it; then the page is known by its Referer, or refused. A browser sends
    // Sec-Fetch-* only to a trustworthy address (loopback, https): to a
    // node on a LAN address a page's image says only its Referer, when it
    // says that.
    if (m_anyOrigin)
        return std::nullopt;
    const bool crossSite = head.fetchSite == "cross-site" || head.fetchSite == "same-site";
    if (!crossSite &&
        (head.referer.isEmpty() || head.fetchSite == "same-origin" || head.fetchSite == "none"))
        return std::nullopt;
    const QString referer = QString::fromLatin1(head.referer);
    const qsizetype sep = referer.indexOf(u"://");
    const qsizetype end = sep < 0 ? -1 : referer.indexOf(u'/', sep + 3);
    const auto page =
        WebOrigin::parse(end < 0 ? QStringView(referer) : QStringView(referer).first(end));
    if (page && matches(m_origins, *page))
        return std::nullopt;
    return Refusal{403,
                   QStringLiteral("a page of another site may not use this node (--cors-origins)")};
}

BrowserPolicy::Headers BrowserPolicy::answerHeaders(QByteArrayView origin) const
{
    if (m_anyOrigin)
        return {{QByteArrayLiteral("Access-Control-Allow-Origin"), QByteArrayLiteral("*")},
                {QByteArrayLiteral("Access-Control-Expose-Headers"), kExposed}};
    // The answer depends on the Origin asked with: a cache must keep them apart.
    Headers h{{QByteArrayLiteral("Vary"), QByteArrayLiteral("Origin")}};
    if (!origin.isEmpty() && allowsOrigin(origin)) {
        h.append({QByteArrayLiteral("Access-Control-Allow-Origin"), origin.toByteArray()});
        h.append({QByteArrayLiteral("Access-Control-Expose-Headers"), kExposed});
    }
    return h;
}

BrowserPolicy::Headers BrowserPolicy::preflightHeaders(QByteArrayView origin,
                                                       const QByteArray &methods,
                                                       bool privateNetwork) const
{
    Headers h = answerHeaders(origin);
    if (origin.isEmpty() || !allowsOrigin(origin))
        return h;
    h.append({QByteArrayLiteral("Access-Control-Allow-Methods"), methods});
    h.append({QByteArrayLiteral("Access-Control-Allow-Headers"),
              QByteArrayLiteral("Content-Type, Accept, If-None-Match")});
    h.append({QByteArrayLiteral("Access-Control-Max-Age"), QByteArrayLiteral("7200")});
    // Chromium asks before a public page may reach loopback (Private
    // Network Access): an origin the operator allowed may.
    if (privateNetwork)
        h.append(
            {QByteArrayLiteral("Access-Control-Allow-Private-Network"), QByteArrayLiteral("true")});
    return h;
}

} // namespace gifscan::server
