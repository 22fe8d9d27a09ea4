#pragma once

#include <QHostAddress>

namespace gifscan::server {

// Who asks for a webhook (the JSON-RPC entry points tell): the client a
// webhook's slot counts to, whether it asks from this machine, and whether
// a web page asks. Plain data: any thread.
struct WebhookCaller
{
    QHostAddress address;
    bool page = false;    // a page asked (it sent an Origin)
    bool foreign = false; // a page neither on loopback nor named by --cors-origins
    bool local() const { return address.isLoopback(); }
    // A program on this machine, not a page: the node's operator, who may
    // list and remove any webhook.
    bool isOperator() const { return local() && !page; }
};

} // namespace gifscan::server
