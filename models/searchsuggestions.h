#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QStringList>

// What the search box offers while one types: what the line already names
// (a height, a hash, an address, an object), collection slugs and objects
// of collections that start with it, collections whose name contains it,
// and recent searches that contain it.
// Pure: any thread.
class SearchSuggestions
{
    Q_DECLARE_TR_FUNCTIONS(SearchSuggestions)

public:
    struct Suggestion
    {
        QString text;  // what goes into the box
        QString label; // how it is offered ("block 42", "collection pixel-cats")
    };

    // `names` gives collections' display names by slug: a collection is
    // also offered when its name contains what was typed ("Pixel Cats"),
    // and always with its slug, so two of one name can be told apart.
    static QList<Suggestion> suggest(const QString &typed, const QStringList &slugs,
                                     const QStringList &recent, int limit = 8,
                                     const QHash<QString, QString> &names = {});
};
