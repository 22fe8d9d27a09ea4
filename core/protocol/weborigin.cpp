#include "core/protocol/weborigin.h"

#include <QHostAddress>
#include <algorithm>

namespace gifscan {

std::optional<int> WebOrigin::parsePort(QStringView text)
{
    if (text.isEmpty() || text.size() > 5 ||
        !std::all_of(text.begin(), text.end(), [](QChar c) { return c >= u'0' && c <= u'9'; }))
        return std::nullopt;
    const int port = text.toInt();
    return port >= 1 && port <= 65535 ? std::optional(port) : std::nullopt;
}

std::optional<QString> WebOrigin::plainHost(QStringView text)
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

std::pair<QStringView, QStringView> WebOrigin::splitPort(QStringView authority)
{
    const qsizetype bracket = authority.lastIndexOf(u']');
    const qsizetype colon = authority.lastIndexOf(u':');
    if (colon < 0 || colon < bracket || (bracket < 0 && authority.startsWith(u'[')))
        return {authority, {}};
    return {authority.first(colon), authority.sliced(colon + 1)};
}

bool WebOrigin::sameHost(const QString &a, const QString &b)
{
    if (a == b)
        return true;
    QHostAddress x, y;
    return x.setAddress(a) && y.setAddress(b) && x.isEqual(y);
}

std::optional<WebOrigin> WebOrigin::parse(QStringView text, bool anyPort)
{
    const qsizetype sep = text.indexOf(u"://");
    if (sep <= 0)
        return std::nullopt;
    WebOrigin origin;
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
        origin.port = origin.scheme == u"http" || origin.scheme == u"ws"     ? 80
                      : origin.scheme == u"https" || origin.scheme == u"wss" ? 443
                                                                             : -1;
    } else if (anyPort && port == u"*") {
        origin.port = 0;
    } else if (const auto p = parsePort(port)) {
        origin.port = *p;
    } else {
        return std::nullopt;
    }
    return origin;
}

QString WebOrigin::check(const QString &entry)
{
    if (entry == u"*" || parse(entry, true))
        return {};
    return QStringLiteral("not an origin (scheme://host, scheme://host:port or scheme://host:*, "
                          "no path) nor *: %1")
        .arg(entry);
}

bool WebOrigin::covers(const WebOrigin &origin) const
{
    return scheme == origin.scheme && sameHost(host, origin.host) &&
           (port == 0 || port == origin.port);
}

QStringList WebOrigin::loopbackPages()
{
    return {QStringLiteral("http://localhost:*"), QStringLiteral("http://127.0.0.1:*"),
            QStringLiteral("http://[::1]:*")};
}

} // namespace gifscan
