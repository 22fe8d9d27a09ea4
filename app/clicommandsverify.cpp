// CliCommands, continued: the auditors' commands.
#include "app/clicommands.h"

#include "core/awaitresult.h"
#include "core/objectverifier.h"
#include "core/ownershipcertificate.h"
#include "core/walletaudit.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>

#include <cstdio>

using namespace gifscan;

namespace {
void say(const QString &line)
{
    std::fprintf(stdout, "%s\n", line.toLocal8Bit().constData());
}

QString mark(bool ok)
{
    return ok ? QStringLiteral("ok  ") : QStringLiteral("FAIL");
}
} // namespace

int CliCommands::verify(const QStringList &args)
{
    QString slug;
    std::uint64_t id = 0;
    bool ok = false;
    const auto height = heightOption(&ok);
    if (args.size() != 1 || !parseDisplayKey(args[0], &slug, &id) || !ok) {
        printError(QStringLiteral("usage: verify <slug#id> [--height H] [--json]"));
        return Usage;
    }
    if (!needNode())
        return Usage;
    ObjectVerifier verifier(m_restClient.get(), m_rpcClient.get());
    const VerificationReport r = awaitResult<VerificationReport>([&](QObject *c, auto done) { verifier.verify(args[0], height, true, c, done); });
    if (!r.error.ok())
        return fromError(r.error);
    const bool exists = r.verdict.kind == ProofVerdictKind::VerifiedOwner;
    const QString badge = r.badge() == VerificationReport::Badge::Verified ? QStringLiteral("verified")
                          : r.badge() == VerificationReport::Badge::Mismatch ? QStringLiteral("mismatch")
                                                                             : QStringLiteral("indexed-only");
    if (m_parser.isSet(QStringLiteral("json"))) {
        printJson(QJsonObject{
            {QStringLiteral("displayKey"), r.displayKey},
            {QStringLiteral("height"), static_cast<qint64>(r.height)},
            {QStringLiteral("headerHash"), toHexString(r.header.hash)},
            {QStringLiteral("objectRoot"), toHexString(r.header.objectRoot)},
            {QStringLiteral("verdict"), proofVerdictName(r.verdict.kind)},
            {QStringLiteral("owner"), exists ? QJsonValue(toHexString(r.verdict.owner)) : QJsonValue()},
            {QStringLiteral("checks"), QJsonObject{{QStringLiteral("headerHash"), r.headerHashOk},
                                                   {QStringLiteral("proof"), r.verdict.holds()},
                                                   {QStringLiteral("content"), r.contentOk ? QJsonValue(*r.contentOk) : QJsonValue()},
                                                   {QStringLiteral("indexer"), r.indexerName()}}},
            {QStringLiteral("badge"), badge}});
    } else {
        say(QStringLiteral("%1 at height %2: %3").arg(r.displayKey).arg(r.height).arg(badge));
        say(exists ? QStringLiteral("owner        %1").arg(toHexString(r.verdict.owner)) : QStringLiteral("owner        (does not exist)"));
        say(QStringLiteral("header hash  %1").arg(toHexString(r.header.hash)));
        say(QStringLiteral("object root  %1").arg(toHexString(r.header.objectRoot)));
        say(QStringLiteral("[%1] header hash recomputes").arg(mark(r.headerHashOk)));
        say(QStringLiteral("[%1] proof (%2 siblings): %3").arg(mark(r.verdict.holds())).arg(r.proof.siblings.size()).arg(r.verdict.detail));
        if (r.contentOk)
            say(QStringLiteral("[%1] content hashes to %2").arg(mark(*r.contentOk), toHexString(r.computedContentHash)));
        say(QStringLiteral("[%1] indexer owner: %2").arg(mark(r.indexer != VerificationReport::Indexer::Mismatch), r.indexerName()));
    }
    return r.badge() == VerificationReport::Badge::Verified ? Ok : Failed;
}

