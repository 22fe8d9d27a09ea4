#include "models/auditmodel.h"

#include "models/chainwords.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

namespace {

// A file written whole or not at all (QSaveFile: a failure leaves what was
// there); false with the reason in the reader's words.
gifscan::Outcome<> writeWhole(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) >= 0 && file.commit())
        return gifscan::success();
    return gifscan::Failure::storage(
        AuditModel::tr("Cannot write %1: %2").arg(path, file.errorString()));
}

} // namespace

AuditModel::AuditModel(gifscan::NodeIndex *nodeIndex, gifscan::NodeProver *prover, QObject *parent)
    : QObject(parent), m_audit(nodeIndex, prover, gifscan::HeaderVerifier()),
      m_verifier(nodeIndex, prover, gifscan::HeaderVerifier())
{
    connect(&m_audit, &gifscan::WalletAudit::progressed, this, &AuditModel::progressed);
    connect(&m_audit, &gifscan::WalletAudit::finished, this,
            [this](const gifscan::AuditReport &report) {
                m_report = report;
                Q_EMIT finished();
            });
}

void AuditModel::setHeaderVerifier(const gifscan::HeaderVerifier &headers)
{
    m_headers = headers;
    m_audit.setHeaderVerifier(headers);
    m_verifier.setHeaderVerifier(headers);
}

void AuditModel::run(const gifscan::Address &address, std::optional<std::uint64_t> height)
{
    if (running())
        return;
    m_report.reset();
    m_audit.run(address, height);
}

QHash<QString, ObjectListModel::AuditMark> AuditModel::marks() const
{
    QHash<QString, ObjectListModel::AuditMark> out;
    if (!m_report || !m_report->error.ok())
        return out;
    using O = gifscan::AuditEntry::Outcome;
    // An entry verifies only under a header that does: otherwise every mark is a failure.
    const bool headerOk = m_report->headerVerdict.verified();
    for (const gifscan::AuditEntry &e : m_report->entries) {
        ObjectListModel::AuditMark mark;
        mark.state = e.outcome == O::Verified && headerOk ? ObjectListModel::AuditMark::Verified
                     : e.outcome == O::Unchecked          ? ObjectListModel::AuditMark::Unchecked
                                                          : ObjectListModel::AuditMark::Failed;
        const QString reason = ChainWords::auditReason(e, m_report->address);
        mark.note = reason.isEmpty()
                        ? ChainWords::auditOutcome(e.outcome)
                        : tr("%1: %2").arg(ChainWords::auditOutcome(e.outcome), reason);
        if (!headerOk)
            mark.note = tr("the header at height %1 does not verify").arg(m_report->height);
        out.insert(e.key, mark);
    }
    return out;
}

void AuditModel::nodeAsksToWait(int seconds)
{
    if (m_audit.isRunning())
        Q_EMIT waiting(seconds);
}

void AuditModel::cancel()
{
    m_audit.cancel();
    if (m_exporting) {
        m_toExport.clear(); // the one in flight finishes, then the export stops
    }
}

gifscan::Outcome<> AuditModel::exportCsv(const QString &path) const
{
    if (!m_report)
        return gifscan::Failure::invalid(tr("There is no audit to export yet."));
    return writeWhole(path, m_report->toCsv().toUtf8());
}

bool AuditModel::canExportHoldings() const
{
    return m_report && m_report->headerVerdict.verified() && m_report->holdingsVerdict &&
           m_report->holdingsVerdict->holds();
}

gifscan::Outcome<> AuditModel::exportHoldingsCertificate(const QString &path) const
{
    if (!canExportHoldings())
        return gifscan::Failure::invalid(
            tr("The holdings were not proven: there is no certificate to write."));
    const auto c = gifscan::OwnershipCertificate::forHoldings(
        m_report->header, m_headers.anchor().validators, m_report->holdings);
    // Only what checks is handed out.
    const gifscan::CertificateCheck check = gifscan::checkCertificate(c, {c.validators});
    if (!check.valid)
        return gifscan::Failure::invalid(
            tr("The certificate does not check (%1): it was not written.")
                .arg(ChainWords::certificateCheck(check.failedCheck)));
    return writeWhole(path, QJsonDocument(c.toJson()).toJson());
}

