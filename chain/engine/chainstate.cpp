#include "chain/engine/chainstate.h"

#include "chain/store/sqlstatement.h"
#include "chain/store/statereader.h"
#include "core/protocol/commitments.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace gifscan::chain {

namespace {
constexpr std::size_t kRecentBlocks = 64;

[[noreturn]] void fail(const QString &error)
{
    throw std::runtime_error(error.toStdString());
}

} // namespace

Outcome<> ChainState::resume()
{
    // Another chain may be behind the same store now (a rebuilt database).
    m_prefetched.clear();
    m_latestAccounts.clear();
    m_latestVersions.clear();
    m_holderRoots.clear();
    m_nextTokenIds.clear();
    m_sealedHolders.clear();
    try {
        const std::uint64_t height = m_store->blockCount() - 1;
        // Read whole before anything is replaced: a read server takes up a
        // new head this way, and a read that fails leaves the old one whole.
        auto stored = m_store->header(height);
        if (!stored)
            return stored.error();
        std::optional<Block> head = std::move(stored.value());
        std::vector<CollectionRecord> collections = tables().collections();
        const std::size_t objects = tables().objectCount();
        const std::uint64_t activity = tables().activityCount();
        const auto roots = rootsAt(height);
        if (!roots)
            return Failure::storage(QStringLiteral("%1 is damaged: block %2 has no tries stored")
                                        .arg(m_store->path())
                                        .arg(height));
        SparseMerkleTree tree = m_nodes.tree(roots->first);
        SparseMerkleTree holdings = m_nodes.tree(roots->second);
        // The roots must be the head's: a file whose tries and header
        // disagree is damaged.
        if (tree.root() != head->header.objectRoot || holdings.root() != head->header.holdingsRoot)
            return Failure::storage(
                QStringLiteral("%1 is damaged: the tries stored for block %2 are not the block's")
                    .arg(m_store->path())
                    .arg(height));
        m_collections = std::move(collections);
        m_collectionBySlug.clear();
        for (std::size_t i = 0; i < m_collections.size(); ++i)
            m_collectionBySlug.insert(m_collections[i].slug, static_cast<int>(i));
        m_storedObjects = objects;
        m_storedActivity = activity;
        m_tree = std::move(tree);
        m_holdings = std::move(holdings);
        m_head = std::move(head);
        m_recent.assign(1, *m_head);
        return success();
    } catch (const std::exception &e) {
        return failureOf(e, QString::fromUtf8(e.what()));
    }
}

Outcome<QByteArray> ChainState::content(const Hash32 &sha256) const
{
    if (!m_store)
        return Failure::invalid(QStringLiteral("a chain with no store holds no content"));
    return m_store->content(sha256);
}

std::optional<Block> ChainState::block(std::uint64_t height) const
{
    if (!m_head || height > head())
        return std::nullopt;
    if (!m_recent.empty() && height >= m_recent.front().header.height)
        return m_recent[static_cast<std::size_t>(height - m_recent.front().header.height)];
    auto b = m_store->header(height);
    if (!b)
        throwFailure(b.error());
    return std::move(b.value());
}

std::optional<BlockHeader> ChainState::header(std::uint64_t height) const
{
    if (!m_head || height > head())
        return std::nullopt;
    if (!m_recent.empty() && height >= m_recent.front().header.height)
        return m_recent[static_cast<std::size_t>(height - m_recent.front().header.height)].header;
    auto h = m_store->headerOnly(height);
    if (!h)
        throwFailure(h.error());
    return std::move(h.value());
}

std::optional<Block> ChainState::blockByHash(const Hash32 &hash) const
{
    const auto height = m_store->heightOf(hash);
    if (!height || !m_head || *height > head())
        return std::nullopt; // none, or stored past the head taken up
    auto b = block(*height);
    if (!b || b->header.hash != hash)
        fail(QStringLiteral("%1 is damaged: its index of blocks by hash is wrong")
                 .arg(m_store->path()));
    return b;
}

std::optional<TxEntry> ChainState::transaction(const Hash32 &hash) const
{
    std::optional<TxEntry> entry = tables().receipt(hash);
    if (entry && (!m_head || entry->height > head()))
        return std::nullopt; // mined past the head taken up
    return entry;
}

