#pragma once

#include "core/protocol/records.h"

#include <QObject>
#include <QString>

namespace gifscan {

// What a node pushes (the websocket of PROTOCOL §6), as live sync follows
// it: the seam beside NodeIndex and NodeProver. open() connects and asks for
// new heads and object events; what arrives comes as signals until the
// connection is lost (closed) or close() is called. WebSocketStream is the
// real one; tests/support has a fake the test drives by hand. Lives on the
// thread that created it; its signals are emitted there, never inside open()
// or close().
class NodeStream : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    ~NodeStream() override = default;

    // Connects (again, dropping a connection there was); opened or closed follows.
    virtual void open() = 0;
    // Drops the connection; nothing is emitted for it, and nothing after it
    // until the next open().
    virtual void close() = 0;
    virtual bool isOpen() const = 0;

Q_SIGNALS:
    // Connected and subscribed: heads and events flow from here on.
    void opened();
    // A connection that was open is lost, or one being opened failed:
    // `reason` says which, in core's English.
    void closed(const QString &reason);
    // Decoded and well formed; whether it is true is the caller's question.
    void headArrived(const gifscan::BlockHeader &header);
    void eventArrived(const gifscan::ActivityEntry &event);
};

} // namespace gifscan
