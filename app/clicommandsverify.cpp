// CliCommands, continued: the auditors' commands.
#include "app/clicommands.h"
#include "core/client/awaitresult.h"
#include "core/verify/objectverifier.h"
#include "core/verify/ownershipcertificate.h"
#include "core/verify/walletaudit.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>
#include <cstdio>
#include <unistd.h>

using namespace gifscan;

namespace {
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
    const QString problem = ok ? idProblem(args) : m_heightProblem;
    if (!problem.isEmpty() || !parseDisplayKey(args.value(0), &slug, &id))
        return usage(QStringLiteral("verify"), problem);
    if (!needNode())
        return Usage;
    const auto headers = nodeVerifier();
    if (!headers)
        return m_verifierExit;
    ObjectVerifier verifier(m_restClient.get(), m_rpcClient.get(), *headers);
    const VerificationReport r = awaitResult<VerificationReport>(
        [&](QObject *c, auto done) { verifier.verify(args[0], height, true, c, done); });
    if (!r.error.ok())
        return fromError(r.error);
    const bool exists = r.verdict.kind == ProofVerdictKind::VerifiedOwner;
    // A verified proof of absence is worth saying as such, not as "verified".
    const bool provenAbsent = r.badge() == VerificationReport::Badge::Verified && !exists;
    const QString badge =
        provenAbsent                                       ? QStringLiteral("proven-absent")
        : r.badge() == VerificationReport::Badge::Verified ? QStringLiteral("verified")
        : r.badge() == VerificationReport::Badge::Mismatch ? QStringLiteral("mismatch")
                                                           : QStringLiteral("indexed-only");
    if (m_parser.isSet(QStringLiteral("json"))) {
        printJson(QJsonObject{
            {QStringLiteral("displayKey"), r.displayKey},
            {QStringLiteral("height"), static_cast<qint64>(r.height)},
            {QStringLiteral("headerHash"), toHexString(r.header.hash)},
            {QStringLiteral("objectRoot"), toHexString(r.header.objectRoot)},
            {QStringLiteral("verdict"), proofVerdictName(r.verdict.kind)},
            {QStringLiteral("owner"),
             exists ? QJsonValue(toHexString(r.verdict.owner)) : QJsonValue()},
            {QStringLiteral("validators"),
             QJsonObject{
                 {QStringLiteral("fingerprint"), headers->anchor().validators.fingerprint()},
                 {QStringLiteral("signed"), static_cast<qint64>(r.headerVerdict.signers.size())},
                 {QStringLiteral("quorum"), static_cast<qint64>(r.headerVerdict.quorum)}}},
            {QStringLiteral("checks"),
             QJsonObject{
                 {QStringLiteral("header"), r.headerVerdict.verified()},
                 {QStringLiteral("headerCheck"), headerCheckName(r.headerVerdict.check)},
                 {QStringLiteral("proof"), r.verdict.holds()},
                 {QStringLiteral("content"), r.contentOk ? QJsonValue(*r.contentOk) : QJsonValue()},
                 {QStringLiteral("indexer"), r.indexerName()}}},
            {QStringLiteral("badge"), badge}});
    } else {
        printLine(
            provenAbsent
                ? QStringLiteral("%1 at height %2: proven absent (it does not "
                                 "exist on this chain at that height)")
                      .arg(r.displayKey)
                      .arg(r.height)
                : QStringLiteral("%1 at height %2: %3").arg(r.displayKey).arg(r.height).arg(badge));
        printLine(exists ? QStringLiteral("owner        %1").arg(toHexString(r.verdict.owner))
                         : QStringLiteral("owner        (does not exist)"));
        printLine(QStringLiteral("header hash  %1").arg(toHexString(r.header.hash)));
        printLine(QStringLiteral("object root  %1").arg(toHexString(r.header.objectRoot)));
        printLine(QStringLiteral("[%1] header signed by the trusted validators (set %2): %3")
                      .arg(mark(r.headerVerdict.verified()),
                           headers->anchor().validators.fingerprint(), r.headerVerdict.detail));
        printLine(QStringLiteral("[%1] proof (%2 siblings): %3")
                      .arg(mark(r.verdict.holds()))
                      .arg(r.proof.siblings.size())
                      .arg(r.verdict.detail));
        if (r.contentOk)
            printLine(QStringLiteral("[%1] content hashes to %2")
                          .arg(mark(*r.contentOk), toHexString(r.computedContentHash)));
        printLine(
            QStringLiteral("[%1] indexer owner: %2")
                .arg(mark(r.indexer != VerificationReport::IndexCheck::Mismatch), r.indexerName()));
    }
    if (provenAbsent)
        return Absent;
    return r.badge() == VerificationReport::Badge::Verified ? Ok : Failed;
}

