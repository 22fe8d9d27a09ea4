#include "models/thumbnailicons.h"

#include "core/protocol/commitments.h"
#include "models/thumbnailcache.h"

QVariant ThumbnailIcons::icon(const QString &key, bool request) const
{
    if (!m_cache || key.isEmpty())
        return {};
    const auto cached = m_icons.constFind(key);
    if (cached != m_icons.constEnd())
        return *cached;
    const auto thumbnail = m_cache->find(key);
    if (!thumbnail || thumbnail->frames.isEmpty()) {
        QString slug;
        std::uint64_t id = 0;
        if (request && gifscan::parseDisplayKey(key, &slug, &id))
            m_cache->request(slug, id);
        return {};
    }
    if (m_icons.size() > kLimit)
        m_icons.clear();
    const QImage icon =
        thumbnail->frames.first().scaled(m_px, m_px, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    m_icons.insert(key, icon);
    return icon;
}
