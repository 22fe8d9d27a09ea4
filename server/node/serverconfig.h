#pragma once

#include "chain/engine/chainoptions.h"
#include "core/protocol/nodeannouncement.h"
#include "core/support/clock.h"
#include "server/net/guardedtcpserver.h"
#include "server/net/trustedproxies.h"
#include "server/webhooks/webhooktarget.h"

#include <QHostAddress>
#include <QStringList>
#include <QUrl>

// What a node or a read server is started with and where it then answers:
// shared by the thread-owning front (nodeserver.h) and the parts it wires
// on that thread (serverparts.h), which include this and not each other.
namespace gifscan::server {

struct ServerConfig
{
    chain::ChainOptions chain;
    QHostAddress host = QHostAddress::LocalHost;
    quint16 port = 0; // REST on port, JSON-RPC on port+1, websocket on port+2; 0: any free ports
    bool rateLimit = true;
    double rate = 60;
    double burst = 200;
    // What the rate limiter's tokens refill with; a test's clock moves it by hand.
    const Clock *clock = &Clock::steady();
    int lieEvery = 0; // indexer reports a wrong owner for every nth object (tests of audits)
    int pingMs = 30000;
    int silenceMs = 90000;
    // A websocket subscriber that does not read is dropped past the first;
    // past the second in all, those furthest behind are.
    qint64 maxUnsentBytes = 4 * 1024 * 1024;
    qint64 maxUnsentTotalBytes = 64 * 1024 * 1024;
    GuardedTcpServer::Limits connections; // on each of the three entry points
    // --allowed-hosts and --cors-origins (BrowserPolicy); empty: the defaults.
    QStringList allowedHosts;
    // Whose word for the client (X-Forwarded-For) is taken (--trusted-proxies).
    TrustedProxies trustedProxies;
    QStringList corsOrigins;
    // Tests and benchmarks: each loopback address is a client of its own
    // (rate limit, connections, subscriptions, webhook slots), so that one
    // machine can play a stranger beside a normal client. Off: every
    // loopback address is this machine, one client.
    bool loopbackClientsApart = false;
    // Off: /graphql answers 404, as a node without GraphQL (tests of clients
    // that fall back to REST).
    bool graphql = true;
    // What one REST, GraphQL or JSON-RPC request may read for before it is
    // cut and answered 503 (--request-budget-ms; tests cut every scan with 0).
    qint64 requestBudgetMs = 250;
    // A line a REST or JSON-RPC request on gifscan.access (--access-log).
    bool accessLog = false;
    // /ready answers 503 once a read server has been behind its node's head
    // this long (--ready-lag, seconds on the command line).
    qint64 readyLagMs = 10000;
    // SIGTERM: no new connection, and what is owed (an answer unwritten, a
    // transaction forwarded) is finished for this long at most before the
    // process exits 0, so a node that never answers holds no rolling restart.
    int drainMs = 10000;
    // Webhooks: hosts receivers may be on besides loopback (--webhook-hosts),
    // a factor on the retry schedule (--webhook-retry-scale, for tests), the
    // wait for a receiver's answer, and the wall clock their times are on.
    QStringList webhookHosts;
    double webhookRetryScale = 1.0;
    int webhookTimeoutMs = 15000;
    qint64 webhookMaxPending = 10000;     // deliveries one webhook may owe before it is disabled
    int webhookMaxPerAddress = 10;        // enabled webhooks one client address may have
    int webhookMaxStoredPerAddress = 100; // with its disabled ones
    const Clock *webhookClock = &Clock::wall();
    // Receivers' host names to addresses; none: the system's (tests: names of their own).
    WebhookResolver webhookResolver;
    // A read server's (chain.readsOnly): where gif_sendRawTransaction goes.
    QUrl forwardTransactionsTo;
    // A read server's: where the follower's news of each block is LISTENed
    // for (a standby takes no LISTEN: its primary), empty for its own
    // database; and how often the database is asked for new blocks besides.
    QString notifyDatabase;
    int pollMs = 1000;
    // A read server's: threads that answer its REST reads, each on a
    // connection of its own (ReaderPool); 0: all on the node thread. Two:
    // a read server waits on its database, and two readers on two cores
    // answered new requests at 2.2–3× one thread (docs/BENCHMARKS.md).
    int readerThreads = 2;
};

struct ServerEndpoints
{
    QString baseUrl;
    QString rpcUrl;
    QString wsUrl;
    // The ready line's record (core/protocol/nodeannouncement.h).
    NodeReady announcement() const;
};

} // namespace gifscan::server