int CliCommands::audit(const QStringList &args)
{
    bool ok = false;
    const auto height = heightOption(&ok);
    const auto address = parseAddress(args.value(0));
    if (const QString problem = ok ? addressProblem(args) : m_heightProblem; !problem.isEmpty())
        return usage(QStringLiteral("audit"), problem);
    if (!needNode())
        return Usage;
    const auto headers = nodeVerifier();
    if (!headers)
        return m_verifierExit;
    WalletAudit audit(m_restClient.get(), m_rpcClient.get(), *headers);
    // On a terminal the progress rewrites one line; into a file or a pipe,
    // each step is a line of its own, so the log reads.
    const bool terminal = isatty(fileno(stderr)) != 0;
    connect(&audit, &WalletAudit::progressed, this, [terminal](int done, int total) {
        std::fprintf(stderr, terminal ? "\raudited %d of %d" : "audited %d of %d\n", done, total);
        if (terminal && done == total)
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
    if (!report.error.ok()) {
        // The node answered nothing of the holdings: no verdict.
        if (report.error.isUnanswered())
            printError(QStringLiteral("could not finish: %1").arg(describeError(report.error)));
        return report.error.isUnanswered() ? Usage : fromError(report.error);
    }
    const QString csvPath = m_parser.value(QStringLiteral("csv"));
    if (!csvPath.isEmpty()) {
        QSaveFile csv(csvPath);
        if (!csv.open(QIODevice::WriteOnly) || csv.write(report.toCsv().toUtf8()) < 0 ||
            !csv.commit()) {
            printError(QStringLiteral("cannot write %1").arg(csvPath));
            return Usage;
        }
    }
    printAudit(report, headers->anchor().validators.fingerprint());
    // Three outcomes: proven; a proof, header or content that did not hold;
    // the node did not answer for some objects (no verdict).
    switch (report.status()) {
    case AuditReport::Status::Proven:
        return Ok;
    case AuditReport::Status::NotProven:
        return Failed;
    case AuditReport::Status::Unfinished:
        break;
    }
    return Unreachable;
}

// The audit's verdicts, one line each, and what did not verify.
void CliCommands::printAudit(const AuditReport &report, const QString &fingerprint)
{
    printLine(QStringLiteral("audit of %1 at height %2, header %3")
                  .arg(toHexString(report.address))
                  .arg(report.height)
                  .arg(toHexString(report.header.hash)));
    printLine(
        QStringLiteral("[%1] header signed by the trusted validators (set %2): %3")
            .arg(mark(report.headerVerdict.verified()), fingerprint, report.headerVerdict.detail));
    if (report.holdingsVerdict)
        printLine(QStringLiteral("[%1] holdings proof (%2 siblings): %3")
                      .arg(mark(report.holdingsVerdict->holds()))
                      .arg(report.holdings.siblings.size())
                      .arg(report.holdingsVerdict->detail));
    for (const AuditEntry &e : report.entries) {
        if (e.outcome != AuditEntry::Outcome::Verified)
            printLine(QStringLiteral("%1  %2  %3")
                          .arg(AuditEntry::outcomeName(e.outcome), e.key, e.detail));
    }
    if (report.countMismatch())
        printLine(
            QStringLiteral("mismatch  the indexer says the address holds %1 objects, the proof %2")
                .arg(*report.indexerCount)
                .arg(report.holdings.objects.size()));
    const int unchecked = report.count(AuditEntry::Outcome::Unchecked);
    if (report.proven())
        printLine(QStringLiteral("holds exactly %1 objects at height %2, proven")
                      .arg(report.holdings.objects.size())
                      .arg(report.height));
    else if (report.status() == AuditReport::Status::Unfinished)
        printLine(QStringLiteral("COULD NOT FINISH: %1 of %2 objects remain unchecked (the node "
                                 "did not answer for them); nothing checked failed")
                      .arg(unchecked)
                      .arg(report.holdings.objects.size()));
    else
        printLine(QStringLiteral("NOT PROVEN: the holdings at height %1 could not be proven")
                      .arg(report.height));
    printLine(QStringLiteral("%1 objects: %2 verified, %3 absent, %4 mismatched, %5 failed, %6 "
                             "unchecked; indexer %7")
                  .arg(report.entries.size())
                  .arg(report.count(AuditEntry::Outcome::Verified))
                  .arg(report.count(AuditEntry::Outcome::Absent))
                  .arg(report.count(AuditEntry::Outcome::Mismatch))
                  .arg(report.count(AuditEntry::Outcome::Failed))
                  .arg(unchecked)
                  .arg(report.indexerCompared
                           ? QStringLiteral("compared")
                           : QStringLiteral("not compared (it answered at another height)")));
}

int CliCommands::certificate(const QStringList &args)
{
    QString slug;
    std::uint64_t id = 0;
    bool ok = false;
    const auto height = heightOption(&ok);
    const QString out = m_parser.value(QStringLiteral("output"));
    QString problem = ok ? idProblem(args) : m_heightProblem;
    if (problem.isEmpty() && out.isEmpty())
        problem = QStringLiteral("say where to write it: -o FILE");
    if (!problem.isEmpty() || !parseDisplayKey(args.value(0), &slug, &id))
        return usage(QStringLiteral("certificate"), problem);
    if (!needNode())
        return Usage;
    const bool withContent = m_parser.isSet(QStringLiteral("with-content"));
    const auto headers = nodeVerifier();
    const auto trusted = trustedSets();
    if (!headers)
        return m_verifierExit;
    if (!trusted)
        return Usage;
    ObjectVerifier verifier(m_restClient.get(), m_rpcClient.get(), *headers);
    const VerificationReport r = awaitResult<VerificationReport>(
        [&](QObject *c, auto done) { verifier.verify(args[0], height, withContent, c, done); });
    if (!r.error.ok())
        return fromError(r.error);
    const OwnershipCertificate c = r.certificate(headers->anchor().validators, withContent);
    // Never hand out a certificate that would not check.
    const CertificateCheck check = gifscan::checkCertificate(c, *trusted);
    if (!check.valid) {
        printError(QStringLiteral("the node's answer does not verify: %1").arg(check.summary()));
        return Failed;
    }
    QSaveFile file(out);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(c.toJson()).toJson()) < 0 ||
        !file.commit()) {
        printError(QStringLiteral("cannot write %1").arg(out));
        return Usage;
    }
    printLine(QStringLiteral("%1 at height %2: %3 -> %4")
                  .arg(c.displayKey)
                  .arg(c.header.height)
                  .arg(check.summary(), out));
    return Ok;
}
