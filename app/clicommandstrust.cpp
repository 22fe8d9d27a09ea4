// CliCommands, continued: what the command line trusts, holdings
// certificates, and checking certificates offline.
#include "app/clicommands.h"
#include "core/client/awaitresult.h"
#include "core/settings/profilestore.h"

#include <QFile>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSettings>
#include <algorithm>
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

// The checks that held and the one that failed, named as the explorer names them.
void printChecks(const CertificateCheck &check)
{
    for (const QString &passed : check.passed)
        printLine(QStringLiteral("[ok  ] %1").arg(CertificateCheck::title(passed)));
    if (!check.valid)
        printLine(QStringLiteral("[FAIL] %1: %2")
                      .arg(CertificateCheck::title(check.failedCheck), check.detail));
}

// Display keys by collection, then by id as a number (pixel-cats#2 before #10).
QStringList displayOrder(QStringList keys)
{
    auto parts = [](const QString &key) {
        QString slug;
        std::uint64_t id = 0;
        parseDisplayKey(key, &slug, &id);
        return std::pair(slug, id);
    };
    std::sort(keys.begin(), keys.end(),
              [&](const QString &a, const QString &b) { return parts(a) < parts(b); });
    return keys;
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
    m_verifierExit = Usage;
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
        m_verifierExit = Unreachable;
        return std::nullopt;
    } else if (named.error.kind == ClientError::Kind::Http &&
               (named.error.httpStatus == 404 || named.error.httpStatus == 405)) {
        // Every request after this one would fail the same way: said once,
        // with what is likely wrong.
        printError(QStringLiteral("%1 answered JSON-RPC with HTTP %2, as a REST API does: is "
                                  "--rpc the node's JSON-RPC URL? (gifscan-devnet prints it as "
                                  "rpc_url)")
                       .arg(m_rpc.toString(QUrl::RemoveUserInfo))
                       .arg(named.error.httpStatus));
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
    if (!headers)
        return m_verifierExit;
    if (!trusted)
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
    printChecks(check);
    if (!check.valid)
        return Failed;
    // As a reader lists them: by collection, then id (the proof's own
    // order is its keys' hashes).
    for (const QString &key : displayOrder(check.objects))
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
    // A file that is no certificate fails the format check, in either output.
    auto unreadable = [this](const QString &detail) {
        if (m_parser.isSet(QStringLiteral("json")))
            printJson(QJsonObject{{QStringLiteral("valid"), false},
                                  {QStringLiteral("failedCheck"), QStringLiteral("format")},
                                  {QStringLiteral("detail"), detail}});
        else
            printLine(QStringLiteral("[FAIL] format: %1").arg(detail));
        return Failed;
    };
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
    if (parse.error != QJsonParseError::NoError)
        return unreadable(QStringLiteral("not JSON (%1)").arg(parse.errorString()));
    DecodeError error;
    const auto c = OwnershipCertificate::fromJson(doc, &error);
    if (!c)
        return unreadable(error.toString());
    const CertificateCheck check = gifscan::checkCertificate(*c, *trusted);
    if (m_parser.isSet(QStringLiteral("json"))) {
        // For scripts: the checks by their machine names.
        printJson(QJsonObject{
            {QStringLiteral("valid"), check.valid},
            {QStringLiteral("height"), static_cast<qint64>(c->header.height)},
            {QStringLiteral("failedCheck"),
             check.valid ? QJsonValue() : QJsonValue(check.failedCheck)},
            {QStringLiteral("detail"), check.valid ? QJsonValue() : QJsonValue(check.detail)},
            {QStringLiteral("passed"), QJsonArray::fromStringList(check.passed)},
            {QStringLiteral("devnetKeys"), check.devnetKeys},
            {QStringLiteral("summary"), check.summary()}});
        return check.valid ? Ok : Failed;
    }
    printChecks(check);
    if (check.devnetKeys)
        printLine(
            QStringLiteral("[note] signed by the devnet's validators, whose keys are public: it "
                           "proves the checks, never value"));
    // A holdings summary names its address already; an object's names its owner.
    const bool holdings = c->kind == OwnershipCertificate::Kind::Holdings;
    const QString verdict =
        check.valid
            ? check.summary()
            : QStringLiteral("invalid (%1)").arg(CertificateCheck::title(check.failedCheck));
    printLine(holdings ? QStringLiteral("at height %1: %2").arg(c->header.height).arg(verdict)
                       : QStringLiteral("%1 at height %2: %3")
                             .arg(c->displayKey)
                             .arg(c->header.height)
                             .arg(verdict));
    return check.valid ? Ok : Failed;
}
