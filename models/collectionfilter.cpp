#include "models/collectionfilter.h"

#include <QUrlQuery>
#include <algorithm>
#include <tuple>

namespace {

constexpr const char *kOrderNames[] = {"id", "rarity", "price", "lastSale", "listed"};

// A trait's name and value each encoded whole (a ':' in a name too), with
// one bare ':' between them, so the first bare one splits them again.
QString encoded(const QString &text)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(text));
}

QString decoded(QStringView text)
{
    return QUrl::fromPercentEncoding(text.toUtf8());
}

} // namespace

bool CollectionFilter::narrows() const
{
    return !traits.isEmpty() || listedOnly || minPrice || maxPrice;
}

QStringList CollectionFilter::valuesOf(const QString &trait) const
{
    QStringList values;
    for (const gifscan::Trait &t : traits) {
        if (t.trait == trait)
            values.append(t.value);
    }
    return values;
}

gifscan::NodeIndex::ObjectQuery CollectionFilter::query(const QString &slug) const
{
    gifscan::NodeIndex::ObjectQuery q;
    q.collection = slug;
    for (const gifscan::Trait &t : traits) {
        if (valuesOf(t.trait).size() == 1)
            q.traits.append(t);
        else
            q.anyTraits.append(t);
    }
    q.sort = QLatin1String(kOrderNames[static_cast<int>(order)]);
    q.reverse = reversed;
    q.listedOnly = listedOnly;
    q.minPrice = minPrice;
    q.maxPrice = maxPrice;
    return q;
}

void CollectionFilter::sortTraits(QList<gifscan::Trait> &traits)
{
    std::sort(traits.begin(), traits.end(), [](const gifscan::Trait &a, const gifscan::Trait &b) {
        return std::tie(a.trait, a.value) < std::tie(b.trait, b.value);
    });
}

QString CollectionFilter::toQuery() const
{
    QStringList pairs;
    QList<gifscan::Trait> sorted = traits; // one filter, one link
    sortTraits(sorted);
    for (const gifscan::Trait &t : sorted)
        pairs.append(QStringLiteral("trait=") + encoded(t.trait) + u':' + encoded(t.value));
    if (order != Order::TokenId)
        pairs.append(QStringLiteral("sort=") + QLatin1String(kOrderNames[static_cast<int>(order)]));
    if (reversed)
        pairs.append(QStringLiteral("reverse=1"));
    if (listedOnly)
        pairs.append(QStringLiteral("listed=1"));
    if (minPrice)
        pairs.append(QStringLiteral("min=") + gifText(*minPrice));
    if (maxPrice)
        pairs.append(QStringLiteral("max=") + gifText(*maxPrice));
    return pairs.join(u'&');
}

std::optional<CollectionFilter> CollectionFilter::fromQuery(const QString &query, QString *error)
{
    CollectionFilter f;
    for (const QString &pair : query.split(u'&', Qt::SkipEmptyParts)) {
        const QString name = pair.section(u'=', 0, 0);
        const QString raw = pair.section(u'=', 1);
        const QString value = decoded(raw);
        bool ok = true;
        if (name == QLatin1String("trait")) {
            const qsizetype colon = raw.indexOf(u':');
            ok = colon > 0;
            const gifscan::Trait t{decoded(QStringView(raw).left(colon)),
                                   decoded(QStringView(raw).mid(colon + 1))};
            if (ok && !f.traits.contains(t))
                f.traits.append(t);
        } else if (name == QLatin1String("sort")) {
            const auto *it = std::find_if(std::begin(kOrderNames), std::end(kOrderNames),
                                          [&](const char *n) { return value == QLatin1String(n); });
            ok = it != std::end(kOrderNames);
            if (ok)
                f.order = static_cast<Order>(it - std::begin(kOrderNames));
        } else if (name == QLatin1String("reverse") || name == QLatin1String("listed")) {
            ok = value == QLatin1String("1");
            (name == QLatin1String("reverse") ? f.reversed : f.listedOnly) = ok;
        } else if (name == QLatin1String("min") || name == QLatin1String("max")) {
            const auto amount = parseGif(value);
            ok = amount.has_value();
            (name == QLatin1String("min") ? f.minPrice : f.maxPrice) = amount;
        } else {
            ok = false;
        }
        if (!ok) {
            *error = tr("\"%1\" is not a filter of a collection's objects.").arg(pair);
            return std::nullopt;
        }
    }
    sortTraits(f.traits);
    return f;
}

std::optional<gifscan::Amount> CollectionFilter::parseGif(const QString &text)
{
    const QString t = text.trimmed();
    const qsizetype point = t.indexOf(u'.');
    QString whole = point < 0 ? t : t.left(point);
    QString fraction = point < 0 ? QString() : t.mid(point + 1);
    auto digits = [](const QString &s) {
        return std::all_of(s.begin(), s.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
    };
    if ((whole.isEmpty() && fraction.isEmpty()) || !digits(whole) || !digits(fraction) ||
        fraction.size() > gifscan::kGifDecimals || t.count(u'.') > 1)
        return std::nullopt;
    QString wei = whole + fraction.leftJustified(gifscan::kGifDecimals, u'0');
    while (wei.size() > 1 && wei.startsWith(u'0'))
        wei.remove(0, 1);
    return gifscan::parseAmount(wei);
}

QString CollectionFilter::gifText(const gifscan::Amount &wei)
{
    return gifscan::plainGif(wei);
}
