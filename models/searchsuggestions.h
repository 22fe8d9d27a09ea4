#pragma once

#include <QStringList>

// What the search box offers while one types: what the line already names
// (a height, a hash, an address, an object), collection slugs and objects
// of collections that start with it, and recent searches that contain it.
// Pure: any thread.
class SearchSuggestions
{
public:
    struct Suggestion
    {
        QString text;  // what goes into the box
        QString label; // how it is offered ("block 42", "collection pixel-cats")
    };

    static QList<Suggestion> suggest(const QString &typed, const QStringList &slugs,
                                     const QStringList &recent, int limit = 8);
};
