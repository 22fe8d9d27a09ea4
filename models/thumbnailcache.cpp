#include "models/thumbnailcache.h"

#include "core/gif/gifdecoder.h"
#include "core/protocol/commitments.h"
#include "models/frameimage.h"

#include <algorithm>

namespace {
// Fetches in flight at once: enough to hide a round trip, few enough that the
// newest requests are not stuck behind a screenful that has scrolled away.
constexpr int kMaxInFlight = 4;
// Requests kept waiting; older ones are dropped and asked again if painted.
constexpr int kMaxWanted = 96;
} // namespace

namespace {
bool isOpaque(const QImage &image)
{
    for (int y = 0; y < image.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x) {
            if (qAlpha(line[x]) != 255)
                return false;
        }
    }
    return true;
}
} // namespace

int Thumbnail::frameIndexAt(qint64 clockMs) const
{
    if (frames.size() < 2 || durationMs() <= 0)
        return 0;
    const int t = static_cast<int>(clockMs % durationMs());
    return static_cast<int>(std::upper_bound(endsMs.begin(), endsMs.end(), t) - endsMs.begin());
}

std::shared_ptr<const Thumbnail> Thumbnail::decode(const QByteArray &gif, int size, int maxFrames)
{
    auto out = std::make_shared<Thumbnail>();
    gifscan::GifDecoder decoder(gif);
    if (!decoder.open())
        return nullptr;
    const QSize target =
        QSize(decoder.width(), decoder.height()).scaled(size, size, Qt::KeepAspectRatio);
    gifscan::GifFrame frame;
    int end = 0;
    while (out->frames.size() < maxFrames && decoder.readFrame(&frame)) {
        const QImage canvas = frameImage(frame, decoder.width(), decoder.height());
        // Opaque frames as RGB32, which the raster engine copies line by line;
        // frames with transparency premultiplied, which it blends fastest.
        QImage scaled = canvas.scaled(target, Qt::IgnoreAspectRatio, Qt::SmoothTransformation)
                            .convertToFormat(QImage::Format_ARGB32_Premultiplied);
        if (isOpaque(scaled))
            scaled = std::move(scaled).convertToFormat(QImage::Format_RGB32);
        out->cost += scaled.sizeInBytes();
        out->frames.append(std::move(scaled));
        end += frame.delayMs;
        out->endsMs.append(end);
    }
    if (out->frames.isEmpty())
        return nullptr;
    return out;
}

ThumbnailCache::ThumbnailCache(Fetch fetch, QObject *parent)
    : QObject(parent), m_fetch(std::move(fetch))
{
    // One decoding thread: the other core stays with the GUI.
    m_pool.setMaxThreadCount(1);
}

ThumbnailCache::~ThumbnailCache()
{
    m_closing = true;
    m_pool.clear();
    m_pool.waitForDone(); // decoders post back to this object
}

void ThumbnailCache::setBudget(qsizetype bytes)
{
    m_budget = bytes;
    evictFor(0);
}

std::shared_ptr<const Thumbnail> ThumbnailCache::find(const QString &key)
{
    auto it = m_entries.find(key);
    if (it == m_entries.end())
        return nullptr;
    m_lru.splice(m_lru.begin(), m_lru, it->lru);
    it->usedAtMs = m_clock->nowMs();
    return it->thumbnail;
}

void ThumbnailCache::request(const QString &slug, std::uint64_t tokenId)
{
    const QString key = gifscan::displayKey(slug, tokenId);
    if (m_entries.contains(key) || m_busy.contains(key))
        return;
    m_wanted.removeIf([&](const Wanted &w) { return w.key == key; });
    m_wanted.append({key, slug, tokenId});
    if (m_wanted.size() > kMaxWanted)
        m_wanted.remove(0, m_wanted.size() - kMaxWanted);
    pump();
}

void ThumbnailCache::pump()
{
    while (m_inFlight < kMaxInFlight && !m_wanted.isEmpty()) {
        const Wanted w = m_wanted.takeLast(); // the newest request is what is on screen now
        ++m_inFlight;
        m_busy.insert(w.key);
        m_fetch(w.slug, w.tokenId, this, [this, key = w.key](QByteArray gif) {
            --m_inFlight;
            if (gif.isEmpty() || m_closing) {
                m_busy.remove(key);
                pump();
                return;
            }
            const int size = m_size, maxFrames = m_maxFrames;
            m_pool.start([this, key, gif, size, maxFrames] {
                auto thumbnail = Thumbnail::decode(gif, size, maxFrames);
                QMetaObject::invokeMethod(
                    this, [this, key, thumbnail] { store(key, thumbnail); }, Qt::QueuedConnection);
            });
            pump();
        });
    }
}

void ThumbnailCache::store(const QString &key, std::shared_ptr<const Thumbnail> thumbnail)
{
    m_busy.remove(key);
    if (!thumbnail)
        return;
    ++m_decoded;
    evictFor(thumbnail->cost);
    if (m_used + thumbnail->cost > m_budget && thumbnail->animated()) {
        // What is on screen does not fit: keep this one still.
        auto still = std::make_shared<Thumbnail>();
        still->frames = {thumbnail->frames.first()};
        still->endsMs = {thumbnail->endsMs.first()};
        still->cost = thumbnail->frames.first().sizeInBytes();
        thumbnail = still;
    }
    m_lru.push_front(key);
    m_entries.insert(key, {thumbnail, m_lru.begin(), m_clock->nowMs()});
    m_used += thumbnail->cost;
    Q_EMIT ready(key);
}

void ThumbnailCache::evictFor(qsizetype bytes)
{
    // Least recently painted first; what was painted within the last second
    // is on screen and stays, or it would be decoded again at once.
    const qint64 onScreen = m_clock->nowMs() - 1000;
    while (m_used + bytes > m_budget && !m_lru.empty()) {
        const QString victim = m_lru.back();
        if (m_entries.value(victim).usedAtMs > onScreen)
            break;
        m_lru.pop_back();
        m_used -= m_entries.take(victim).thumbnail->cost;
    }
}
