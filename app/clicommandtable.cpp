// The commands' table, apart from what is made of it (app/clitable.cpp):
// the one place that knows both the table and the handlers, so that the
// commands can use the table (their usage lines) without a cycle.
#include "app/clicommands.h"
#include "app/clitable.h"

using Completes = CliCompletes;

const std::vector<CliCommandEntry> &cliCommands()
{
    static const std::vector<CliCommandEntry> table{
        {"nodes", "",
         "which node the others use (with no node named: the explorer's running "
         "local devnet)",
         Completes::Nothing, "", &CliCommands::nodes},
        {"head", "[--follow]", "heads as JSON lines (height, hash, verified)", Completes::Nothing,
         "", &CliCommands::head},
        {"object", "<slug#id> [--height H]", "an object record", Completes::Nothing, "",
         &CliCommands::object},
        {"block", "<height>", "a block with its transactions", Completes::Nothing, "",
         &CliCommands::block},
        {"tx", "<hash>", "a transaction and its receipt", Completes::Nothing, "", &CliCommands::tx},
        {"wallet", "<address>", "balance, holdings, counters", Completes::Nothing, "",
         &CliCommands::wallet},
        {"verify", "<slug#id> [--height H] [--json]", "prove the owner against a header",
         Completes::Nothing, "", &CliCommands::verify},
        {"audit", "<address> [--height H] [--csv FILE]", "prove every object an address holds",
         Completes::Nothing, "", &CliCommands::audit},
        {"certificate", "<slug#id> [--height H] [--with-content] -o FILE",
         "write an ownership certificate: the proof of one owner, checkable offline",
         Completes::Nothing, "", &CliCommands::certificate},
        {"check-certificate", "FILE [--trust FILE]",
         "check a certificate (of an owner or of holdings) offline", Completes::Files, "",
         &CliCommands::checkCertificate},
        {"decode", "FILE.gif --out DIR", "the composited frames as PNG, and frames.json",
         Completes::Files, "", &CliCommands::decode},
        {"send", "0xRAW", "broadcast a signed transaction", Completes::Nothing, "",
         &CliCommands::send},
        {"graphql", "QUERY [--variables JSON]",
         "ask the node's GraphQL interface; exit 1 when it answers with errors", Completes::Nothing,
         "", &CliCommands::graphql},
        {"holdings", "<address> [--height H] [-o FILE]",
         "prove everything an address holds; with -o, write a holdings certificate",
         Completes::Nothing, "", &CliCommands::holdings},
        {"validators", "[-o FILE]",
         "the node's validator set, its fingerprint and genesis, as a --trust file: pin it "
         "once, then trust it with --trust FILE",
         Completes::Nothing, "", &CliCommands::validators},
        {"webhooks", "[list] | delete ID [SECRET]",
         "the node's webhooks, a JSON line each (all of them when run on the node's machine); "
         "delete removes one (no secret needed on the node's machine)",
         Completes::Subcommands, "list delete", &CliCommands::webhooks},
    };
    return table;
}
