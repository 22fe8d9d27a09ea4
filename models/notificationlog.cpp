#include "models/notificationlog.h"

#include "models/addressbook.h"
#include "models/chainwords.h"
#include "models/displayformat.h"
#include "models/watchnotifier.h"

#include <QCoreApplication>
#include <QEvent>

NotificationLog::NotificationLog(QObject *parent) : QAbstractListModel(parent)
{
    if (QCoreApplication::instance())
        QCoreApplication::instance()->installEventFilter(this);
}

void NotificationLog::follow(WatchNotifier *notifier)
{
    connect(notifier, &WatchNotifier::noticed, this, &NotificationLog::add);
    connect(notifier, &WatchNotifier::awaySummary, this, [this](quint64 missed, int events) {
        WatchNotice notice;
        notice.kind = WatchNotice::Kind::Away;
        notice.missedBlocks = missed;
        notice.missedEvents = events;
        add(notice);
    });
}

void NotificationLog::setAddressBook(const AddressBook *book)
{
    if (m_book)
        disconnect(m_book, nullptr, this, nullptr);
    m_book = book;
    if (book)
        connect(book, &AddressBook::changed, this, &NotificationLog::rewordAll);
    rewordAll();
}

void NotificationLog::add(const WatchNotice &notice)
{
    beginInsertRows({}, 0, 0);
    m_entries.push_front({notice, m_wall->nowMs()});
    endInsertRows();
    if (m_entries.size() > kLimit) {
        beginRemoveRows({}, kLimit, static_cast<int>(m_entries.size()) - 1);
        m_entries.resize(kLimit);
        endRemoveRows();
    }
    Q_EMIT added(title(notice), body(notice));
}

bool NotificationLog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == QCoreApplication::instance() && event->type() == QEvent::LanguageChange)
        rewordAll();
    return QAbstractListModel::eventFilter(watched, event);
}

void NotificationLog::rewordAll()
{
    if (!m_entries.empty())
        Q_EMIT dataChanged(index(0), index(rowCount() - 1));
}

QString NotificationLog::title(const WatchNotice &notice) const
{
    switch (notice.kind) {
    case WatchNotice::Kind::Event:
        return tr("gifscan: %1").arg(notice.event.key);
    case WatchNotice::Kind::Floor:
        return tr("gifscan: %1").arg(notice.slug);
    case WatchNotice::Kind::Away:
        break;
    }
    return tr("gifscan");
}

QString NotificationLog::body(const WatchNotice &notice) const
{
    switch (notice.kind) {
    case WatchNotice::Kind::Event:
        return eventBody(notice.event);
    case WatchNotice::Kind::Floor:
        return tr("The floor of %1 moved from %2 to %3.")
            .arg(notice.slug,
                 notice.floorBefore ? DisplayFormat::amount(*notice.floorBefore) : tr("none"),
                 notice.floorAfter ? DisplayFormat::amount(*notice.floorAfter) : tr("none"));
    case WatchNotice::Kind::Away:
        break;
    }
    return tr("While you were away: %Ln block(s), ", nullptr,
              static_cast<int>(notice.missedBlocks)) +
           tr("%Ln event(s) on your watchlist.", nullptr, notice.missedEvents);
}

// An address as the watchlist says it: its name tag, or its short hex.
QString NotificationLog::who(const std::optional<gifscan::Address> &address) const
{
    if (!address)
        return QString();
    if (m_book) {
        if (const QString tag = m_book->label(gifscan::toHexString(*address)); !tag.isEmpty())
            return tag;
    }
    return DisplayFormat::shortHex(*address);
}

QString NotificationLog::eventBody(const gifscan::ActivityEntry &e) const
{
    const QString price = DisplayFormat::amount(e.price.value_or(0));
    if (e.type == QLatin1String("sale"))
        return tr("%1 sold for %2 to %3 (block %4)").arg(e.key, price, who(e.to)).arg(e.height);
    // Who listed or delisted it, named as a sale names its buyer: with an
    // address and a collection both watched, the reader tells which fired.
    if (e.type == QLatin1String("list"))
        return tr("%1 listed for %2 by %3 (block %4)").arg(e.key, price, who(e.from)).arg(e.height);
    if (e.type == QLatin1String("delist"))
        return tr("%1 taken off the market by %2 (block %3)").arg(e.key, who(e.to)).arg(e.height);
    if (e.type == QLatin1String("transfer"))
        return tr("%1 went from %2 to %3 (block %4)")
            .arg(e.key, who(e.from), who(e.to))
            .arg(e.height);
    if (e.type == QLatin1String("mint"))
        return tr("%1 minted to %2 (block %3)").arg(e.key, who(e.to)).arg(e.height);
    return tr("%1: %2 (block %3)").arg(e.key, ChainWords::eventType(e.type)).arg(e.height);
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
        return tr("%1  %2").arg(DisplayFormat::exactTime(seconds), body(e.notice));
    case Qt::ToolTipRole:
    case BodyRole:
        return body(e.notice);
    case TitleRole:
        return title(e.notice);
    case TimeRole:
        return QVariant::fromValue(e.atMs);
    }
    return {};
}
