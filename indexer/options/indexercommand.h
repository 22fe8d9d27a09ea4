#pragma once

#include "indexer/follower/follower.h"
#include "indexer/webhooks/webhookworker.h"
#include "server/node/serverconfig.h"

#include <QStringList>
#include <optional>

namespace gifscan::indexer {

// What gifscan-indexer's command line asks for: follow a node, serve, or
// deliver webhooks, each with its settings; help; or why the arguments
// are refused. Every option is a row of one table (core/support/
// optiontable.h): the indexer's own, and the node's rows for what a read
// server shares with it (address, limits, browser policy, proxies,
// webhook hosts, budgets), so both refuse a value in the same words.
struct IndexerCommand
{
    enum class Action { Follow, Serve, Webhooks, Help, Version };
    Action action = Action::Follow;
    FollowerOptions follower;      // Follow
    server::ServerConfig server;   // Serve; --host and --ready-lag for the others' operator port
    WebhookWorker::Options worker; // Webhooks
    // --metrics-port: the follower's or a worker's /health, /ready and
    // /metrics (0: any free port); none without it.
    std::optional<quint16> metricsPort;
    QString logFormat;
    bool pooled = false; // --db is a pooler in transaction mode
    QString helpText;    // Help
    QString error;       // non-empty: refused, in words (exit status 2)
    bool ok() const { return error.isEmpty(); }
};

// Parses gifscan-indexer's arguments (the first is the program) apart from
// main, so that every refusal is tested (tests/indexer/indexercommandtest.cpp).
// Reads --trust's file. Any thread.
IndexerCommand parseIndexerArguments(const QStringList &arguments);

} // namespace gifscan::indexer
