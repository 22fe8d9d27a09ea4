#pragma once

#include "chain/store/sqldatabase.h"
#include "chain/store/staterecords.h"

#include <QString>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace gifscan::chain {

// A collection's statistics as of one height (see StateWriter), with its
// volume and sales counted from its creation.
struct CollectionTotals
{
    std::uint64_t items = 0;
    std::uint64_t owners = 0;
    std::uint64_t listed = 0;
    std::optional<Amount> floorPrice;
    Amount volume = 0;
    std::uint64_t sales = 0;
};

// A page of a list of objects in id order (StateReader::objects).
struct ObjectsPage
{
    std::optional<int> after; // the last object of the page before
    bool reverse = false;
    std::optional<std::size_t> limit;
};

// A list of the listed objects (StateReader::listed): within the price
// bounds, by price (cheapest first), by when they were listed (newest
// first) or by slug then token id, the other way when reversed; from
// `offset`, at most `limit`.
struct ListedOrder
{
    enum class By { Price, ListedAt, Name };
    By by = By::Price;
    std::optional<Amount> min;
    std::optional<Amount> max;
    bool reverse = false;
    std::uint64_t offset = 0;
    std::uint64_t limit = 0;
};

// A page of that list, and how many the whole list holds.
struct ListedPage
{
    std::uint64_t listed = 0;
    std::vector<int> objects;
};

// A page of the objects sold by a height, by their last sale
// (StateReader::sold): newest first, or oldest when reversed; from
// `offset`, at most `limit`; none past `mostSales` sales read.
struct SoldOrder
{
    bool reverse = false;
    std::uint64_t offset = 0;
    std::uint64_t limit = 0;
    std::uint64_t mostSales = 0;
};

// That page, and how many were sold by then.
struct SoldPage
{
    std::uint64_t sold = 0;
    std::vector<int> objects;
};

// An object as its collection's rarity ranks read it (StateReader::traitsOf).
struct RankedObject
{
    int object = -1;
    std::uint64_t tokenId = 0;
    QList<Trait> traits;
};

// An object found by name or key (StateReader::objectNamed), with its
// version at the height asked if one was: none before its mint.
struct FoundObject
{
    int index = -1;
    ObjectRecord record;
    std::optional<ObjectVersion> version;
};

// A wallet at one height, its rows read in one statement
// (StateReader::wallet).
struct StoredWallet
{
    std::optional<AccountState> account; // none: never seen by then
    std::uint64_t listed = 0;
    std::vector<std::pair<int, std::uint64_t>> held; // (collection, objects), by collection
};

// A read cut at its deadline (StateReader::setDeadline): the request ran
// too long, the store is whole.
struct ReadTimedOut : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

// Reads the state tables StateWriter fills, each question at one height.
// Statements are prepared once and kept. A row that does not decode throws
// std::runtime_error naming the file (the servers answer that request with
// an error); so does the engine's own report of damage (SQLite's
// SQLITE_CORRUPT, PostgreSQL's XX001).
//
// Lives on the thread of its ChainStore (the node's, or an indexer's).
class StateReader
{
public:
    StateReader(SqlDatabase &db, QString path);
    ~StateReader();

    // Past this time on the steady clock (ms), every statement on the
    // store's connection stops (SQLite's progress handler, PostgreSQL's
    // statement_timeout) and its read
    // throws ReadTimedOut: the servers set it around each request, so that
    // one scan is cut rather than waited for. None: no limit (the block
    // producer's writes are never cut). See ReadDeadline.
    void setDeadline(std::optional<qint64> steadyMs) const;
    bool pastDeadline() const;
    // After a cut: every statement of the connection is reset, so that the
    // one interrupted (a cached trie-node read, say) says nothing of it to
    // its next user, which may be the block producer.
    void recoverFromCut() const;

    std::optional<AccountState> account(const Address &address, std::uint64_t height) const;

