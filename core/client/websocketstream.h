#pragma once

#include "core/client/nodestream.h"
#include "core/client/websocketconnection.h"
#include "core/support/clocktimer.h"

#include <QHash>
#include <QUrl>

namespace gifscan {

// NodeStream over a node's websocket (PROTOCOL §6): subscribes to newHeads
// and objectEvents on every connection, decodes the notifications, caps what
// it takes (WebSocketConnection: refused on a frame's header, never
// buffered), and drops a connection that stopped answering pings or never
// finished its handshake. Lives on the thread that created it (the GUI
// thread, or the CLI's main thread).
class WebSocketStream : public NodeStream
{
    Q_OBJECT
public:
    // The largest websocket message (and frame) taken from a node; a larger
    // one closes the socket (PROTOCOL: what the client takes from a node).
    static constexpr qint64 kMaxMessageBytes = 1024 * 1024;

    struct Options
    {
        int pingIntervalMs = 30000; // the socket is dropped after three silent intervals
        int handshakeTimeoutMs = 10000;
        // What both waits are measured on; a test's clock moves them by hand.
        const Clock *clock = &Clock::steady();
    };

    explicit WebSocketStream(const QUrl &url, QObject *parent = nullptr);
    WebSocketStream(const QUrl &url, const Options &options, QObject *parent = nullptr);
    ~WebSocketStream() override;

    void open() override;
    void close() override;
    bool isOpen() const override { return m_up; }

private:
    enum class Feed { Heads, Events };

    void onConnected();
    void onDisconnected();
    void onMessage(const QString &text);
    // A message that is not what the protocol says: said once, then summed
    // up at most every kSummaryMs, and after kMostGarbageInRow in a row the
    // connection is dropped (a flood of them wrote 4 million log lines in
    // 30 s); whoever follows the stream opens it again.
    void ignored(const QString &what);
    void subscribe(Feed feed, const QString &params);
    void pingOrDrop();

    QUrl m_url;
    Options m_options;
    WebSocketConnection m_socket;
    bool m_wanted = false; // open() was called and close() was not
    bool m_up = false;
    // A connection's subscribe requests by id, then its subscriptions by the
    // ids the node gave them: both die with the connection.
    int m_nextRequest = 1;
    QHash<int, Feed> m_asked;
    QHash<QString, Feed> m_subscriptions;
    ClockTimer m_pingTimer;
    ClockTimer m_handshakeTimer;
    qint64 m_lastHeardMs = 0; // on the options' clock
    static constexpr int kMostGarbageInRow = 1000;
    static constexpr qint64 kSummaryMs = 10000;
    int m_garbageInRow = 0;
    int m_ignoredUnsaid = 0; // since the last line about them
    qint64 m_saidAtMs = -1;  // when a line about them was last written
};

} // namespace gifscan
