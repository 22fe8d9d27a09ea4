#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>
#include <optional>

namespace gifscan {

// A web page's origin as RFC 6454 §4 makes it from a URL: scheme, host and
// port (the scheme's default when none is written). What a node's
// --cors-origins lists, where `scheme://host:*` stands for any port; the
// node and the explorer's settings read the list alike. Pure: any thread.
struct WebOrigin
{
    QString scheme; // lowercase
    QString host;   // lowercase; an IPv6 address without its brackets
    int port = -1;  // -1: the scheme has no default and none was written; 0: any (`:*`)

    friend bool operator==(const WebOrigin &, const WebOrigin &) = default;

    // `scheme://host[:port]`, and `:*` too when `anyPort` is allowed; no
    // path, no user. Nullopt for anything else (`null`, a file page).
    static std::optional<WebOrigin> parse(QStringView text, bool anyPort = false);
    // Why an entry of --cors-origins (an origin, `:*` allowed, or `*`)
    // cannot be read; empty when it can.
    static QString check(const QString &entry);
    // Whether `origin` is one this entry stands for.
    bool covers(const WebOrigin &origin) const;

    // Pages served from this machine's loopback, on any port: what a local
    // node lets use it unless told otherwise.
    static QStringList loopbackPages();

    // A host as a URL's authority writes it (a name, an IPv4 address, an
    // IPv6 one in brackets), lowercase, without brackets; nullopt for what a
    // host cannot hold (a user, a path, spaces).
    static std::optional<QString> plainHost(QStringView text);
    // `host[:port]` split where the port begins, brackets kept; the port
    // part is null when none is written.
    static std::pair<QStringView, QStringView> splitPort(QStringView authority);
    // 1 to 65535 written as digits.
    static std::optional<int> parsePort(QStringView text);
    // The same host, written either way (::1 and 0:0:0:0:0:0:0:1).
    static bool sameHost(const QString &a, const QString &b);
};

} // namespace gifscan
