#pragma once

#include <QObject>
#include <QString>
#include <QThread>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

namespace gifscan::server {

// Whether a read-only database (a standby) takes writes yet (it was
// promoted), asked every `interval` on a connection of its own, on a thread
// of its own. A database host that does not answer holds a connection
// attempt for libpq's connect timeout (5 s): asked on the node thread, as
// it was, a standby whose host had gone away froze the read server's every
// answer, /health's too, for 5 s of every 5.
//
// The watch lives on the thread that made it (the node thread), where
// promoted() is emitted, once; the asking runs on m_thread, which the
// destructor wakes and joins (an attempt under way ends within its timeout).
class PromotionWatch : public QObject
{
    Q_OBJECT
public:
    PromotionWatch(const QString &url, std::chrono::milliseconds interval,
                   QObject *parent = nullptr);
    ~PromotionWatch() override;

    void start();

Q_SIGNALS:
    void promoted();

private:
    void run();
    // Waits out one interval; false when the watch is being stopped.
    bool waitOne();

    QString m_url;
    std::chrono::milliseconds m_interval;
    std::unique_ptr<QThread> m_thread;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false; // under m_mutex
};

} // namespace gifscan::server
