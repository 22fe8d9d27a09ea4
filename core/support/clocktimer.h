#pragma once

#include "core/support/clock.h"

#include <QObject>

namespace gifscan {

// QTimer's single-shot and repeating behaviour over a Clock: what LiveSync
// and the live lists wait with, so that a test's ManualClock moves them
// without sleeping. Lives on the thread that created it, like a QTimer.
class ClockTimer : public QObject
{
    Q_OBJECT
public:
    explicit ClockTimer(QObject *parent = nullptr) : QObject(parent) {}

    // Takes effect at the next start(); the clock must outlive the timer.
    void setClock(const Clock &clock) { m_clock = &clock; }
    void setSingleShot(bool on) { m_singleShot = on; }
    void setInterval(qint64 ms) { m_interval = ms; }
    qint64 interval() const { return m_interval; }

    void start(qint64 ms);
    void start() { start(m_interval); }
    void stop()
    {
        ++m_ticket;
        m_active = false;
    }
    bool isActive() const { return m_active; }

Q_SIGNALS:
    void fired();

private:
    void arm();

    const Clock *m_clock = &Clock::steady();
    qint64 m_interval = 0;
    bool m_singleShot = false;
    bool m_active = false;
    // Each start() takes a new ticket: a callback armed before a stop() or
    // restart carries an old one and does nothing.
    quint64 m_ticket = 0;
};

} // namespace gifscan
