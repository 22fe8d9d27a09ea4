#pragma once

#include "core/base/outcome.h"

#include <QObject>
#include <QString>
#include <QTimer>
#include <memory>

class QSocketNotifier;

namespace gifscan::chain {

class PostgresDatabase;

// A PostgreSQL channel LISTENed to on a connection of its own: notified()
// for each notification, as soon as the server sends it (the connection's
// socket is watched by the event loop). A connection lost is opened again
// every second, and notified() follows each reconnection, since what was
// sent meanwhile is gone. Lives on the thread that created it.
class PostgresListener : public QObject
{
    Q_OBJECT
public:
    PostgresListener(QString url, QString channel, QObject *parent = nullptr);
    ~PostgresListener() override;

    // Connects and listens; a Failure (Unavailable) when the first attempt fails.
    Outcome<> start();

Q_SIGNALS:
    void notified(const QString &payload);

private:
    Outcome<> connectNow();
    void readable();

    QString m_url;
    QString m_channel;
    std::unique_ptr<PostgresDatabase> m_db;
    QSocketNotifier *m_notifier = nullptr;
    QTimer m_reconnect;
};

} // namespace gifscan::chain
