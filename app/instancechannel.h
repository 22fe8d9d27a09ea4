#pragma once

#include <QLocalServer>
#include <QObject>

// One gifscan per user: the first instance listens on a local socket; a
// later one (started by a gif:// link) hands its link over and exits.
// Lives on the GUI thread.
class InstanceChannel : public QObject
{
    Q_OBJECT
public:
    explicit InstanceChannel(const QString &name, QObject *parent = nullptr);
    // The user's channel for this home: keyed by the folders its settings
    // and data are in, so that another home is another gifscan.
    static QString defaultName();

    // True when another instance took the message (then this one should exit).
    bool sendToRunning(const QString &message, int timeoutMs = 1000);
    // Becomes the instance others talk to.
    bool listen();

Q_SIGNALS:
    void received(const QString &message);

private:
    QString m_name;
    QLocalServer m_server;
};
