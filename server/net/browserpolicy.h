#pragma once

#include "core/protocol/weborigin.h"
#include "server/net/requesthead.h"

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <optional>

namespace gifscan::server {

// Which web pages, and which host names, may use the node (docs/PROTOCOL.md,
// "Browsers"). A browser lets any page it shows send requests to loopback:
// left open, every site the user visits could mint with the devnet's public
// keys, register webhooks aimed at local services and eat the explorer's
// rate-limit bucket. So, as geth's --http.vhosts and --http.corsdomain:
// - a request whose Host is not an allowed name is refused (403): after a
//   DNS rebinding a stranger's page reaches the node under its own name;
// - a request from a page (an Origin header, or a browser's Sec-Fetch-Site
//   saying another site made it) whose origin is not allowed is refused
//   (403) and given no CORS grant;
// - an allowed page gets its own origin echoed, with Vary: Origin.
// Requests from programs (the explorer, the CLI, curl) carry neither and
// pass. The guards refuse at the request's head, before the rate limiter,
// Qt's server or a handler sees it. Immutable once made: any thread.
class BrowserPolicy
{
public:
    using Headers = QList<QPair<QByteArray, QByteArray>>;

    // `hosts` and `origins` as --allowed-hosts and --cors-origins take them
    // (each checked with checkHost / checkOrigin), empty for the defaults;
    // `listening` is the address the node is bound to, an allowed host by
    // default (every address of the machine when it is bound to all).
    BrowserPolicy(const QStringList &hosts, const QStringList &origins,
                  const QHostAddress &listening);
    // The defaults of a node on loopback.
    BrowserPolicy();
    // One of those for all: a server given no policy follows it.
    static const BrowserPolicy &loopbackDefault();

    // localhost, 127.0.0.1, [::1] and the node's own address.
    static QStringList defaultHosts(const QHostAddress &listening);
    // Why one entry of the options cannot be read; empty when it can.
    static QString checkHost(const QString &entry);
    static QString checkOrigin(const QString &entry) { return WebOrigin::check(entry); }

    struct Refusal
    {
        int status = 403;
        QString why;
    };
    // Why the request of `head` must be refused, if it must.
    std::optional<Refusal> refusal(const RequestHead &head) const;

    bool allowsOrigin(QByteArrayView origin) const;
    // A page's origin that this node serves only because it serves every
    // origin (`*`): neither on loopback nor named by the operator. Such a
    // page may read, and may not aim webhooks at this machine.
    bool isForeign(QByteArrayView origin) const;
    // For every answer to a request carrying `origin` (empty: none).
    Headers answerHeaders(QByteArrayView origin) const;
    // For a preflight; `privateNetwork` when the browser asked for it
    // (Access-Control-Request-Private-Network: a public page asking loopback).
    Headers preflightHeaders(QByteArrayView origin, const QByteArray &methods,
                             bool privateNetwork) const;

    // As given or defaulted, for the node's log and the operator.
    QStringList hosts() const { return m_hostNames; }
    QStringList origins() const { return m_originNames; }

private:
    bool allowsHost(QByteArrayView host) const;
    static bool matches(const QList<WebOrigin> &list, const WebOrigin &origin);

    QStringList m_hostNames;
    QStringList m_originNames;
    bool m_anyHost = false;
    bool m_anyOrigin = false;
    QStringList m_hosts; // lowercase, IPv6 without brackets
    QList<WebOrigin> m_origins;
    QList<WebOrigin> m_named; // loopback pages and the operator's entries, never `*`
};

} // namespace gifscan::server
