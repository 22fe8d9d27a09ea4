#pragma once

#include "core/support/clock.h"

#include <QHash>
#include <QImage>
#include <QObject>
#include <QSet>
#include <QThreadPool>
#include <functional>
#include <list>
#include <memory>

// One object's animation at thumbnail size: frames scaled once, and where
// each ends on the loop's clock, so any clock time maps to a frame.
struct Thumbnail
{
    QList<QImage> frames;
    QList<int> endsMs;  // cumulative
    qsizetype cost = 0; // bytes of pixels

    int durationMs() const { return endsMs.isEmpty() ? 0 : endsMs.last(); }
    bool animated() const { return frames.size() > 1; }
    int frameIndexAt(qint64 clockMs) const;
    const QImage &frameAt(qint64 clockMs) const { return frames[frameIndexAt(clockMs)]; }

    // Decodes a GIF straight to thumbnail frames, one frame alive at a time
    // (the full-size canvas is never kept). Any thread.
    static std::shared_ptr<const Thumbnail> decode(const QByteArray &gif, int size, int maxFrames);
};
Q_DECLARE_METATYPE(std::shared_ptr<const Thumbnail>)

// Thumbnails of objects by display key, decoded off the GUI thread, under a
// memory budget. Only what a view asks for is fetched and decoded, newest
// request first, so fast scrolling never queues up what has left the screen.
// Over budget, the least recently painted go first; a visible set larger
// than the budget gets still (first-frame) thumbnails rather than thrashing.
// Lives on the GUI thread; decodes on its own pool.
class ThumbnailCache : public QObject
{
    Q_OBJECT
public:
    // Fetches a GIF's bytes and calls back on the GUI thread (empty: failed).
    using Fetch = std::function<void(const QString &slug, std::uint64_t tokenId, QObject *context,
                                     std::function<void(QByteArray)> done)>;

    explicit ThumbnailCache(Fetch fetch, QObject *parent = nullptr);
    ~ThumbnailCache() override;

    void setThumbnailSize(int px) { m_size = px; }
    int thumbnailSize() const { return m_size; }
    void setBudget(qsizetype bytes);
    qsizetype budget() const { return m_budget; }
    void setMaxFrames(int frames) { m_maxFrames = frames; }
    // Where "painted within the last second" is read from (tests move it).
    void setClock(const gifscan::Clock &clock) { m_clock = &clock; }

    // The thumbnail if it is here (and marks it used); nullptr otherwise.
    std::shared_ptr<const Thumbnail> find(const QString &key);
    // Asks for a thumbnail; `ready` follows when it is decoded.
    void request(const QString &slug, std::uint64_t tokenId);

    qsizetype bytesUsed() const { return m_used; }
    int decodedCount() const { return m_decoded; }
    // Nothing asked for is waiting, being fetched or being decoded.
    bool idle() const { return m_wanted.isEmpty() && m_busy.isEmpty(); }
    int size() const { return static_cast<int>(m_entries.size()); }

Q_SIGNALS:
    void ready(const QString &key);

private:
    struct Wanted
    {
        QString key;
        QString slug;
        std::uint64_t tokenId = 0;
    };
    struct Entry
    {
        std::shared_ptr<const Thumbnail> thumbnail;
        std::list<QString>::iterator lru;
        qint64 usedAtMs = 0;
    };
    void pump();
    void store(const QString &key, std::shared_ptr<const Thumbnail> thumbnail);
    void evictFor(qsizetype bytes);

    Fetch m_fetch;
    QThreadPool m_pool;
    const gifscan::Clock *m_clock = &gifscan::Clock::steady();
    QHash<QString, Entry> m_entries;
    std::list<QString> m_lru; // front: most recently used
    QList<Wanted> m_wanted;   // back: newest request
    QSet<QString> m_busy;     // fetching or decoding
    qsizetype m_budget = 128 * 1024 * 1024;
    qsizetype m_used = 0;
    int m_size = 96;
    int m_maxFrames = 120;
    int m_inFlight = 0;
    int m_decoded = 0;
    bool m_closing = false;
};
