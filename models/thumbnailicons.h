#pragma once

#include <QHash>
#include <QImage>
#include <QVariant>

class ThumbnailCache;

// Small stills of objects for table cells (an activity row, a watchlist
// row): an object's first frame from a ThumbnailCache, scaled once to
// `px` and kept, rather than scaled on every paint. Lives on the GUI
// thread, as the cache.
class ThumbnailIcons
{
public:
    explicit ThumbnailIcons(int px) : m_px(px) {}
    void setCache(ThumbnailCache *cache) { m_cache = cache; }
    ThumbnailCache *cache() const { return m_cache; }

    // The still of the object `key` (slug#id), or nothing yet; with
    // `request`, one not decoded yet is asked for.
    QVariant icon(const QString &key, bool request) const;

private:
    static constexpr qsizetype kLimit = 1024; // more than any table keeps: start over
    int m_px;
    ThumbnailCache *m_cache = nullptr;
    mutable QHash<QString, QImage> m_icons;
};
