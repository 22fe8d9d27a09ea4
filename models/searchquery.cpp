#include "models/searchquery.h"

#include "core/protocol/commitments.h"
#include "models/collectionfilter.h"

#include <QCoreApplication>

namespace {
bool digitsOnly(const QString &s)
{
    return !s.isEmpty() &&
           std::all_of(s.begin(), s.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}
} // namespace

SearchQuery SearchQuery::parse(const QString &input)
{
    SearchQuery q;
    const QString text = input.trimmed();
    if (text.isEmpty()) {
        q.problem = tr("Type a height, a hash, an address, a collection or slug#id.");
        return q;
    }
    if (digitsOnly(text)) {
        bool ok = false;
        q.height = text.toULongLong(&ok);
        if (!ok || text.size() > 19) {
            q.problem = tr("That height is too large.");
            return q;
        }
        q.kind = Kind::Height;
        return q;
    }
    if (text.startsWith(QLatin1String("0x"), Qt::CaseInsensitive)) {
        if (auto h = gifscan::parseHash(text)) {
            q.kind = Kind::Hash;
            q.hash = *h;
        } else if (auto a = gifscan::parseAddress(text)) {
            q.kind = Kind::Address;
            q.address = *a;
        } else {
            q.problem = tr("0x is followed by 40 hex digits for an address or 64 for a hash.");
        }
        return q;
    }
    if (text.contains(u'#')) {
        QString key = text;
        const qsizetype at = text.indexOf(u'@');
        if (at >= 0) {
            key = text.left(at);
            const QString h = text.mid(at + 1);
            bool ok = false;
            q.height = h.toULongLong(&ok);
            if (!digitsOnly(h) || !ok) {
                q.problem = tr("After @ comes a block height.");
                return q;
            }
            q.atHeight = true;
        }
        if (!gifscan::parseDisplayKey(key.toLower(), &q.slug, &q.tokenId)) {
            q.problem = tr("An object is slug#id, like pixel-cats#42.");
            return q;
        }
        q.kind = Kind::Object;
        return q;
    }
    // A collection with its grid's filter, as a link keeps it: slug?trait=…
    const qsizetype ask = text.indexOf(u'?');
    const QString slug = (ask < 0 ? text : text.left(ask)).toLower();
    if (gifscan::isValidSlug(slug)) {
        if (ask >= 0) {
            const auto filter = CollectionFilter::fromQuery(text.mid(ask + 1), &q.problem);
            if (!filter)
                return q;
            // No filter after all ("16?"): the line without it, which may
            // be a height, as its canonical form will be read.
            if (filter->toQuery().isEmpty())
                return parse(text.left(ask));
            q.filter = filter->toQuery();
        }
        q.kind = Kind::Collection;
        q.slug = slug;
        return q;
    }
    q.problem = tr("Not a height, hash, address, collection or object.");
    return q;
}
