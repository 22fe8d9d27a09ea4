#include "server/webhooks/promotionwatch.h"

#include "server/webhooks/webhookstore.h"

#include <condition_variable>
#include <mutex>
#include <thread>

namespace gifscan::server {

// What the watch and its thread share; the thread holds it past the watch.
struct PromotionWatch::State
{
    State(const QString &u, std::chrono::milliseconds i, PromotionWatch *o)
        : url(u), interval(i), owner(o)
    {
    }

    const QString url;
    const std::chrono::milliseconds interval;
    std::mutex mutex;
    std::condition_variable wake;
    // Under mutex: null once the watch is destroyed. Posting to it under the
    // mutex keeps it alive while posted to; ~QObject drops what is posted.
    PromotionWatch *owner;

    // Waits out one interval; false once the watch is gone.
    bool waitOne()
    {
        std::unique_lock lock(mutex);
        return !wake.wait_for(lock, interval, [this] { return owner == nullptr; });
    }
    // Says promoted() on the owner's thread, if there is still an owner.
    void tellOwner()
    {
        std::lock_guard lock(mutex);
        if (owner)
            QMetaObject::invokeMethod(owner, &PromotionWatch::promoted, Qt::QueuedConnection);
    }
};

PromotionWatch::PromotionWatch(const QString &url, std::chrono::milliseconds interval,
                               QObject *parent)
    : QObject(parent), m_state(std::make_shared<State>(url, interval, this))
{
}

PromotionWatch::~PromotionWatch()
{
    {
        std::lock_guard lock(m_state->mutex);
        m_state->owner = nullptr;
    }
    m_state->wake.notify_all();
}

void PromotionWatch::start()
{
    if (m_started)
        return;
    m_started = true;
    std::thread([state = m_state] {
        while (state->waitOne()) {
            // Still read only, or away for a moment (refused, or not
            // answering within the connect timeout): asked again after the
            // next interval.
            if (!WebhookStore::takesWrites(state->url))
                continue;
            state->tellOwner();
            return;
        }
    }).detach();
}

} // namespace gifscan::server