QString AuditModel::certificateName(const QString &key) const
{
    QString slug;
    std::uint64_t id = 0;
    gifscan::parseDisplayKey(key, &slug, &id);
    return QStringLiteral("%1_%2-%3-at-%4.json")
        .arg(slug)
        .arg(id)
        .arg(m_report ? gifscan::toHexString(m_report->address) : QString())
        .arg(m_report ? m_report->height : 0);
}

void AuditModel::exportCertificates(const QString &folder)
{
    if (!m_report || m_exporting)
        return;
    if (!QDir().mkpath(folder)) {
        Q_EMIT certificatesExported(0, tr("Cannot create the folder %1.").arg(folder));
        return;
    }
    m_folder = folder;
    m_toExport.clear();
    for (const auto &e : m_report->entries) {
        if (e.outcome == gifscan::AuditEntry::Outcome::Verified)
            m_toExport.append(e.key);
    }
    // Named by what each proves (the object, whose, at which height), and
    // never written over: a folder that holds any of them already is
    // refused as a whole, with nothing written.
    int there = 0;
    for (const QString &key : std::as_const(m_toExport))
        there += QFileInfo::exists(QDir(folder).filePath(certificateName(key))) ? 1 : 0;
    if (there > 0) {
        m_toExport.clear();
        Q_EMIT certificatesExported(
            0, tr("%1 holds %2 of these certificates already: nothing was written over; choose "
                  "another folder.")
                   .arg(QDir::toNativeSeparators(folder))
                   .arg(there));
        return;
    }
    m_written = 0;
    m_exporting = true;
    exportNext(0);
}

void AuditModel::exportNext(int index)
{
    if (index >= m_toExport.size()) {
        m_exporting = false;
        Q_EMIT certificatesExported(m_written, {});
        return;
    }
    Q_EMIT progressed(index, static_cast<int>(m_toExport.size()));
    const QString key = m_toExport[index];
    m_verifier.verify(
        key, m_report->height, false, this,
        [this, key, index](const gifscan::VerificationReport &r) {
            const gifscan::OwnershipCertificate c =
                r.certificate(m_headers.anchor().validators, false);
            // Only what checks is handed out.
            if (!r.error.ok() ||
                !gifscan::checkCertificate(c, {m_headers.anchor().validators}).valid) {
                m_exporting = false;
                Q_EMIT certificatesExported(
                    m_written, tr("%1 did not verify again: %2")
                                   .arg(key, r.error.ok() ? tr("the proof fails")
                                                          : ChainWords::clientError(r.error)));
                return;
            }
            const gifscan::Outcome<> written = writeWhole(
                QDir(m_folder).filePath(certificateName(key)), QJsonDocument(c.toJson()).toJson());
            if (!written) {
                m_exporting = false;
                Q_EMIT certificatesExported(m_written, written.error().message);
                return;
            }
            ++m_written;
            exportNext(index + 1);
        });
}

AuditModel::Opened AuditModel::openCertificate(const QString &path,
                                               const gifscan::TrustedSets &trusted)
{
    Opened out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        out.error = tr("Cannot read %1: %2").arg(path, file.errorString());
        return out;
    }
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
    if (parse.error != QJsonParseError::NoError) {
        out.error = tr("%1 is not a certificate: not JSON (%2).").arg(path, parse.errorString());
        return out;
    }
    gifscan::DecodeError error;
    out.certificate = gifscan::OwnershipCertificate::fromJson(doc, &error);
    if (!out.certificate) {
        out.error = tr("%1 is not a certificate: %2").arg(path, error.toString());
        return out;
    }
    out.check = gifscan::checkCertificate(*out.certificate, trusted);
    return out;
}
