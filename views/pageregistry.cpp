#include "views/pageregistry.h"

#include <utility>

void PageRegistry::addListPage(Location::Kind kind, const QString &title, const QString &icon,
                               Factory make)
{
    Q_ASSERT(!title.isEmpty()); // a list page is reached from the navigation list only
    m_entries.append({kind, title, icon, std::move(make)});
}

void PageRegistry::addDetailPage(Location::Kind kind, Factory make)
{
    m_entries.append({kind, {}, {}, std::move(make)});
}