std::vector<TxEntry> ChainState::transactionsOf(std::uint64_t height) const
{
    if (!m_head || height > head())
        return {};
    return tables().receiptsOf(height);
}

AccountState ChainState::account(const Address &address, std::uint64_t height) const
{
    if (!m_head || height > head())
        return latestAccount(address);
    return tables().account(address, height).value_or(AccountState{});
}

AccountState ChainState::latestAccount(const Address &address) const
{
    const auto it = m_pendingAccounts.find(address);
    if (it != m_pendingAccounts.end())
        return it->second;
    if (!m_head)
        return AccountState{};
    if (m_soleWriter)
        if (const AccountState *known = m_latestAccounts.find(address))
            return *known;
    AccountState state = tables().account(address, head()).value_or(AccountState{});
    if (m_soleWriter)
        m_latestAccounts.insert(address, state);
    return state;
}

void ChainState::setAccount(const Address &address, std::uint64_t, AccountState state)
{
    m_pendingAccounts.insert_or_assign(address, std::move(state));
}

int ChainState::addCollection(CollectionRecord record)
{
    const int index = static_cast<int>(m_collections.size());
    m_collectionBySlug.insert(record.slug, index);
    m_collections.push_back(std::move(record));
    m_pendingCollections.push_back(index);
    return index;
}

// An object the tables hold past the head taken up (a read server's
// follower stored its block since) is none yet here.
int ChainState::storedIndex(int index) const
{
    return index >= 0 && static_cast<std::size_t>(index) < m_storedObjects ? index : -1;
}

// A lookup goes through an index; the row it lands on must be the one asked
// for, or the index is damaged (quick checks do not compare them). The row
// read is the object's record, kept as object() would keep it.
int ChainState::objectIndex(const QString &displayKey) const
{
    return named(displayKey, std::nullopt);
}

int ChainState::objectAt(const QString &displayKey, std::uint64_t height) const
{
    // A version is read with the record only where version() would read it.
    const bool sealed = m_head && height <= head();
    return named(displayKey, sealed ? std::optional(height) : std::nullopt);
}

int ChainState::named(const QString &displayKey, std::optional<std::uint64_t> height) const
{
    const int pending = m_pendingByKey.value(displayKey, -1);
    if (pending >= 0)
        return pending;
    if (const int *known = m_indexByName.find(displayKey))
        return *known;
    std::optional<FoundObject> found = tables().objectNamed(displayKey, height);
    const int index = storedRow(found);
    if (index < 0)
        return index;
    if (m_objects.find(index)->displayKey != displayKey)
        fail(QStringLiteral("%1 is damaged: its index of objects by name is wrong at %2")
                 .arg(m_store->path(), displayKey));
    m_indexByName.insert(displayKey, index);
    if (found->version) {
        // As a page's versions are kept (prefetchVersions): version() finds
        // it. Those kept for the same height stay (a batch that also pages).
        if (m_prefetchedAt != *height)
            m_prefetched.clear();
        m_prefetchedAt = *height;
        m_prefetched.insert_or_assign(index, std::move(*found->version));
    }
    return index;
}

int ChainState::objectIndex(const Hash32 &key) const
{
    const auto it = m_pendingByHash.find(key);
    if (it != m_pendingByHash.end())
        return it->second;
    if (const int *known = m_indexByKey.find(key))
        return *known;
    const int index = storedRow(tables().objectKeyed(key));
    if (index >= 0 && m_objects.find(index)->key != key)
        fail(QStringLiteral("%1 is damaged: its index of objects by key is wrong at %2")
                 .arg(m_store->path(), toHexString(key)));
    if (index >= 0)
        m_indexByKey.insert(key, index);
    return index;
}

// The number of a row found, its record kept; -1 for none, or for one
// stored past the head taken up (storedIndex).
int ChainState::storedRow(const std::optional<FoundObject> &found) const
{
    if (!found)
        return -1;
    const int index = storedIndex(found->index);
    if (index >= 0)
        m_objects.insert(index, found->record);
    return index;
}

