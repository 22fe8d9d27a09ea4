#pragma once

#include "models/location.h"

#include <QList>
#include <QString>
#include <functional>

class AnimationClock;
class RoutedPage;
class ViewPreferences;
class QWidget;

// What a page is made with besides its models: the window's shared pieces.
struct PageContext
{
    AnimationClock *clock;        // every animated thumbnail in the window follows it
    ViewPreferences *preferences; // motion and the like, followed while shown
};

// The pages a window routes to, each registered once with the factory that
// makes it over its models. The window builds its navigation and its history
// from this list: adding a page is a registration, never an edit to the window.
// Used on the GUI thread.
class PageRegistry
{
public:
    using Factory = std::function<RoutedPage *(const PageContext &context, QWidget *parent)>;
    struct Entry
    {
        Location::Kind kind;
        QString title; // in the navigation list; empty for a page reached by links only
        QString icon;  // a Theme icon name, for the navigation list
        Factory make;
    };

    // A page with an entry in the navigation list, below those added before.
    void addListPage(Location::Kind kind, const QString &title, const QString &icon, Factory make);
    // A page reached by links, search and history only.
    void addDetailPage(Location::Kind kind, Factory make);

    const QList<Entry> &entries() const { return m_entries; }

private:
    QList<Entry> m_entries;
};
