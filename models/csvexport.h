#pragma once

#include <QObject>
#include <QPersistentModelIndex>
#include <QPointer>
#include <utility>

class AddressBook;
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
    // With the reader's name tags: each column that shows addresses is
    // followed by one of their tags ("From (name tag)"), written only when
    // some address in it has one.
    void setAddressBook(const AddressBook *book) { m_book = book; }

    static QString quote(const QString &field);

Q_SIGNALS:
    void progressed(int rows);
    void finished(bool ok, const QString &message);

private:
    void step();
    void write();
    // The columns to write: the export's, each tagged one followed by its tags.
    QList<std::pair<Column, bool>> columnsToWrite() const;

    QPointer<QAbstractItemModel> m_model;
    QPointer<QAbstractItemModel> m_paging;
    QList<Column> m_columns;
    const AddressBook *m_book = nullptr;
    QString m_path;
    int m_lastCount = -1;
    int m_stalls = 0;
    bool m_cancelled = false;
};
