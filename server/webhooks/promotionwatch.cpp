#include "server/webhooks/promotionwatch.h"

#include "server/webhooks/webhookstore.h"

namespace gifscan::server {

PromotionWatch::PromotionWatch(const QString &url, std::chrono::milliseconds interval,
                               QObject *parent)
    : QObject(parent), m_url(url), m_interval(interval)
{
}

PromotionWatch::~PromotionWatch()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread)
        m_thread->wait();
}

void PromotionWatch::start()
{
    if (m_thread)
        return;
    m_thread.reset(QThread::create([this] { run(); }));
    m_thread->start(QThread::LowPriority);
}

bool PromotionWatch::waitOne()
{
    std::unique_lock lock(m_mutex);
    return !m_wake.wait_for(lock, m_interval, [this] { return m_stopping; });
}

void PromotionWatch::run()
{
    while (waitOne()) {
        // Still read only, or away for a moment (refused, or not answering
        // within the connect timeout): asked again after the next interval.
        if (!WebhookStore::takesWrites(m_url))
            continue;
        // Queued to the watch's own thread: dropped there if the watch is
        // destroyed first (its destructor joins this thread before it goes).
        QMetaObject::invokeMethod(this, &PromotionWatch::promoted, Qt::QueuedConnection);
        return;
    }
}

} // namespace gifscan::server
