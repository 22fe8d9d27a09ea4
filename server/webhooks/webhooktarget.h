#pragma once

#include <QHostAddress>
#include <QList>
#include <QNetworkRequest>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <functional>

class QObject;

namespace gifscan::server {

// What a host name stands for: its addresses, or why there are none.
// `done` is called once, on `context`'s thread, unless `context` goes first.
using WebhookResolver = std::function<void(
    const QString &host, QObject *context,
    std::function<void(const QList<QHostAddress> &addresses, const QString &error)> done)>;

// Where a webhook's delivery goes. A name the operator allowed
// (--webhook-hosts) is resolved, each of its addresses checked as an
// address typed in the URL would be, and the request made to the address
// checked, the name kept for Host and for the certificate: a name that
// resolves, or is rebound between the check and the call, to loopback or a
// private network reaches nothing there unless the operator named that
// address too. Stateless; any thread.
class WebhookTarget
{
public:
    struct Rules
    {
        QStringList hosts;      // --webhook-hosts, lower case
        bool onLoopback = true; // the node listens on loopback only
    };

    // The system's resolver (QHostInfo): asynchronous, off the caller's thread.
    static WebhookResolver systemResolver();
    // Why `address`, which `host` resolved to, may not be called; empty
    // when it may.
    static QString refusal(const QHostAddress &address, const QString &host, const Rules &rules);
    // A loopback, private, link-local, shared, unspecified or multicast
    // address: one that reaches this machine or its networks.
    static bool isInternal(const QHostAddress &address);
    // The request for `url`, made to `address`: Host and TLS name `url`'s.
    static QNetworkRequest pinned(const QUrl &url, const QHostAddress &address);
};

} // namespace gifscan::server
