#pragma once

#include <QHostAddress>
#include <QString>

namespace gifscan::server {

// Whom a share belongs to (a rate-limit bucket, connections, webhook slots):
// one client, not one address. Every loopback address is this machine (a
// page and the explorer alike; eleven of them took all 100 webhook slots);
// an IPv4 address mapped into IPv6 is that IPv4 address; an IPv6 host is
// its /64, since a host is given a whole /64 to pick addresses from.
// `loopbackApart`: each loopback address a client of its own, so that tests
// and benchmarks can play several clients on one machine. Pure: any thread.
QString clientKey(const QHostAddress &address, bool loopbackApart = false);
// The same for an address stored as text (a webhook's owner); the text
// itself when it is no address.
QString clientKey(const QString &address, bool loopbackApart = false);

} // namespace gifscan::server
