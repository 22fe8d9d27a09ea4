#include "server/net/logsummary.h"

namespace gifscan::server {

LogSummary::LogSummary(const QLoggingCategory &category, QtMsgType type, int periodMs,
                       QObject *parent)
    : QObject(parent), m_category(category), m_type(type)
{
    m_period.setInterval(periodMs);
    m_period.setSingleShot(true);
    connect(&m_period, &ClockTimer::fired, this, &LogSummary::summarize);
}

void LogSummary::note(const QString &kind, const QString &line)
{
    const auto seen = m_more.find(kind);
    if (seen != m_more.end()) {
        ++*seen;
        return;
    }
    m_more.insert(kind, 0);
    say(line);
    if (!m_period.isActive())
        m_period.start();
}

void LogSummary::summarize()
{
    // A kind that came again is summed up and stays followed; one that was
    // quiet for a whole period is forgotten, and said in full next time.
    for (auto it = m_more.begin(); it != m_more.end();) {
        if (it.value() == 0) {
            it = m_more.erase(it);
            continue;
        }
        say(QStringLiteral("%1 more %2 in the last %3 s")
                .arg(it.value())
                .arg(it.key())
                .arg(m_period.interval() / 1000.0));
        it.value() = 0;
        ++it;
    }
    if (!m_more.isEmpty())
        m_period.start();
}

void LogSummary::say(const QString &line)
{
    if (!m_category.isEnabled(m_type))
        return;
    ++m_said;
    QMessageLogger logger;
    (m_type == QtWarningMsg ? logger.warning(m_category) : logger.info(m_category)).noquote()
        << line;
}

} // namespace gifscan::server
