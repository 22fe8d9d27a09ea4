#pragma once

#include "models/csvexport.h"

#include <QPushButton>

// "Export CSV…" for a list: asks where, then writes every page of the rows
// as shown, with a progress dialog that can cancel. Lives on the GUI thread.
class ExportButton : public QPushButton
{
    Q_OBJECT
public:
    // `shown` is what the view shows (a proxy, say); `paging` the model that fetches more.
    ExportButton(QAbstractItemModel *shown, QAbstractItemModel *paging,
                 QList<CsvExport::Column> columns, const QString &suggestedName,
                 QWidget *parent = nullptr);

    // Without asking where: for keyboard users' scripts and tests.
    CsvExport *exportTo(const QString &path);

Q_SIGNALS:
    void exported(bool ok, const QString &message);

private:
    QAbstractItemModel *m_shown;
    QAbstractItemModel *m_paging;
    QList<CsvExport::Column> m_columns;
    QString m_suggestedName;
};
