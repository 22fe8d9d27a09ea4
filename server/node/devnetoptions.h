#pragma once

#include "core/support/optiontable.h"
#include "server/node/serverconfig.h"

#include <QStringList>

namespace gifscan::server {

// What gifscan-devnet's command line asks for: run a node with a config, or
// one of the operator's commands, or help; or why the arguments are refused.
struct DevnetCommand
{
    enum class Action { Run, ListWebhooks, RemoveWebhook, PrepareGenesis, Help, Version };
    Action action = Action::Run;
    ServerConfig config;
    QString webhookId;     // RemoveWebhook
    QString genesisTarget; // PrepareGenesis: the folder
    QString helpText;      // Help
    QString error;         // non-empty: refused, in words (exit status 2)
    bool ok() const { return error.isEmpty(); }
};

// Parses gifscan-devnet's arguments (the first is the program) apart from
// main, so that every option's range and refusal is tested
// (tests/server/node/devnetoptionstest.cpp). Each option is a row of a table:
// its name, words, value and how it sets the config. Any thread.
DevnetCommand parseDevnetArguments(const QStringList &arguments);

// The rows a read server (gifscan-indexer serve) shares with the node: the
// address and ports, limits, browser policy, proxies, webhook hosts and the
// request budget, with the node's words and refusals.
std::vector<OptionRow<ServerConfig>> serverOptionRows();

} // namespace gifscan::server
