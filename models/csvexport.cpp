#include "models/csvexport.h"

#include "core/support/csvfield.h"
#include "models/addressbook.h"
#include "models/displayformat.h"

#include <QAbstractItemModel>
#include <QSaveFile>
#include <QTimer>

QList<CsvExport::Column> CsvExport::columnsOf(const QAbstractItemModel *model)
{
    QList<Column> out;
    for (int c = 0; c < model->columnCount(); ++c)
        out.append({model->headerData(c, Qt::Horizontal).toString(), c, DisplayFormat::ExportRole});
    return out;
}

CsvExport::CsvExport(QAbstractItemModel *model, QList<Column> columns, const QString &path,
                     QObject *parent)
    : QObject(parent), m_model(model), m_paging(model), m_columns(std::move(columns)), m_path(path)
{
}

QString CsvExport::quote(const QString &field)
{
    return gifscan::csvField(field);
}

void CsvExport::start()
{
    step();
}

void CsvExport::cancel()
{
    m_cancelled = true;
}

void CsvExport::step()
{
    if (m_cancelled) {
        Q_EMIT finished(false, tr("Export cancelled."));
        return;
    }
    if (!m_model || !m_paging) {
        Q_EMIT finished(false, tr("The list went away."));
        return;
    }
    const int rows = m_model->rowCount();
    Q_EMIT progressed(rows);
    if (!m_paging->canFetchMore({})) {
        write();
        return;
    }
    // A page that never comes (the node is gone) ends the export with an error.
    m_stalls = rows == m_lastCount ? m_stalls + 1 : 0;
    if (m_stalls > 200) { // 10 s without a new row
        Q_EMIT finished(false, tr("The node stopped answering after %Ln row(s).", nullptr, rows));
        return;
    }
    m_lastCount = rows;
    m_paging->fetchMore({});
    QTimer::singleShot(50, this, &CsvExport::step);
}

QList<std::pair<CsvExport::Column, bool>> CsvExport::columnsToWrite() const
{
    QList<std::pair<Column, bool>> out;
    for (const Column &c : m_columns) {
        out.append({c, false});
        if (!m_book || m_book->isEmpty())
            continue;
        for (int r = 0; r < m_model->rowCount(); ++r) {
            const QString address = AddressBook::shownAddress(m_model->index(r, c.column));
            if (!address.isEmpty() && !m_book->label(address).isEmpty()) {
                out.append({c, true});
                break;
            }
        }
    }
    return out;
}

void CsvExport::write()
{
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly)) {
        Q_EMIT finished(false, tr("Cannot write %1: %2").arg(m_path, file.errorString()));
        return;
    }
    const QList<std::pair<Column, bool>> columns = columnsToWrite();
    QStringList header;
    for (const auto &[c, tags] : columns)
        header.append(quote(tags ? tr("%1 (name tag)").arg(c.header) : c.header));
    QByteArray out = header.join(u',').toUtf8() + "\r\n";
    for (int r = 0; r < m_model->rowCount(); ++r) {
        QStringList fields;
        for (const auto &[c, tags] : columns) {
            const QModelIndex index = m_model->index(r, c.column);
            if (tags) {
                const QString address = AddressBook::shownAddress(index);
                fields.append(quote(address.isEmpty() ? QString() : m_book->label(address)));
                continue;
            }
            QVariant v = index.data(c.role);
            if (!v.isValid())
                v = index.data(Qt::DisplayRole);
            fields.append(quote(v.toString()));
        }
        out += fields.join(u',').toUtf8() + "\r\n";
    }
    if (file.write(out) < 0 || !file.commit()) {
        Q_EMIT finished(false, tr("Cannot write %1: %2").arg(m_path, file.errorString()));
        return;
    }
    Q_EMIT finished(true,
                    tr("%Ln row(s) written to %1.", nullptr, m_model->rowCount()).arg(m_path));
}
