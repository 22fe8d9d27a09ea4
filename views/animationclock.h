#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

// The one clock every animated thumbnail follows: a frame is a function of
// the clock's time, so a hundred thumbnails cost one timer, not a hundred.
// Ticks only while someone watches. Lives on the GUI thread.
class AnimationClock : public QObject
{
    Q_OBJECT
public:
    explicit AnimationClock(QObject *parent = nullptr);

    qint64 nowMs() const { return m_elapsed.elapsed(); }
    void setTickInterval(int ms) { m_timer.setInterval(ms); }
    void watch();
    void unwatch();
    bool running() const { return m_timer.isActive(); }

Q_SIGNALS:
    void ticked(qint64 nowMs);

private:
    QElapsedTimer m_elapsed;
    QTimer m_timer;
    int m_watchers = 0;
};
