// CliCommands, continued: what the command line trusts, holdings
// certificates, and checking certificates offline.
#include "app/clicommands.h"
#include "core/client/awaitresult.h"
#include "models/profilestore.h"

#include <QFile>
#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSettings>
#include <cstdio>

using namespace gifscan;

namespace {
// A host on this machine: 127.0.0.0/8, ::1, or localhost.
bool onLoopback(const QUrl &url)
{
    const QString host = url.host();
    return host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0 ||
           QHostAddress(host).isLoopback();
}

// A --trust file: a JSON list of validator addresses, or what `validators
// -o` writes (an object whose "validators" is that list).
std::optional<ValidatorSet> readTrustFile(const QByteArray &bytes, QString *why)
{
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    const QJsonValue list =
        doc.isObject() ? doc.object().value(QStringLiteral("validators")) : QJsonValue(doc.array());
    return ValidatorSet::fromJson(list, why);
}
} // namespace

bool CliCommands::nodeOnLoopback() const
{
    return onLoopback(m_rest) && onLoopback(m_rpc) && (m_ws.isEmpty() || onLoopback(m_ws));
}

std::optional<TrustedSets> CliCommands::trustedSets()
{
    // The explorer's saved profiles are this user's anchors too. The
    // devnet's keys are public: its set is trusted by default only for a
    // node on this machine (the local devnet), or offline, where no node is.
    QSettings settings(QStringLiteral("gifscan"), QStringLiteral("gifscan"));
    TrustedSets sets = ProfileStore(&settings).trustedSets();
    if (!m_rpc.isEmpty() && !nodeOnLoopback())
        sets.erase(std::remove(sets.begin(), sets.end(), ValidatorSet::devnet()), sets.end());
    for (const QString &path : m_parser.values(QStringLiteral("trust"))) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            printError(QStringLiteral("--trust: cannot read %1: %2").arg(path, file.errorString()));
            return std::nullopt;
        }
        QString why;
        const auto set = readTrustFile(file.readAll(), &why);
        if (!set) {
            printError(QStringLiteral("--trust: %1 is not a JSON list of validator addresses: %2")
                           .arg(path, why));
            return std::nullopt;
        }
        sets.push_back(*set);
    }
    return sets;
}

std::optional<HeaderVerifier> CliCommands::nodeVerifier()
{
    const auto sets = trustedSets();
    if (!sets)
        return std::nullopt;
    // Off this machine nothing is trusted until the user says it: said
    // before anything is asked of the node.
    if (sets->empty()) {
        printError(QStringLiteral("say which validators to trust for %1: --trust FILE (gifscan-cli "
                                  "validators -o FILE writes a node's set); the devnet's set, "
                                  "whose keys are public, is trusted by default only for a node "
                                  "on this machine")
                       .arg(m_rpc.host()));
        return std::nullopt;
    }
    // The node's word picks among the sets already trusted; it never adds one.
    const auto named = awaitResult<Result<ValidatorSet>>(
        [&](QObject *c, auto done) { m_rpcClient->validators(c, done); });
    if (named.ok()) {
        for (const auto &set : *sets) {
            if (set == *named.value)
                return HeaderVerifier(TrustAnchor{kChainId, std::nullopt, set});
        }
        printError(QStringLiteral("the node's validator set %1 is not trusted (give it with "
                                  "--trust FILE to trust it)")
                       .arg(named.value->fingerprint()));
    } else if (named.error.kind == ClientError::Kind::Network ||
               named.error.kind == ClientError::Kind::Timeout) {
        // A node that cannot be reached is said once, not again by every
        // request after this one, each waiting out its own retries.
        printError(describeError(named.error));
        return std::nullopt;
    } else {
        printError(QStringLiteral("the node does not name its validators: %1")
                       .arg(describeError(named.error)));
    }
    // Verdicts against a set the user trusts, so that they fail and say
    // whose fingerprint was not trusted; never the devnet's off this machine.
    if (!nodeOnLoopback())
        return HeaderVerifier(TrustAnchor{kChainId, std::nullopt, sets->front()});
    return HeaderVerifier(TrustAnchor::devnet());
}

int CliCommands::validators(const QStringList &args)
{
    if (!args.isEmpty())
        return usage(QStringLiteral("validators"));
    if (!needNode())
        return Usage;
    const auto named = awaitResult<Result<ValidatorSet>>(
        [&](QObject *c, auto done) { m_rpcClient->validators(c, done); });
    if (!named.ok())
        return fromError(named.error);
    const auto genesis = awaitResult<Result<Block>>(
        [&](QObject *c, auto done) { m_rpcClient->block(0, false, c, done); });
    if (!genesis.ok())
        return fromError(genesis.error);
    // The node's word, but one that holds together: its genesis is signed by
    // a quorum of the set it names. Whether to trust it is the reader's call.
    const HeaderVerifier check(TrustAnchor{kChainId, std::nullopt, *named.value});
    const HeaderVerdict verdict = check.verifyAt(genesis.value->header, 0);
    if (!verdict.verified()) {
        printLine(QStringLiteral("[FAIL] the node's genesis is not signed by the set it names: %1")
                      .arg(verdict.detail));
        return Failed;
    }
    const QJsonObject file{{QStringLiteral("chainId"), static_cast<qint64>(kChainId)},
                           {QStringLiteral("validators"), named.value->toJson()},
                           {QStringLiteral("validatorsHash"), toHexString(named.value->hash())},
                           {QStringLiteral("fingerprint"), named.value->fingerprint()},
                           {QStringLiteral("genesis"), toHexString(genesis.value->header.hash)}};
    const QByteArray text = QJsonDocument(file).toJson();
    const QString out = m_parser.value(QStringLiteral("output"));
    if (out.isEmpty()) {
        std::fwrite(text.constData(), 1, static_cast<size_t>(text.size()), stdout);
        return Ok;
    }
    QSaveFile save(out);
    if (!save.open(QIODevice::WriteOnly) || save.write(text) < 0 || !save.commit()) {
        printError(QStringLiteral("cannot write %1").arg(out));
        return Usage;
    }
    printLine(QStringLiteral("%1 validators, fingerprint %2, genesis %3 -> %4")
                  .arg(named.value->size())
                  .arg(named.value->fingerprint(), toHexString(genesis.value->header.hash), out));
    return Ok;
}

