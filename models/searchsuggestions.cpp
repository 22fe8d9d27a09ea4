#include "models/searchsuggestions.h"

#include "models/location.h"
#include "models/searchquery.h"

#include <QCoreApplication>

QList<SearchSuggestions::Suggestion>
SearchSuggestions::suggest(const QString &typed, const QStringList &slugs,
                           const QStringList &recent, int limit,
                           const QHash<QString, QString> &names)
{
    QList<Suggestion> out;
    const QString t = typed.trimmed();
    if (t.isEmpty())
        return out;
    auto add = [&](const QString &text, const QString &label) {
        if (out.size() < limit && std::none_of(out.begin(), out.end(),
                                               [&](const Suggestion &s) { return s.text == text; }))
            out.append({text, label});
    };
    const SearchQuery q = SearchQuery::parse(t);
    switch (q.kind) {
    case SearchQuery::Kind::Height:
        add(Location::canonicalText(q), tr("block %1").arg(q.height));
        break;
    case SearchQuery::Kind::Hash:
        add(Location::canonicalText(q),
            tr("transaction or block %1").arg(Location::canonicalText(q)));
        break;
    case SearchQuery::Kind::Address:
        add(Location::canonicalText(q), tr("address %1").arg(Location::canonicalText(q)));
        break;
    case SearchQuery::Kind::Object:
        add(Location::canonicalText(q),
            q.atHeight ? tr("%1 at height %2")
                             .arg(Location::canonicalText(q).section(u'@', 0, 0))
                             .arg(q.height)
                       : tr("object %1").arg(Location::canonicalText(q)));
        break;
    case SearchQuery::Kind::Collection:
    case SearchQuery::Kind::Invalid:
        break;
    }
    // slug, or slug#…: the collections it can still become.
    const QString stem = t.section(u'#', 0, 0).toLower();
    const bool objectTyped = t.contains(u'#');
    for (const QString &slug : slugs) {
        if (!slug.startsWith(stem))
            continue;
        if (objectTyped)
            add(slug + u'#' + t.section(u'#', 1), tr("an object of %1").arg(slug));
        else
            add(slug, tr("collection %1").arg(slug));
    }
    if (!objectTyped) {
        for (const QString &slug : slugs) {
            const QString name = names.value(slug);
            if (!name.isEmpty() && name.contains(t, Qt::CaseInsensitive))
                add(slug, tr("collection %1 (%2)").arg(name, slug));
        }
    }
    for (const QString &r : recent) {
        if (r.contains(t, Qt::CaseInsensitive))
            add(r, tr("recent: %1").arg(r));
    }
    return out;
}
