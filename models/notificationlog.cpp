#include "models/notificationlog.h"

#include "models/displayformat.h"
#include "models/watchnotifier.h"

NotificationLog::NotificationLog(QObject *parent) : QAbstractListModel(parent) {}

void NotificationLog::follow(WatchNotifier *notifier)
{
    connect(notifier, &WatchNotifier::notified, this, &NotificationLog::add);
    connect(notifier, &WatchNotifier::awaySummary, this, [this](quint64 missed, int events) {
        add(tr("gifscan"),
            tr("While you were away: %Ln block(s), ", nullptr, static_cast<int>(missed)) +
                tr("%Ln event(s) on your watchlist.", nullptr, events));
    });
}

void NotificationLog::add(const QString &title, const QString &body)
{
    beginInsertRows({}, 0, 0);
    m_entries.push_front({title, body, m_wall->nowMs()});
    endInsertRows();
    if (m_entries.size() > kLimit) {
        beginRemoveRows({}, kLimit, static_cast<int>(m_entries.size()) - 1);
        m_entries.resize(kLimit);
        endRemoveRows();
    }
    Q_EMIT added(title, body);
}

int NotificationLog::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

QVariant NotificationLog::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &e = m_entries[static_cast<std::size_t>(index.row())];
    const auto seconds = static_cast<std::uint64_t>(std::max<qint64>(e.atMs, 0) / 1000);
    switch (role) {
    case Qt::DisplayRole:
        return tr("%1  %2").arg(DisplayFormat::exactTime(seconds), e.body);
    case Qt::ToolTipRole:
        return e.body;
    case TitleRole:
        return e.title;
    case BodyRole:
        return e.body;
    case TimeRole:
        return QVariant::fromValue(e.atMs);
    }
    return {};
}
