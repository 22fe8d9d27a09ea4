#include "views/certificatedialog.h"

#include "core/settings/profilestore.h"
#include "models/auditmodel.h"
#include "models/chainwords.h"
#include "views/detailbrowser.h"
#include "views/theme.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QVBoxLayout>

namespace {

// What the certificate says, in its own fields, whether or not it holds:
// what an Invalid verdict is about.
QString claimOf(const gifscan::OwnershipCertificate &c)
{
    const std::uint64_t height = c.header.height;
    if (c.kind == gifscan::OwnershipCertificate::Kind::Holdings && c.holdings)
        return CertificateDialog::tr("It claims that %1 held exactly %Ln object(s) at height %2",
                                     nullptr, static_cast<int>(c.holdings->objects.size()))
            .arg(gifscan::toHexString(c.holdings->owner))
            .arg(height);
    if (c.proof && c.proof->leaf)
        return CertificateDialog::tr("It claims that %1 was owned by %2 at height %3")
            .arg(c.displayKey, gifscan::toHexString(c.proof->leaf->owner))
            .arg(height);
    if (c.proof)
        return CertificateDialog::tr("It claims that %1 did not exist at height %2")
            .arg(c.displayKey)
            .arg(height);
    return CertificateDialog::tr("It names %1 at height %2")
        .arg(c.displayKey.isEmpty() ? CertificateDialog::tr("no object") : c.displayKey)
        .arg(height);
}

} // namespace

CertificateDialog::CertificateDialog(const QString &path, QWidget *parent)
    : QDialog(parent), m_verdict(new QLabel(this)), m_checks(new QLabel(this))
{
    setWindowTitle(tr("Certificate %1").arg(QFileInfo(path).fileName()));
    for (QLabel *l : {m_verdict, m_checks}) {
        l->setTextFormat(Qt::RichText);
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    Theme::plainButtons(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_verdict);
    layout->addWidget(m_checks, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    const AuditModel::Opened opened =
        AuditModel::openCertificate(path, ProfileStore::userTrustedSets());
    if (!opened.error.isEmpty()) {
        m_verdict->setText(DetailBrowser::bad(opened.error));
        return;
    }
    const auto &c = *opened.certificate;
    const auto &check = opened.check;
    m_valid = check.valid;
    QString what;
    if (check.kind == gifscan::OwnershipCertificate::Kind::Holdings)
        what = tr("%1 held exactly %Ln object(s) at height %2", nullptr,
                  static_cast<int>(check.objects.size()))
                   .arg(gifscan::toHexString(check.owner))
                   .arg(c.header.height);
    else if (check.exists)
        what = tr("%1 was owned by %2 at height %3")
                   .arg(c.displayKey, gifscan::toHexString(check.owner))
                   .arg(c.header.height);
    else
        what = tr("%1 did not exist at height %2").arg(c.displayKey).arg(c.header.height);
    m_verdict->setText(
        check.valid
            ? DetailBrowser::good(tr("Valid: %1.").arg(what))
            : DetailBrowser::bad(tr("Invalid: the %1 check failed.")
                                     .arg(ChainWords::certificateCheck(check.failedCheck))) +
                  QStringLiteral("<br>") + QString(claimOf(c) + QLatin1Char('.')).toHtmlEscaped());
    QString list;
    for (const QString &passed : check.passed)
        list += QStringLiteral("&#10004; %1<br>")
                    .arg(ChainWords::certificateCheck(passed).toHtmlEscaped());
    if (!check.valid)
        list += QStringLiteral("<b style=\"color:%1\">&#10008; %2: %3</b>")
                    .arg(Theme::colour(Theme::Tone::Bad),
                         ChainWords::certificateCheck(check.failedCheck).toHtmlEscaped(),
                         check.detail.toHtmlEscaped());
    if (check.valid && check.devnetKeys)
        list += QStringLiteral("<br><i>%1</i>")
                    .arg(tr("Signed by the devnet's validators, whose keys are public: this proves "
                            "the checks, never value.")
                             .toHtmlEscaped());
    m_checks->setText(list);
    resize(560, 300);
}

QString CertificateDialog::verdictText() const
{
    return m_verdict->text();
}

QString CertificateDialog::checksText() const
{
    return m_checks->text();
}
