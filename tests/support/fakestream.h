#pragma once

#include "core/client/nodestream.h"

namespace gifscan::test {

// A node's stream the test drives by hand: open() only records the wish;
// accept() or refuse() answers it, push() delivers what the node would send
// and drop() loses the connection. Nothing happens unless the test says so,
// so a reconnect is a line of the test, not a race. Lives on the test's thread.
class FakeStream final : public NodeStream
{
    Q_OBJECT
public:
    using NodeStream::NodeStream;

    void open() override
    {
        ++m_opens;
        m_open = false;
        m_pending = true;
    }
    void close() override
    {
        m_open = false;
        m_pending = false;
    }
    bool isOpen() const override { return m_open; }

    // How often open() was called; whether one waits for an answer.
    int opens() const { return m_opens; }
    bool pending() const { return m_pending; }

    // The connection asked for is made.
    void accept()
    {
        m_pending = false;
        m_open = true;
        Q_EMIT opened();
    }
    // It fails: refused, or no handshake.
    void refuse(const QString &reason = QStringLiteral("refused"))
    {
        m_pending = false;
        Q_EMIT closed(reason);
    }
    // An open connection is lost.
    void drop(const QString &reason = QStringLiteral("reset"))
    {
        m_open = false;
        Q_EMIT closed(reason);
    }
    void push(const BlockHeader &header) { Q_EMIT headArrived(header); }
    void push(const ActivityEntry &event) { Q_EMIT eventArrived(event); }

private:
    int m_opens = 0;
    bool m_open = false;
    bool m_pending = false;
};

} // namespace gifscan::test
