#pragma once

#include <QObject>
#include <QString>
#include <chrono>
#include <memory>

namespace gifscan::server {

// Whether a read-only database (a standby) takes writes yet (it was
// promoted), asked every `interval` on a connection of its own, on a thread
// of its own. A database host that does not answer holds a connection
// attempt for libpq's connect timeout (5 s an address; a name that does
// not resolve, longer): asked on the node thread, as it was, a standby
// whose host had gone away froze the read server's every answer, /health's
// too, for 5 s of every 5.
//
// The watch lives on the thread that made it (the node thread), where
// promoted() is emitted, once. The asking runs on a detached thread that
// shares only the watch's State: the destructor does not wait for an
// attempt under way (a server stopping would wait with it), it tells the
// thread to stop and unhooks itself, and the thread ends after the attempt.
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
    struct State;
    std::shared_ptr<State> m_state;
    bool m_started = false;
};

} // namespace gifscan::server