std::vector<int> ChainState::objectIndexes(const std::vector<Hash32> &keys) const
{
    std::vector<int> out(keys.size(), -1);
    std::vector<Hash32> unknown;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (const auto it = m_pendingByHash.find(keys[i]); it != m_pendingByHash.end())
            out[i] = it->second;
        else if (const int *known = m_indexByKey.find(keys[i]))
            out[i] = *known;
        else
            unknown.push_back(keys[i]);
    }
    if (unknown.empty())
        return out;
    std::unordered_map<Hash32, int, ArrayHash> found;
    std::vector<int> numbers;
    for (const auto &[key, index] : tables().objectIndexes(unknown)) {
        if (storedIndex(index) >= 0) {
            found.emplace(key, index);
            numbers.push_back(index);
        }
    }
    prefetchObjects(numbers);
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const auto it = found.find(keys[i]);
        if (out[i] >= 0 || it == found.end())
            continue;
        // As objectIndex(): the row the index lands on must be the key's.
        if (object(it->second).key != keys[i])
            fail(QStringLiteral("%1 is damaged: its index of objects by key is wrong at %2")
                     .arg(m_store->path(), toHexString(keys[i])));
        m_indexByKey.insert(keys[i], it->second);
        out[i] = it->second;
    }
    return out;
}

ObjectRecord ChainState::object(int index) const
{
    const auto i = static_cast<std::size_t>(index);
    if (i >= m_storedObjects)
        return m_pendingObjects.at(i - m_storedObjects);
    if (const ObjectRecord *cached = m_objects.find(index))
        return *cached;
    auto record = tables().object(index);
    if (!record)
        fail(QStringLiteral("%1 is damaged: it lacks object %2").arg(m_store->path()).arg(index));
    m_objects.insert(index, *record);
    return *record;
}

int ChainState::addObject(ObjectRecord record)
{
    const int index = static_cast<int>(objectCount());
    m_pendingByKey.insert(record.displayKey, index);
    m_pendingByHash.emplace(record.key, index);
    m_pendingObjects.push_back(std::move(record));
    return index;
}

ObjectVersion ChainState::version(int object, std::uint64_t height) const
{
    if (!m_head || height > head() || static_cast<std::size_t>(object) >= m_storedObjects)
        return latestVersion(object);
    if (height == m_prefetchedAt)
        if (const auto it = m_prefetched.find(object); it != m_prefetched.end())
            return it->second;
    auto v = tables().version(object, height);
    if (!v)
        fail(QStringLiteral("%1 is damaged: object %2 has no owner at block %3")
                 .arg(m_store->path())
                 .arg(object)
                 .arg(height));
    return *v;
}

// One statement for them all (StateReader::versionsOf).
void ChainState::prefetchVersions(const std::vector<int> &objects, std::uint64_t height) const
{
    m_prefetched.clear();
    m_prefetchedAt = height;
    if (objects.size() < 2 || !m_head || height > head())
        return;
    if (*std::min_element(objects.begin(), objects.end()) < 0)
        return;
    for (auto &[object, v] : tables().versionsOf(objects, height))
        m_prefetched.emplace(object, std::move(v));
    prefetchObjects(objects);
}

// The records of those not kept yet, in one statement: a read each was a
// round trip each on a read server.
void ChainState::prefetchObjects(const std::vector<int> &objects) const
{
    std::vector<int> missing;
    for (const int o : objects)
        if (o >= 0 && static_cast<std::size_t>(o) < m_storedObjects && !m_objects.find(o))
            missing.push_back(o);
    if (missing.size() < 2)
        return;
    for (auto &[number, o] : tables().objectsIn(missing))
        m_objects.insert(number, std::move(o));
}

ObjectVersion ChainState::latestVersion(int object) const
{
    const auto it = m_pendingVersions.find(object);
    if (it != m_pendingVersions.end())
        return it->second;
    return storedVersion(object);
}

ObjectVersion ChainState::storedVersion(int object) const
{
    if (!m_head || static_cast<std::size_t>(object) >= m_storedObjects)
        return {}; // not minted yet
    if (m_soleWriter)
        if (const ObjectVersion *known = m_latestVersions.find(object))
            return *known;
    ObjectVersion v = version(object, head());
    if (m_soleWriter)
        m_latestVersions.insert(object, v);
    return v;
}

