#include "models/location.h"

#include "core/protocol/commitments.h"

Location Location::object(const QString &slug, std::uint64_t tokenId,
                          std::optional<std::uint64_t> height)
{
    return {Kind::Object, gifscan::displayKey(slug, tokenId), height, {}};
}

std::optional<Location> Location::of(const SearchQuery &q)
{
    switch (q.kind) {
    case SearchQuery::Kind::Invalid:
        return std::nullopt;
    case SearchQuery::Kind::Object:
        return object(q.slug, q.tokenId,
                      q.atHeight ? std::optional<std::uint64_t>(q.height) : std::nullopt);
    case SearchQuery::Kind::Height:
        return block(q.height);
    case SearchQuery::Kind::Collection:
        return collection(q.slug, q.filter);
    case SearchQuery::Kind::Hash:
        return transaction(gifscan::toHexString(q.hash));
    case SearchQuery::Kind::Address:
        return address(gifscan::toHexString(q.address));
    }
    return std::nullopt;
}

std::optional<Location> Location::parse(const QString &text)
{
    return of(SearchQuery::parse(text));
}

QString Location::canonicalText(const SearchQuery &query)
{
    const auto to = of(query);
    return to ? to->text() : QString();
}

std::optional<Location> Location::ofObjectKey(const QString &key)
{
    QString slug;
    std::uint64_t id = 0;
    if (!gifscan::parseDisplayKey(key, &slug, &id))
        return std::nullopt;
    return object(slug, id);
}

std::optional<gifscan::Hash32> Location::hash() const
{
    return kind == Kind::Transaction ? gifscan::parseHash(key) : std::nullopt;
}

std::optional<gifscan::Address> Location::addressValue() const
{
    return kind == Kind::Address ? gifscan::parseAddress(key) : std::nullopt;
}

bool Location::objectKey(QString *slug, std::uint64_t *tokenId) const
{
    return kind == Kind::Object && gifscan::parseDisplayKey(key, slug, tokenId);
}

QString Location::text() const
{
    switch (kind) {
    case Kind::Object:
        return height ? key + QLatin1Char('@') + QString::number(*height) : key;
    case Kind::Block:
        return height ? QString::number(*height) : QString();
    case Kind::Collection:
        return filter.isEmpty() ? key : key + u'?' + filter;
    case Kind::Transaction:
    case Kind::Address:
        return key;
    default:
        return {};
    }
}