    std::vector<CollectionRecord> collections() const; // all, by index
    std::size_t objectCount() const;
    std::optional<ObjectRecord> object(int index) const;
    // The records of `objects`, in one statement, in no order.
    std::vector<std::pair<int, ObjectRecord>> objectsIn(const std::vector<int> &objects) const;
    // The numbers of those of `keys` stored, in no order: one statement on
    // a server, a lookup each in a file.
    std::vector<std::pair<Hash32, int>> objectIndexes(const std::vector<Hash32> &keys) const;
    // An object by its name or key, with its number, and by name with its
    // version at `height` if asked: nothing if none.
    std::optional<FoundObject> objectNamed(const QString &displayKey,
                                           std::optional<std::uint64_t> height = {}) const;
    std::optional<FoundObject> objectKeyed(const Hash32 &key) const;
    std::optional<ObjectVersion> version(int object, std::uint64_t height) const;
    // The versions at `height` of the objects numbered first..last (of one
    // collection, or of all for -1), by number: those minted by then.
    std::vector<std::pair<int, ObjectVersion>> versions(int collection, int first, int last,
                                                        std::uint64_t height) const;
    // The versions at `height` of `objects`, near one another (a page's)
    // or scattered (a wallet's holdings), in one statement: those minted by
    // then.
    std::vector<std::pair<int, ObjectVersion>> versionsOf(const std::vector<int> &objects,
                                                          std::uint64_t height) const;
    std::uint64_t nextTokenId(int collection) const;

    CollectionTotals totals(int collection, std::uint64_t height) const;
    std::vector<std::pair<Trait, std::uint64_t>> traitCounts(int collection,
                                                             std::uint64_t height) const;
    // The first `items` objects of a collection in mint order, with their
    // token ids and traits (what their rarity ranks read).
    std::vector<RankedObject> traitsOf(int collection, std::uint64_t items) const;
    // The collection and mint height of each object from number `first`
    // on, at most `limit` of them, in order: what counts a collection's
    // items at any height with no read of its own (RecordReader::itemsAt).
    std::vector<std::pair<int, std::uint64_t>> mints(int first, std::size_t limit) const;
    // Objects minted by `height`, in a collection (-1: all) with every one of
    // `traits`, by slug then token id: (object, its collection). A page of
    // them: those after one object (or before it, reversed), at most `limit`.
    std::vector<std::pair<int, int>> objects(int collection, const QList<Trait> &traits,
                                             std::uint64_t height,
                                             const ObjectsPage &page = ObjectsPage()) const;
    // `owner`'s account at `height`, its open listings, and how many
    // objects it held of each collection, from the holding spans
    // (HoldingSpans): as many as its holdings trie holds then, without
    // walking it. One statement, where three were three round trips on a
    // read server.
    StoredWallet wallet(const Address &owner, std::uint64_t height) const;
    // The objects listed in a collection (-1: in all), in the order asked,
    // ties by slug then token id as any list orders them, read from the
    // listings table and its indexes at the store's newest height, from the
    // listing spans at any earlier one (ListingSpans), never from every
    // object's version. Nothing for a height the store has not reached,
    // which each statement checks in its own snapshot.
    std::optional<ListedPage> listed(int collection, std::uint64_t height,
                                     const ListedOrder &order) const;
    // Who holds a collection's objects and how many each (a listed object
    // counts for its seller), from the table of holders: for the newest
    // height alone: nothing for any other (a past one, or the store moved
    // on since the caller took up its head).
    std::optional<std::vector<std::pair<Address, std::uint64_t>>>
    holders(int collection, std::uint64_t height) const;
    // The objects of a collection (by its slug; none: of all) minted by
    // `height` and not listed, by slug then token id, from `offset`, at
    // most `limit`; at any height the store has reached, as listed().
    std::optional<std::vector<int>> unlisted(const std::optional<QString> &slug,
                                             std::uint64_t height, std::uint64_t offset,
                                             std::uint64_t limit) const;

