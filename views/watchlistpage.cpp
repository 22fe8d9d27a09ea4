#include "views/watchlistpage.h"

#include "models/watchlist.h"
#include "views/theme.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
constexpr int KindRole = Qt::UserRole + 1;
}

WatchlistPage::WatchlistPage(Watchlist *watchlist, QWidget *parent)
    : RoutedPage(parent), m_watchlist(watchlist), m_list(new QListWidget(this))
{
    auto *title = new QLabel(tr("Watchlist"), this);
    Theme::makeHeading(title);
    auto *hint = new QLabel(tr("Notifications come for these when their blocks' headers verify: an "
                               "object changing owner, listed or sold; "
                               "an address sending or receiving; a collection's mints and floor."),
                            this);
    hint->setWordWrap(true);
    auto *remove = new QPushButton(tr("Stop watching"), this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(hint);
    layout->addWidget(m_list, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(remove);
    buttons->addStretch();
    layout->addLayout(buttons);
    connect(m_list, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        if (!item->data(KindRole).isValid())
            return; // the "nothing watched yet" line
        // By the kind it was watched as, never by how its text reads.
        const QString what = item->data(Qt::UserRole).toString();
        std::optional<Location> to;
        switch (static_cast<Watchlist::Kind>(item->data(KindRole).toInt())) {
        case Watchlist::Kind::Object:
            to = Location::ofObjectKey(what);
            break;
        case Watchlist::Kind::Address:
            to = Location::address(what);
            break;
        case Watchlist::Kind::Collection:
            to = Location::collection(what);
            break;
        }
        if (to)
            Q_EMIT followed(*to);
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        QListWidgetItem *item = m_list->currentItem();
        if (item && item->data(KindRole).isValid())
            m_watchlist->setWatched(static_cast<Watchlist::Kind>(item->data(KindRole).toInt()),
                                    item->data(Qt::UserRole).toString(), false);
    });
    connect(watchlist, &Watchlist::changed, this, &WatchlistPage::reload);
    reload();
}

void WatchlistPage::reload()
{
    m_list->clear();
    const std::pair<Watchlist::Kind, QString> kinds[] = {
        {Watchlist::Kind::Object, tr("object")},
        {Watchlist::Kind::Address, tr("address")},
        {Watchlist::Kind::Collection, tr("collection")}};
    for (const auto &[kind, name] : kinds) {
        for (const QString &what : m_watchlist->items(kind)) {
            auto *item = new QListWidgetItem(tr("%1 %2").arg(name, what), m_list);
            item->setData(Qt::UserRole, what);
            item->setData(
                KindRole,
                static_cast<int>(kind)); // not guessed from the text: a slug may start with 0x
        }
    }
    if (m_list->count() == 0)
        new QListWidgetItem(
            tr("Nothing watched yet: press Watch on an object, address or collection page."),
            m_list);
}
