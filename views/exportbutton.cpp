#include "views/exportbutton.h"

#include "views/filedialogs.h"
#include "views/linkactions.h"

#include <QMessageBox>
#include <QProgressDialog>

ExportButton::ExportButton(QAbstractItemModel *shown, QAbstractItemModel *paging,
                           QList<CsvExport::Column> columns, const QString &suggestedName,
                           QWidget *parent)
    : QPushButton(tr("Export CSV…"), parent), m_shown(shown), m_paging(paging),
      m_columns(std::move(columns)), m_suggestedName(suggestedName)
{
    connect(this, &QPushButton::clicked, this, [this] {
        const QString path = FileDialogs::saveFile(this, tr("Export as CSV"), m_suggestedName,
                                                   tr("CSV files (*.csv)"));
        if (path.isEmpty())
            return;
        CsvExport *job = exportTo(path);
        // Long exports (many pages) show how far they are and can stop.
        auto *progress = new QProgressDialog(tr("Exporting…"), tr("Cancel"), 0, 0, this);
        progress->setMinimumDuration(500);
        progress->setAttribute(Qt::WA_DeleteOnClose);
        connect(job, &CsvExport::progressed, progress, [progress](int rows) {
            progress->setLabelText(tr("Exporting… %Ln row(s)", nullptr, rows));
        });
        connect(progress, &QProgressDialog::canceled, job, &CsvExport::cancel);
        connect(job, &CsvExport::finished, progress, &QProgressDialog::close);
        connect(job, &CsvExport::finished, this, [this](bool ok, const QString &message) {
            if (!ok)
                QMessageBox::warning(this, tr("Export"), message);
        });
    });
}

CsvExport *ExportButton::exportTo(const QString &path)
{
    setEnabled(false);
    auto *job = new CsvExport(m_shown, m_columns, path, this);
    job->setPagingModel(m_paging);
    if (LinkActions *links = LinkActions::of(this))
        job->setAddressBook(links->addressBook());
    connect(job, &CsvExport::finished, this, [this, job](bool ok, const QString &message) {
        setEnabled(true);
        job->deleteLater();
        Q_EMIT exported(ok, message);
    });
    job->start();
    return job;
}