std::uint64_t ChainState::storedNextTokenId(int collection) const
{
    if (!m_head)
        return 1;
    if (m_soleWriter)
        if (const auto it = m_nextTokenIds.find(collection); it != m_nextTokenIds.end())
            return it->second;
    const std::uint64_t next = tables().nextTokenId(collection);
    if (m_soleWriter)
        m_nextTokenIds[collection] = next;
    return next;
}

std::uint64_t ChainState::nextTokenId(int collection) const
{
    std::uint64_t next = storedNextTokenId(collection);
    for (const ObjectRecord &o : m_pendingObjects) {
        if (o.collection == collection)
            next = std::max(next, o.tokenId + 1);
    }
    return next;
}

ObjectVersion &ChainState::pendingVersion(int object)
{
    const auto it = m_pendingVersions.find(object);
    if (it != m_pendingVersions.end())
        return it->second;
    // A new object has no version before this one.
    const bool minted = static_cast<std::size_t>(object) >= m_storedObjects;
    return m_pendingVersions.emplace(object, minted ? ObjectVersion{} : storedVersion(object))
        .first->second;
}

void ChainState::setListing(int object, const std::optional<Listing> &listing)
{
    pendingVersion(object).listing = listing;
}

void ChainState::setLastSale(int object, const std::optional<Sale> &sale)
{
    pendingVersion(object).lastSale = sale;
}

std::vector<ActivityEntry> ChainState::activityOf(std::uint64_t height) const
{
    if (!m_head || height > head())
        return {};
    return tables().activityOf(height);
}

void ChainState::addActivity(ActivityEntry entry)
{
    entry.id = activityCount();
    m_pendingActivity.push_back(std::move(entry));
}

void ChainState::addTransaction(TxEntry entry)
{
    // Held once, in the store: a week of mints would not fit in memory.
    entry.contentSize = entry.tx.content.size();
    entry.tx.content.clear();
    m_pendingTransactions.push_back(std::move(entry));
}

StateBatch ChainState::stateBatch() const
{
    StateBatch batch;
    batch.accounts.assign(m_pendingAccounts.begin(), m_pendingAccounts.end());
    for (int index : m_pendingCollections)
        batch.collections.emplace_back(index, m_collections[static_cast<std::size_t>(index)]);
    for (std::size_t i = 0; i < m_pendingObjects.size(); ++i)
        batch.objects.emplace_back(static_cast<int>(m_storedObjects + i), m_pendingObjects[i]);
    for (const auto &[object, v] : m_pendingVersions) {
        // Read before the block's writes begin (a sole writer has it in
        // memory): a read among them would wait for all before it.
        const bool minted = static_cast<std::size_t>(object) >= m_storedObjects;
        batch.versions.push_back({object, this->object(object).collection,
                                  minted ? std::nullopt : std::optional(storedVersion(object)), v});
    }
    batch.activity = m_pendingActivity;
    batch.transactions = m_pendingTransactions;
    return batch;
}

void ChainState::commitBlock(Block block)
{
    // Stored: the block's changes are the latest state now.
    if (m_soleWriter) {
        for (const auto &[address, state] : m_pendingAccounts)
            m_latestAccounts.insert(address, state);
        for (const auto &[object, v] : m_pendingVersions)
            m_latestVersions.insert(object, v);
        for (const auto &[holder, root] : m_sealedHolders)
            m_holderRoots.insert(holder, root);
        for (const ObjectRecord &o : m_pendingObjects)
            if (const auto it = m_nextTokenIds.find(o.collection); it != m_nextTokenIds.end())
                it->second = std::max(it->second, o.tokenId + 1);
    }
    m_sealedHolders.clear();
    m_storedObjects += m_pendingObjects.size();
    m_storedActivity += m_pendingActivity.size();
    m_pendingAccounts.clear();
    m_pendingCollections.clear();
    m_pendingObjects.clear();
    m_pendingByKey.clear();
    m_pendingByHash.clear();
    m_pendingVersions.clear();
    m_pendingActivity.clear();
    m_pendingTransactions.clear();
    m_recent.push_back(block);
    if (m_recent.size() > kRecentBlocks)
        m_recent.pop_front();
    m_head = std::move(block);
}

} // namespace gifscan::chain
