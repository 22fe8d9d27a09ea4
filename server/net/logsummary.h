#pragma once

#include "core/support/clocktimer.h"

#include <QHash>
#include <QLoggingCategory>
#include <QObject>
#include <QString>

namespace gifscan::server {

// Says what keeps happening in one line a second for each kind of event:
// the first one in full when it happens, then, while more keep coming, how
// many came each second. A stranger sending malformed request heads made one line
// each, 7,900 a second (86 GB a day), relayed into the explorer's log too.
// Lives on the thread that made it (the node thread).
class LogSummary : public QObject
{
    Q_OBJECT
public:
    LogSummary(const QLoggingCategory &category, QtMsgType type, int periodMs = 1000,
               QObject *parent = nullptr);

    // One event of `kind` (a few words, the same for every event alike),
    // said in full as `line` when it is the first of its kind this period.
    void note(const QString &kind, const QString &line);

    // The clock its periods are on (tests: a ManualClock); takes effect at
    // the next period. The clock must outlive the summary.
    void setClock(const Clock &clock) { m_period.setClock(clock); }

    // Lines said so far, summaries included (tests).
    qint64 linesSaid() const { return m_said; }

private:
    void say(const QString &line);
    void summarize();

    const QLoggingCategory &m_category;
    QtMsgType m_type;
    ClockTimer m_period;
    // Kinds followed (seen this period or the last), with how many came
    // this period that were not said.
    QHash<QString, qint64> m_more;
    qint64 m_said = 0;
};

} // namespace gifscan::server
