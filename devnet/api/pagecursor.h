#pragma once

#include <QString>
#include <optional>

namespace gifscan::devnet {

// The opaque `cursor` of list endpoints. It pins the height of the first
// page, so a walk through every page reads one consistent state (PROTOCOL §5).
struct PageCursor
{
    std::uint64_t height = 0;
    std::uint64_t offset = 0;

    QString encode() const;
    static std::optional<PageCursor> decode(const QString &text);
};

} // namespace gifscan::devnet
