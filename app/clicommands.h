#pragma once

#include "core/client/httpclient.h"
#include "core/client/restclient.h"
#include "core/client/rpcclient.h"
#include "core/verify/headerverifier.h"
#include "core/verify/ownershipcertificate.h"

#include <QCommandLineParser>
#include <QObject>
#include <memory>

namespace gifscan {
struct AuditReport;
}

// The commands of gifscan-cli: glue between arguments, core and stdout.
// Lives on the main thread; each command returns the process exit status,
// as Exit says (and kExitStatus, the one table --help, the man page and
// the README give).
class CliCommands : public QObject
{
    Q_OBJECT
public:
    enum Exit {
        Ok = 0,          // success, or a verdict that held
        Failed = 1,      // a verdict that did not hold: a proof, header, certificate or GIF
        Usage = 2,       // an argument, option or URL that is none
        Absent = 3,      // the object proven not to exist at that height: a verdict that held
        NotFound = 4,    // the node has no such block, transaction, object or webhook
        Refused = 5,     // the node refused what was sent: a transaction, a GraphQL query
        Unreachable = 6, // no answer: not reached, not in time, or none that is an answer
    };

    explicit CliCommands(const QCommandLineParser &parser, QObject *parent = nullptr);
    // The command of that name in app/clitable.cpp's table, with its arguments.
    int run(const QString &command, const QStringList &args);

    // The commands, as the table names them; each prints and returns the exit status.
    int nodes(const QStringList &args);
    int head(const QStringList &args);
    int object(const QStringList &args);
    int block(const QStringList &args);
    int tx(const QStringList &args);
    int wallet(const QStringList &args);
    int verify(const QStringList &args);
    int audit(const QStringList &args);
    int certificate(const QStringList &args);
    int checkCertificate(const QStringList &args);
    int holdings(const QStringList &args);
    int decode(const QStringList &args);
    int send(const QStringList &args);
    int graphql(const QStringList &args);
    int webhooks(const QStringList &args);
    int validators(const QStringList &args);

private:
    bool needNode(bool ws = false);
    // No node named: the explorer's local devnet, if one is running.
    void findLocalDevnet();
    int fromError(const gifscan::ClientError &error);
    // --height's value; *ok false (and m_heightProblem saying why) when it is no height.
    std::optional<std::uint64_t> heightOption(bool *ok);
    // What was wrong (when known) and the command's usage from the table, on one line.
    int usage(const QString &command, const QString &problem = {});
    // The sets this run trusts: the built-in devnet set (for a node on this
    // machine, or offline), saved profiles' anchors and --trust files. Never
    // the node's own word (PROTOCOL §8).
    std::optional<gifscan::TrustedSets> trustedSets();
    // The node's URLs all name this machine: the devnet's set is trusted
    // by default only then.
    bool nodeOnLoopback() const;
    // The verifier for the node's headers: the trusted set the node names,
    // or, when it names none of them, the devnet set, so verdicts fail and
    // say whose fingerprint was not trusted. Nothing (the reason printed)
    // for an unreadable --trust file or a node that cannot be reached.
    std::optional<gifscan::HeaderVerifier> nodeVerifier();

    void printAudit(const gifscan::AuditReport &report, const QString &fingerprint);

    const QCommandLineParser &m_parser;
    QString m_nodeSource;         // where the node's URLs came from, for `nodes`
    QString m_localDevnetProblem; // why the local devnet is not used
    QString m_heightProblem;      // what heightOption() found wrong
    int m_verifierExit = Usage;   // why nodeVerifier() gave none
    QUrl m_rest, m_rpc, m_ws;
    std::unique_ptr<gifscan::HttpClient> m_http;
    std::unique_ptr<gifscan::RestClient> m_restClient;
    std::unique_ptr<gifscan::RpcClient> m_rpcClient;
};

// What is wrong with a command's one object id or address; empty when nothing.
QString idProblem(const QStringList &args);
QString addressProblem(const QStringList &args);
QString describeError(const gifscan::ClientError &error);

void printJson(const QJsonValue &value);
void printLine(const QString &line);
void printError(const QString &message);
