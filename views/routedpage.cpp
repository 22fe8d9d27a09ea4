#include "views/routedpage.h"

#include "views/linkactions.h"

#include <QModelIndex>

void RoutedPage::open(const Location &) {}

QString RoutedPage::refusal(const Location &) const
{
    return {};
}

std::optional<RoutedPage::Watchable> RoutedPage::watchable(const Location &where) const
{
    return LinkActions::watchable(where);
}

void RoutedPage::follow(const QString &link)
{
    if (const auto to = Location::parse(link))
        Q_EMIT followed(*to);
}

void RoutedPage::followItem(const QModelIndex &index)
{
    const QVariant to = index.data(Location::ItemRole);
    if (to.canConvert<Location>())
        Q_EMIT followed(to.value<Location>());
}
