#include "server/api/objectfilterquery.h"

#include "core/protocol/amount.h"
#include "server/api/objectsorts.h"

#include <QStringList>
#include <algorithm>

namespace gifscan::server {

namespace {

// Told at the head, as every malformed request is.
RestReply malformed(std::uint64_t head, const QString &what)
{
    return rest::error(rest::Status::BadRequest, "bad_request", what, head);
}

// The devnet's additions to the object filter: `anyTrait=Name:Value`,
// repeated (values of one name are alternatives, names all hold), and a
// price range in wei (`minPrice`, `maxPrice`), which keeps listed objects only.
std::optional<RestReply> anyTraitsAndPrices(const QUrlQuery &query, std::uint64_t head,
                                            ObjectFilter *filter)
{
    const QStringList anyTraits =
        query.allQueryItemValues(QStringLiteral("anyTrait"), QUrl::FullyDecoded);
    if (anyTraits.size() > 256)
        return malformed(head, QStringLiteral("at most 256 anyTrait filters"));
    for (const QString &t : anyTraits) {
        const qsizetype colon = t.indexOf(u':');
        if (colon <= 0)
            return malformed(head, QStringLiteral("anyTrait filters are Name:Value"));
        const Trait trait{t.left(colon), t.mid(colon + 1)};
        auto group = std::find_if(filter->anyOf.begin(), filter->anyOf.end(),
                                  [&](const QList<Trait> &g) { return g[0].trait == trait.trait; });
        if (group == filter->anyOf.end())
            filter->anyOf.append({trait});
        else
            group->append(trait);
    }
    for (const auto &[name, bound] : {std::pair(QStringLiteral("minPrice"), &filter->minPrice),
                                      std::pair(QStringLiteral("maxPrice"), &filter->maxPrice)}) {
        if (!query.hasQueryItem(name))
            continue;
        *bound = parseAmount(query.queryItemValue(name));
        if (!*bound)
            return malformed(head,
                             QStringLiteral("%1 is an amount in wei: digits, no sign").arg(name));
    }
    return std::nullopt;
}

} // namespace

std::optional<RestReply> readObjectFilter(const QUrlQuery &query, std::uint64_t head,
                                          ObjectFilter *filter)
{
    const QStringList traitFilters =
        query.allQueryItemValues(QStringLiteral("trait"), QUrl::FullyDecoded);
    // As many as an object can have: more could only match nothing, and
    // each is a clause of the query.
    if (traitFilters.size() > 64)
        return malformed(head, QStringLiteral("at most 64 trait filters"));
    for (const QString &t : traitFilters) {
        const qsizetype colon = t.indexOf(u':');
        if (colon <= 0)
            return malformed(head, QStringLiteral("trait filters are Name:Value"));
        filter->traits.append({t.left(colon), t.mid(colon + 1)});
    }
    if (auto failure = anyTraitsAndPrices(query, head, filter))
        return failure;
    const QString sort = query.queryItemValue(QStringLiteral("sort"));
    const std::optional<ObjectFilter::Order> order = objectSort(sort, &ObjectSort::rest);
    if (!sort.isEmpty() && !order)
        return malformed(head, QStringLiteral("objects sort by ") +
                                   objectSortNames(&ObjectSort::rest).join(u'|'));
    filter->order = order.value_or(ObjectFilter::Order::Id);
    const QString listed = query.queryItemValue(QStringLiteral("listed"));
    if (!listed.isEmpty() && listed != QLatin1String("true") && listed != QLatin1String("false"))
        return malformed(head, QStringLiteral("listed is true or false"));
    filter->listedOnly = listed == QLatin1String("true");
    const QString reverse = query.queryItemValue(QStringLiteral("reverse"));
    if (!reverse.isEmpty() && reverse != QLatin1String("true") && reverse != QLatin1String("false"))
        return malformed(head, QStringLiteral("reverse is true or false"));
    filter->reverse = reverse == QLatin1String("true");
    return std::nullopt;
}

} // namespace gifscan::server
