#pragma once

#include "models/searchquery.h"

#include <QMetaType>
#include <QString>
#include <QtGlobal>
#include <optional>

// A place in the explorer: what a link, a search, the history and the
// watchlist all name. A list page is a kind alone; a detail page adds its key
// (a slug, "slug#id", or a 0x… hash or address) and, for a block or an object
// seen in the past, a height. Pure value: any thread.
struct Location
{
    enum class Kind {
        Live,
        Blocks,
        Collections,
        Activity,
        Watchlist,
        Object,
        Collection,
        Block,
        // A 32-byte hash: a transaction, or else the block it names.
        Transaction,
        Address
    };

    // The item-data role under which a list model says where a cell leads
    // (a QVariant holding a Location), the same in every model.
    static constexpr int ItemRole = Qt::UserRole + 64;

    Kind kind = Kind::Live;
    QString key;
    std::optional<std::uint64_t> height;
    // A collection's grid filter as a link's query (CollectionFilter); empty
    // for none and for every other kind.
    QString filter;

    static Location list(Kind kind) { return {kind, {}, std::nullopt, {}}; }
    static Location object(const QString &slug, std::uint64_t tokenId,
                           std::optional<std::uint64_t> height = std::nullopt);
    static Location collection(const QString &slug, const QString &filter = {})
    {
        return {Kind::Collection, slug, {}, filter};
    }
    static Location block(std::uint64_t height) { return {Kind::Block, {}, height, {}}; }
    static Location transaction(const QString &hash) { return {Kind::Transaction, hash, {}, {}}; }
    static Location address(const QString &address) { return {Kind::Address, address, {}, {}}; }
    // Where a parsed query leads; nothing for an invalid one.
    static std::optional<Location> of(const SearchQuery &query);
    // How the search box shows a query back: as the place it names is
    // written (empty for a query that names none).
    static QString canonicalText(const SearchQuery &query);
    // A link's text (what DetailBrowser's anchors hold).
    static std::optional<Location> parse(const QString &text);
    // An object's key ("slug#id") as it is, not as a search would read it: a
    // slug may look like hex ("0xcats") or a height ("2024").
    static std::optional<Location> ofObjectKey(const QString &key);

    // A transaction's (or block's) hash, an address: the key read back;
    // nothing for another kind or a malformed key.
    std::optional<gifscan::Hash32> hash() const;
    std::optional<gifscan::Address> addressValue() const;

    // An object's slug and id; false for any other kind.
    bool objectKey(QString *slug, std::uint64_t *tokenId) const;
    // How the search box shows it; empty for a list page.
    QString text() const;

    bool operator==(const Location &) const = default;
};

Q_DECLARE_METATYPE(Location)
