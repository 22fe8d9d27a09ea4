#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QHttpServerRequest>
#include <QList>
#include <QPair>
#include <QString>

namespace gifscan::server {

// The proxies (and read servers) whose word a server takes for whose a
// request is: from one of them, X-Forwarded-For (or Forwarded) names the client, which
// then has its own rate limit, webhook slots and standing (a client named
// so is never "this machine"). Behind a proxy every user had shared one
// bucket (250 users: 99.1 % answered 429), and a read server's forwarded
// transactions all came from one client to its node (another user's were
// refused 28 of 40 in one flood). Plain data: any thread.
class TrustedProxies
{
public:
    TrustedProxies() = default;
    // --trusted-proxies: addresses or subnets (10.0.0.0/8), comma-separated;
    // the problem in words, or empty.
    QString parse(const QString &option);
    bool isEmpty() const { return m_subnets.isEmpty(); }

    // Whose a request from `peer` is: the address nearest the server in
    // `forwardedFor` that is not a trusted proxy, walking from the right
    // (each proxy appends the address it was reached from), when `peer`
    // is trusted; else `peer`. An entry that is no address ends the walk
    // there: what a client wrote before it is its own word.
    QHostAddress clientOf(const QHostAddress &peer, const QByteArray &forwardedFor) const;
    // The same with RFC 7239's Forwarded, whose for= parameters are read
    // as X-Forwarded-For's entries (an obfuscated or "unknown" node ends the
    // walk as an entry that is no address does). With both headers, the
    // client they agree on; when they disagree, `peer` (one of them is a
    // client's own word, passed on by a proxy that writes the other).
    QHostAddress clientOf(const QHostAddress &peer, const QByteArray &forwardedFor,
                          const QByteArray &forwarded) const;
    // Whose `request` is, by `trusted`'s word (none: nobody's, its peer):
    // what the HTTP servers' limits and callers count.
    static QHostAddress clientOf(const TrustedProxies *trusted, const QHttpServerRequest &request);
    // Forwarded's for= nodes, in order, as X-Forwarded-For lists them.
    static QByteArray forwardedFor(const QByteArray &forwarded);

private:
    bool trusts(const QHostAddress &address) const;

    QList<QPair<QHostAddress, int>> m_subnets;
};

} // namespace gifscan::server
