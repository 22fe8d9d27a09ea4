#pragma once

#include "core/base/outcome.h"
#include "core/verify/objectverifier.h"
#include "core/verify/ownershipcertificate.h"
#include "core/verify/walletaudit.h"
#include "models/objectlistmodel.h"

#include <QObject>

// An address's audit as the wallet page runs it: every object it holds at a
// height proven against a header, compared with the indexer, with progress
// and cancel; the report exported as CSV or as a folder of ownership
// certificates. Lives on the GUI thread; proofs are checked on the audit's
// own pool.
class AuditModel : public QObject
{
    Q_OBJECT
public:
    AuditModel(gifscan::NodeIndex *nodeIndex, gifscan::NodeProver *prover,
               QObject *parent = nullptr);
    // What "verified" is measured against: the session's trusted anchor.
    void setHeaderVerifier(const gifscan::HeaderVerifier &headers);

    void run(const gifscan::Address &address, std::optional<std::uint64_t> height);
    void cancel();
    bool running() const { return m_audit.isRunning() || m_exporting; }
    // The node's rate limit has its clients wait this long; said while an
    // audit runs (waiting), never a failure.
    void nodeAsksToWait(int seconds);
    const std::optional<gifscan::AuditReport> &report() const { return m_report; }
    // The report object by object, for the tiles of the audited holdings:
    // verified, or failed with why. Empty without a finished report.
    QHash<QString, ObjectListModel::AuditMark> marks() const;

    // The report as CSV; a Failure (Invalid: no audit yet; Storage: the file
    // could not be written) says why not, in the user's words.
    gifscan::Outcome<> exportCsv(const QString &path) const;
    // One certificate per verified object, <slug>_<id>.json in `folder`;
    // each is checked before it is written. Ends with certificatesExported.
    void exportCertificates(const QString &folder);
    // The file an object's certificate is written to: its key, the audited
    // address and the height, as the holdings certificate is named.
    QString certificateName(const QString &key) const;
    // Everything the address holds in one certificate (PROTOCOL §11.4: the
    // header, the trusted set and the holdings proof), as the CLI's
    // `holdings -o` writes it; checked before it is written. Only for an
    // audit whose holdings were proven; a Failure says why not otherwise.
    bool canExportHoldings() const;
    gifscan::Outcome<> exportHoldingsCertificate(const QString &path) const;

    // A certificate file checked offline; `error` says why it could not be read.
    struct Opened
    {
        std::optional<gifscan::OwnershipCertificate> certificate;
        gifscan::CertificateCheck check;
        QString error;
    };
    static Opened openCertificate(const QString &path, const gifscan::TrustedSets &trusted);

Q_SIGNALS:
    void progressed(int done, int total);
    void waiting(int seconds); // for the node's rate limit, while running
    void finished();
    void certificatesExported(int written, const QString &problem);

private:
    void exportNext(int index);

    gifscan::WalletAudit m_audit;
    gifscan::ObjectVerifier m_verifier;
    gifscan::HeaderVerifier m_headers;
    std::optional<gifscan::AuditReport> m_report;
    QString m_folder;
    QStringList m_toExport;
    int m_written = 0;
    bool m_exporting = false;
};
