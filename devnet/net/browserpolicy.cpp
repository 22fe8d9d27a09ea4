#include "devnet/net/browserpolicy.h"

#include <QNetworkInterface>
#include <algorithm>

namespace gifscan::devnet {

namespace {

const QByteArray kExposed = QByteArrayLiteral("X-Block-Height, Retry-After, ETag");

bool isDigits(QStringView text)
{
    return !text.isEmpty() &&
           std::all_of(text.begin(), text.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

// 1 to 65535 written as digits, or nullopt.
std::optional<int> parsePort(QStringView text)
{
    if (!isDigits(text) || text.size() > 5)
        return std::nullopt;
    const int port = text.toInt();
    return port >= 1 && port <= 65535 ? std::optional(port) : std::nullopt;
}

// A host as a URL's authority writes it (a name, an IPv4 address or an IPv6
// one in brackets), lowercase and without brackets; nullopt for anything a
// name cannot hold (userinfo, a path, spaces).
std::optional<QString> plainHost(QStringView text)
{
    if (text.startsWith(u'[')) {
        if (!text.endsWith(u']'))
            return std::nullopt;
        QHostAddress address;
        if (!address.setAddress(text.sliced(1, text.size() - 2).toString()) ||
            address.protocol() != QAbstractSocket::IPv6Protocol)
            return std::nullopt;
        return address.toString();
    }
    if (text.isEmpty() || !std::all_of(text.begin(), text.end(), [](QChar c) {
            return c.isLetterOrNumber() || c == u'.' || c == u'-' || c == u'_';
        }))
        return std::nullopt;
    return text.toString().toLower();
}

// `host[:port]` split where the port begins, brackets kept.
std::pair<QStringView, QStringView> splitPort(QStringView authority)
{
    const qsizetype bracket = authority.lastIndexOf(u']');
    const qsizetype colon = authority.lastIndexOf(u':');
    if (colon < 0 || colon < bracket || (bracket < 0 && authority.startsWith(u'[')))
        return {authority, {}};
    return {authority.first(colon), authority.sliced(colon + 1)};
}

// The same host written two ways (::1 and 0:0:0:0:0:0:0:1) is one.
bool sameHost(const QString &a, const QString &b)
{
    if (a == b)
        return true;
    QHostAddress x, y;
    return x.setAddress(a) && y.setAddress(b) && x.isEqual(y);
}

} // namespace

std::optional<BrowserPolicy::Origin> BrowserPolicy::parseOrigin(QStringView text, bool allowAnyPort)
{
    const qsizetype sep = text.indexOf(u"://");
    if (sep <= 0)
        return std::nullopt;
    Origin origin;
    origin.scheme = text.first(sep).toString().toLower();
    if (!std::all_of(origin.scheme.begin(), origin.scheme.end(), [](QChar c) {
            return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9') || c == u'+' || c == u'-' ||
                   c == u'.';
        }))
        return std::nullopt;
    const auto [host, port] = splitPort(text.sliced(sep + 3));
    const auto name = plainHost(host);
    if (!name)
        return std::nullopt;
    origin.host = *name;
    if (port.isNull()) {
        // RFC 6454 §4: the scheme's default port when none is written.
        origin.port = origin.scheme == u"http" || origin.scheme == u"ws"     ? 80
                      : origin.scheme == u"https" || origin.scheme == u"wss" ? 443
                                                                             : -1;
    } else if (allowAnyPort && port == u"*") {
        origin.port = 0;
    } else if (const auto p = parsePort(port)) {
        origin.port = *p;
    } else {
        return std::nullopt;
    }
    return origin;
}

QString BrowserPolicy::checkOrigin(const QString &entry)
{
    if (entry == u"*" || parseOrigin(entry, true))
        return {};
    return QStringLiteral("not an origin (scheme://host, scheme://host:port or scheme://host:*, "
                          "no path) nor *: %1")
        .arg(entry);
}

QString BrowserPolicy::checkHost(const QString &entry)
{
    if (entry == u"*" || plainHost(entry))
        return {};
    return QStringLiteral("not a host name or address (brackets around IPv6, no port) nor *: %1")
        .arg(entry);
}

QStringList BrowserPolicy::defaultOrigins()
{
    return {QStringLiteral("http://localhost:*"), QStringLiteral("http://127.0.0.1:*"),
            QStringLiteral("http://[::1]:*")};
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
      m_originNames(origins.isEmpty() ? defaultOrigins() : origins)
{
    for (const QString &h : std::as_const(m_hostNames)) {
        if (h == u"*")
            m_anyHost = true;
        else if (const auto name = plainHost(h))
            m_hosts.append(*name);
    }
    for (const QString &o : defaultOrigins())
        m_named.append(*parseOrigin(o, true));
    for (const QString &o : std::as_const(m_originNames)) {
        if (o == u"*") {
            m_anyOrigin = true;
        } else if (const auto origin = parseOrigin(o, true)) {
            m_origins.append(*origin);
            m_named.append(*origin);
        }
    }
}

bool BrowserPolicy::matches(const QList<Origin> &list, const Origin &origin)
{
    return std::any_of(list.begin(), list.end(), [&](const Origin &o) {
        return o.scheme == origin.scheme && sameHost(o.host, origin.host) &&
               (o.port == 0 || o.port == origin.port);
    });
}

bool BrowserPolicy::allowsOrigin(QByteArrayView origin) const
{
    if (m_anyOrigin)
        return true;
    const auto o = parseOrigin(QString::fromLatin1(origin));
    return o && matches(m_origins, *o);
}

bool BrowserPolicy::isForeign(QByteArrayView origin) const
{
    if (origin.isEmpty())
        return false;
    const auto o = parseOrigin(QString::fromLatin1(origin));
    return !o || !matches(m_named, *o);
}

bool BrowserPolicy::allowsHost(QByteArrayView host) const
{
    if (m_anyHost)
        return true;
    const QString text = QString::fromLatin1(host);
    const auto [name, port] = splitPort(text);
    if (!port.isNull() && !parsePort(port))
        return false;
    const auto plain = plainHost(name);
    return plain && std::any_of(m_hosts.begin(), m_hosts.end(),
                                [&](const QString &h) { return sameHost(h, *plain); });
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
    // it; then the page is known by its Referer, or refused.
    if (m_anyOrigin || (head.fetchSite != "cross-site" && head.fetchSite != "same-site"))
        return std::nullopt;
    const QString referer = QString::fromLatin1(head.referer);
    const qsizetype sep = referer.indexOf(u"://");
    const qsizetype end = sep < 0 ? -1 : referer.indexOf(u'/', sep + 3);
    const auto page = parseOrigin(end < 0 ? QStringView(referer) : QStringView(referer).first(end));
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

} // namespace gifscan::devnet
