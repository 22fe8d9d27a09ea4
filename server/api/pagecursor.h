#pragma once

#include <QString>
#include <optional>

namespace gifscan::server {

// The opaque `cursor` of list endpoints. It pins the height of the first
// page, so a walk through every page reads one consistent state (PROTOCOL §5).
// Two kinds: a list the indexer makes whole in memory (objects in a market
// or rarity order, collections, blocks, holders) goes on from an offset into
// it (p1); a list read from the store a page at a time (the activity feed,
// objects in id order) goes on from the last entry's key (p2), so that no
// cursor, however forged, makes a page read more than its own entries (an
// offset of millions made SQLite skip them).
struct PageCursor
{
    std::uint64_t height = 0;
    std::uint64_t offset = 0;
    std::optional<std::uint64_t> key; // p2: the last entry's key seen

    static PageCursor at(std::uint64_t height, std::uint64_t offset)
    {
        return {height, offset, {}};
    }
    static PageCursor keyed(std::uint64_t height, std::uint64_t key) { return {height, 0, key}; }
    QString encode() const;
    static std::optional<PageCursor> decode(const QString &text);
};

} // namespace gifscan::server