    // The objects of a collection (-1: of all) sold by `height`, by their
    // last sale then (ties) slug and token id, newest sale first or, reversed,
    // oldest: the page [offset, offset + limit), from the sales' entries in
    // the activity and their indexes, not every object's version, and how
    // many were sold (at least offset + limit when the page is full, exact
    // otherwise). Entries at a height never change: any height is answered.
    // Nothing when the page would read more than `order.mostSales` sales
    // (a few objects sold back and forth many times): the caller reads the
    // list object by object.
    std::optional<SoldPage> sold(int collection, std::uint64_t height,
                                 const SoldOrder &order) const;
    // The objects of a collection (by its slug; none: of all) minted by
    // `height` and not sold by it, by slug then token id.
    std::vector<int> unsold(const std::optional<QString> &slug, std::uint64_t height,
                            std::uint64_t offset, std::uint64_t limit) const;

    std::uint64_t activityCount() const;
    // Newest first, older than the filter's `before` when it has one, at
    // most `limit`: read by key, so that no page reads past its own entries.
    std::vector<ActivityEntry> activity(const ActivityFilter &filter, std::uint64_t height,
                                        std::uint64_t limit) const;
    // A block's entries, in transaction order.
    std::vector<ActivityEntry> activityOf(std::uint64_t height) const;

    // A transaction's receipt, sender and content size (its body is the block's).
    std::optional<TxEntry> receipt(const Hash32 &hash) const;
    // Every transaction of a block with its receipt, in order, in one statement.
    std::vector<TxEntry> receiptsOf(std::uint64_t height) const;

private:
    // sold(): newest first, read down from the newest sale; oldest first,
    // every object's last sale.
    std::optional<SoldPage> newestSold(int collection, std::uint64_t height,
                                       const SoldOrder &order) const;
    std::optional<SoldPage> everySold(int collection, std::uint64_t height,
                                      const SoldOrder &order) const;
    SqlStatement &prepared(const char *sql) const;
    // A page of objects by name (unlisted(), unsold()): texts[1] when a
    // slug is asked, else texts[0], prepared and bound: ?1 the height, ?2
    // the limit, ?3 the offset, ?4 the slug.
    SqlStatement &byName(const std::string (&texts)[2], const std::optional<QString> &slug,
                         std::uint64_t height, std::uint64_t offset, std::uint64_t limit) const;
    // executeStep, with the engine's own report of damage naming the file.
    bool step(SqlStatement &q) const;
    [[noreturn]] void damaged(const QString &what) const;
    [[noreturn]] void damagedBecause(const QString &why) const; // names the file
    ActivityEntry activityRow(const SqlStatement &q) const;
    ObjectRecord objectRow(const SqlStatement &q) const; // its number in column 0
    int keyIndex(const Hash32 &key) const;               // -1: none (a file's lookup)
    AccountState accountRow(const SqlStatement &q, int first, const Address &address) const;
    TxEntry receiptRow(const SqlStatement &q) const;
    ObjectVersion versionRow(const SqlStatement &q, int column, int object,
                             std::uint64_t height) const;

    SqlDatabase &m_db; // the store's: its deadline is the reader's
    QString m_path;
    mutable std::unordered_map<const char *, std::unique_ptr<SqlStatement>> m_statements;
    // The newest height a statement has seen the store at: below it, lists
    // of the listed go to the spans straight away (statereaderlistings.cpp).
    mutable std::uint64_t m_newestSeen = 0;
};

// A request's deadline on its store's reads, for the request's scope.
class ReadDeadline
{
public:
    ReadDeadline(const StateReader &reader, qint64 budgetMs);
    ~ReadDeadline();
    ReadDeadline(const ReadDeadline &) = delete;
    ReadDeadline &operator=(const ReadDeadline &) = delete;
    bool passed() const { return m_reader.pastDeadline(); }

private:
    const StateReader &m_reader;
};

} // namespace gifscan::chain
