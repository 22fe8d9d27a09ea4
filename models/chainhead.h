#pragma once

#include <QObject>
#include <cstdint>
#include <optional>

// The newest height the live feed has delivered: what bounds the heights a
// page can travel to, and what confirmations are counted from. The session
// keeps one and advances it with every head; pages' models read it. Lives on
// the GUI thread.
class ChainHead : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // None until the first head: a chain of genesis alone has height 0.
    std::optional<std::uint64_t> height() const { return m_height; }
    // Heads only go up: a late or repeated one changes nothing.
    void advance(std::uint64_t height)
    {
        if (m_height && height <= *m_height)
            return;
        m_height = height;
        Q_EMIT advanced(height);
    }
    // The blocks from `height` to the head, both counted: 1 in the head
    // block itself; 0 before the first head or for a height beyond it.
    std::uint64_t confirmations(std::uint64_t height) const
    {
        return m_height && height <= *m_height ? *m_height - height + 1 : 0;
    }

Q_SIGNALS:
    void advanced(std::uint64_t height);

private:
    std::optional<std::uint64_t> m_height;
};
