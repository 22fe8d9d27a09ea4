#pragma once

#include <QObject>
#include <QPersistentModelIndex>
#include <QPointer>

class QAbstractItemModel;

// Writes the rows a reader sees (filters and sort applied: pass the model
// the view shows) to CSV, every page of them: while the model can fetch
// more, it is asked to, with progress. Values are exact (DisplayFormat's
// ExportRole), quoted as RFC 4180 says. Lives on the GUI thread.
class CsvExport : public QObject
{
    Q_OBJECT
public:
    struct Column
    {
        QString header;
        int column = 0;
        int role = 0;
    };
    // A table's own columns, by their headers.
    static QList<Column> columnsOf(const QAbstractItemModel *model);

    CsvExport(QAbstractItemModel *model, QList<Column> columns, const QString &path,
              QObject *parent = nullptr);
    // Fetches the remaining pages, then writes; `finished` either way.
    void start();
    void cancel();
    // The model behind a proxy: the one that pages.
    void setPagingModel(QAbstractItemModel *model) { m_paging = model; }

    static QString quote(const QString &field);

Q_SIGNALS:
    void progressed(int rows);
    void finished(bool ok, const QString &message);

private:
    void step();
    void write();

    QPointer<QAbstractItemModel> m_model;
    QPointer<QAbstractItemModel> m_paging;
    QList<Column> m_columns;
    QString m_path;
    int m_lastCount = -1;
    int m_stalls = 0;
    bool m_cancelled = false;
};