int CliCommands::holdings(const QStringList &args)
{
    bool ok = false;
    const auto height = heightOption(&ok);
    const auto address = parseAddress(args.value(0));
    const QString out = m_parser.value(QStringLiteral("output"));
    if (const QString problem = ok ? addressProblem(args) : m_heightProblem; !problem.isEmpty())
        return usage(QStringLiteral("holdings"), problem);
    if (!needNode())
        return Usage;
    const auto headers = nodeVerifier();
    const auto trusted = trustedSets();
    if (!headers || !trusted)
        return Usage;
    std::uint64_t h = 0;
    if (height) {
        h = *height;
    } else {
        const auto head = awaitResult<Result<std::uint64_t>>(
            [&](QObject *c, auto done) { m_rpcClient->blockNumber(c, done); });
        if (!head.ok())
            return fromError(head.error);
        h = *head.value;
    }
    const auto block = awaitResult<Result<Block>>(
        [&](QObject *c, auto done) { m_rpcClient->block(h, false, c, done); });
    if (!block.ok())
        return fromError(block.error);
    const auto proof = awaitResult<Result<HoldingsProof>>(
        [&](QObject *c, auto done) { m_rpcClient->holdingsProof(*address, h, c, done); });
    if (!proof.ok())
        return fromError(proof.error);
    // A signed answer about another address or height is still an answer to
    // another question: refused before anything is said or written.
    if (block.value->header.height != h || proof.value->height != h ||
        proof.value->owner != *address) {
        printLine(
            QStringLiteral(
                "[FAIL] the node answered for %1 at height %2 (header %3), not for %4 at height %5")
                .arg(toHexString(proof.value->owner))
                .arg(proof.value->height)
                .arg(block.value->header.height)
                .arg(toHexString(*address))
                .arg(h));
        return Failed;
    }
    const OwnershipCertificate c = OwnershipCertificate::forHoldings(
        block.value->header, headers->anchor().validators, *proof.value);
    const CertificateCheck check = gifscan::checkCertificate(c, *trusted);
    for (const QString &passed : check.passed)
        printLine(QStringLiteral("[ok  ] %1").arg(passed));
    if (!check.valid) {
        printLine(QStringLiteral("[FAIL] %1: %2").arg(check.failedCheck, check.detail));
        return Failed;
    }
    for (const QString &key : check.objects)
        printLine(QStringLiteral("        %1").arg(key));
    if (!out.isEmpty()) {
        QSaveFile file(out);
        if (!file.open(QIODevice::WriteOnly) ||
            file.write(QJsonDocument(c.toJson()).toJson()) < 0 || !file.commit()) {
            printError(QStringLiteral("cannot write %1").arg(out));
            return Usage;
        }
    }
    printLine(QStringLiteral("at height %1: %2%3")
                  .arg(c.header.height)
                  .arg(check.summary(), out.isEmpty() ? QString() : QStringLiteral(" -> ") + out));
    return Ok;
}

int CliCommands::checkCertificate(const QStringList &args)
{
    if (args.size() != 1) {
        return usage(QStringLiteral("check-certificate"));
    }
    const auto trusted = trustedSets();
    if (!trusted)
        return Usage;
    QFile file(args[0]);
    if (!file.open(QIODevice::ReadOnly)) {
        printError(QStringLiteral("cannot read %1: %2").arg(args[0], file.errorString()));
        return Usage;
    }
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
    if (parse.error != QJsonParseError::NoError) {
        printLine(QStringLiteral("invalid: format failed: not JSON (%1)").arg(parse.errorString()));
        return Failed;
    }
    DecodeError error;
    const auto c = OwnershipCertificate::fromJson(doc, &error);
    if (!c) {
        printLine(QStringLiteral("invalid: format failed: %1").arg(error.toString()));
        return Failed;
    }
    const CertificateCheck check = gifscan::checkCertificate(*c, *trusted);
    for (const QString &passed : check.passed)
        printLine(QStringLiteral("[ok  ] %1").arg(passed));
    if (!check.valid)
        printLine(QStringLiteral("[FAIL] %1: %2").arg(check.failedCheck, check.detail));
    if (check.devnetKeys)
        printLine(
            QStringLiteral("[note] signed by the devnet's validators, whose keys are public: it "
                           "proves the checks, never value"));
    const QString what = c->kind == OwnershipCertificate::Kind::Holdings && c->holdings
                             ? toHexString(c->holdings->owner)
                             : c->displayKey;
    printLine(
        QStringLiteral("%1 at height %2: %3").arg(what).arg(c->header.height).arg(check.summary()));
    return check.valid ? Ok : Failed;
}