int CliCommands::audit(const QStringList &args)
{
    bool ok = false;
    const auto height = heightOption(&ok);
    const auto address = parseAddress(args.value(0));
    if (args.size() != 1 || !address || !ok) {
        printError(QStringLiteral("usage: audit <address> [--height H] [--csv FILE]"));
        return Usage;
    }
    if (!needNode())
        return Usage;
    WalletAudit audit(m_restClient.get(), m_rpcClient.get());
    connect(&audit, &WalletAudit::progressed, this, [](int done, int total) {
        std::fprintf(stderr, "\raudited %d of %d", done, total);
        if (done == total)
            std::fprintf(stderr, "\n");
    });
    AuditReport report;
    QEventLoop loop;
    connect(&audit, &WalletAudit::finished, &loop, [&](const AuditReport &r) {
        report = r;
        loop.quit();
    });
    audit.run(*address, height);
    if (audit.isRunning())
        loop.exec();
    if (!report.error.ok())
        return fromError(report.error);
    const QString csvPath = m_parser.value(QStringLiteral("csv"));
    if (!csvPath.isEmpty()) {
        QSaveFile csv(csvPath);
        if (!csv.open(QIODevice::WriteOnly) || csv.write(report.toCsv().toUtf8()) < 0 || !csv.commit()) {
            printError(QStringLiteral("cannot write %1").arg(csvPath));
            return Usage;
        }
    }
    say(QStringLiteral("audit of %1 at height %2 (header %3: %4)")
            .arg(toHexString(report.address)).arg(report.height)
            .arg(toHexString(report.header.hash), report.headerHashOk ? QStringLiteral("hash recomputes") : QStringLiteral("HASH DOES NOT RECOMPUTE")));
    for (const AuditEntry &e : report.entries) {
        if (e.outcome != AuditEntry::Outcome::Verified)
            say(QStringLiteral("%1  %2  %3").arg(AuditEntry::outcomeName(e.outcome), e.key, e.detail));
    }
    say(QStringLiteral("%1 objects: %2 verified, %3 absent, %4 mismatched, %5 failed; indexer %6")
            .arg(report.entries.size())
            .arg(report.count(AuditEntry::Outcome::Verified))
            .arg(report.count(AuditEntry::Outcome::Absent))
            .arg(report.count(AuditEntry::Outcome::Mismatch))
            .arg(report.count(AuditEntry::Outcome::Failed))
            .arg(report.indexerCompared ? QStringLiteral("compared") : QStringLiteral("not compared (it answers at its head only)")));
    return report.holds() ? Ok : Failed;
}

int CliCommands::certificate(const QStringList &args)
{
    QString slug;
    std::uint64_t id = 0;
    bool ok = false;
    const auto height = heightOption(&ok);
    const QString out = m_parser.value(QStringLiteral("output"));
    if (args.size() != 1 || !parseDisplayKey(args[0], &slug, &id) || !ok || out.isEmpty()) {
        printError(QStringLiteral("usage: certificate <slug#id> [--height H] [--with-content] -o FILE"));
        return Usage;
    }
    if (!needNode())
        return Usage;
    const bool withContent = m_parser.isSet(QStringLiteral("with-content"));
    ObjectVerifier verifier(m_restClient.get(), m_rpcClient.get());
    const VerificationReport r = awaitResult<VerificationReport>([&](QObject *c, auto done) { verifier.verify(args[0], height, withContent, c, done); });
    if (!r.error.ok())
        return fromError(r.error);
    OwnershipCertificate c;
    c.displayKey = args[0];
    c.header = r.header;
    c.proof = r.proof;
    if (withContent && r.verdict.kind == ProofVerdictKind::VerifiedOwner)
        c.content = r.content;
    // Never hand out a certificate that would not check.
    const CertificateCheck check = gifscan::checkCertificate(c);
    if (!check.valid) {
        printError(QStringLiteral("the node's answer does not verify: %1").arg(check.summary()));
        return Failed;
    }
    QSaveFile file(out);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(c.toJson()).toJson()) < 0 || !file.commit()) {
        printError(QStringLiteral("cannot write %1").arg(out));
        return Usage;
    }
    say(QStringLiteral("%1 at height %2: %3 -> %4").arg(c.displayKey).arg(c.header.height).arg(check.summary(), out));
    return Ok;
}

int CliCommands::checkCertificate(const QStringList &args)
{
    if (args.size() != 1) {
        printError(QStringLiteral("usage: check-certificate FILE"));
        return Usage;
    }
    QFile file(args[0]);
    if (!file.open(QIODevice::ReadOnly)) {
        printError(QStringLiteral("cannot read %1: %2").arg(args[0], file.errorString()));
        return Usage;
    }
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
    if (parse.error != QJsonParseError::NoError) {
        say(QStringLiteral("invalid: format failed: not JSON (%1)").arg(parse.errorString()));
        return Failed;
    }
    DecodeError error;
    const auto c = OwnershipCertificate::fromJson(doc, &error);
    if (!c) {
        say(QStringLiteral("invalid: format failed: %1").arg(error.toString()));
        return Failed;
    }
    const CertificateCheck check = gifscan::checkCertificate(*c);
    for (const QString &passed : check.passed)
        say(QStringLiteral("[ok  ] %1").arg(passed));
    if (!check.valid)
        say(QStringLiteral("[FAIL] %1: %2").arg(check.failedCheck, check.detail));
    say(QStringLiteral("%1 at height %2: %3").arg(c->displayKey).arg(c->header.height).arg(check.summary()));
    return check.valid ? Ok : Failed;
}
