#pragma once

// gifscan-cli run as a process against devnets on loopback: an honest one,
// one whose indexer lies, one that forges its headers and one of another
// validator set, started once for the whole Cli suite (clitest.cpp and
// clitrusttest.cpp).
#include "tests/support/devnetharness.h"
#include "tests/support/shareddevnet.h"
#include "tests/support/testpaths.h"
#include "tests/support/txfactory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <memory>

namespace gifscan::test {

struct CliRun
{
    int exit = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

// gifscan-cli started with `args` against `node` (none: no node named); its
// JSON-RPC through `rpc` where given (a proxy in front of the node's).
inline std::unique_ptr<QProcess> startCli(const QStringList &args, DevnetHarness *node,
                                          const QString &rpc = {})
{
    auto p = std::make_unique<QProcess>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (node) {
        env.insert(QStringLiteral("GIFSCAN_REST"), node->endpoints().baseUrl);
        env.insert(QStringLiteral("GIFSCAN_RPC"), rpc.isEmpty() ? node->endpoints().rpcUrl : rpc);
        env.insert(QStringLiteral("GIFSCAN_WS"), node->endpoints().wsUrl);
    }
    p->setProcessEnvironment(env);
    p->start(gifscan::test::cliBinary(), args);
    return p;
}

// What a started gifscan-cli said and its exit, within `timeoutMs`; a crash
// or a hang is a failure, said with what it printed. `serveEvents`: the test
// thread's events are handled while it waits (a proxy of the test's answers
// from there); otherwise the devnet answers from its own thread and the test
// thread only waits.
inline CliRun finishCli(QProcess &p, const QStringList &args, int timeoutMs = 30000,
                        bool serveEvents = false)
{
    CliRun r;
    // waitForFinished may return early (an error on a pipe of a busy
    // machine): only the clock says the command took too long.
    QElapsedTimer clock;
    clock.start();
    while (p.state() != QProcess::NotRunning && clock.elapsed() < timeoutMs) {
        if (serveEvents)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        p.waitForFinished(
            serveEvents ? 10 : static_cast<int>(std::max<qint64>(1, timeoutMs - clock.elapsed())));
    }
    const bool finished = p.state() == QProcess::NotRunning;
    if (!finished) {
        p.kill();
        p.waitForFinished();
    }
    r.exit = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    // No command may crash or hang: said with what it printed, so that a
    // rare failure on another machine can be read from its log.
    if (r.exit == -1)
        ADD_FAILURE() << "gifscan-cli " << args.join(u' ').toStdString() << ": "
                      << (finished ? "died of signal " + std::to_string(p.exitCode())
                                   : "still running after " + std::to_string(timeoutMs) + " ms")
                      << " (" << p.errorString().toStdString() << ", after " << clock.elapsed()
                      << " ms)\nstdout:\n"
                      << r.out.constData() << "\nstderr:\n"
                      << r.err.constData();
    return r;
}

// gifscan-cli run with `args` against `node` (none: no node named), within
// `timeoutMs`.
inline CliRun runCli(const QStringList &args, DevnetHarness *node, int timeoutMs = 30000)
{
    const std::unique_ptr<QProcess> p = startCli(args, node);
    return finishCli(*p, args, timeoutMs);
}

class Cli : public SharedDevnet<Cli>
{
public:
    // The honest devnet: 150 objects, blocks every 0.1 s, no webhooks.
    static server::ServerConfig config() { return DevnetHarness::fastConfig(150, 0.1, false); }
    static constexpr std::uint64_t kHeight = 0;

protected:
    static void SetUpTestSuite()
    {
        // No local devnet of this machine's user is found by a command
        // that names no node (clinodestest.cpp tests the finding).
        static QTemporaryDir noLocalDevnet;
        qputenv("XDG_DATA_HOME", noLocalDevnet.path().toUtf8());
        SharedDevnet<Cli>::SetUpTestSuite();
        auto lying = config();
        lying.lieEvery = 2;
        s_liar = alsoStart(lying);
        auto forging = DevnetHarness::fastConfig(20, 0.1, false);
        forging.chain.forgeHeaders = true;
        s_forger = alsoStart(forging);
        auto other = DevnetHarness::fastConfig(20, 0.1, false);
        other.chain.validators = 5;
        s_otherSet = alsoStart(other);
    }

    static CliRun cli(const QStringList &args, DevnetHarness *node = s_devnet,
                      int timeoutMs = 30000)
    {
        return runCli(args, node, timeoutMs);
    }
    // The dev account holding the most objects.
    static QString richDev(DevnetHarness *node)
    {
        QString best;
        qsizetype most = -1;
        for (std::uint32_t i = 0; i < 10; ++i) {
            const qsizetype n = node->get(QStringLiteral("/v1/objects?limit=100&owner=") +
                                          toHexString(TxFactory::dev(i)))
                                    .data()
                                    .toArray()
                                    .size();
            if (n > most) {
                most = n;
                best = toHexString(TxFactory::dev(i));
            }
        }
        return best;
    }

    inline static DevnetHarness *s_liar = nullptr;
    inline static DevnetHarness *s_forger = nullptr;   // signs with keys outside the set it names
    inline static DevnetHarness *s_otherSet = nullptr; // five validators: not trusted by default
};

} // namespace gifscan::test
