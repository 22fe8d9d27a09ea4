#pragma once

#include "tests/support/devnetprocess.h"

#include <QByteArray>
#include <QHostAddress>
#include <QTcpSocket>
#include <atomic>
#include <functional>
#include <memory>

// What bench_abuse's abuses share: the node they abuse (one for the whole
// run, a child process, so that its RSS is its own), the stranger's address
// and blocking socket helpers. Each abuse runs on a thread of its own, with
// Qt's blocking socket calls, until `stop`.
namespace gifscan::test::abuse {

struct Node
{
    std::unique_ptr<DevnetProcess> process;
    quint16 rest = 0;
    quint16 rpc = 0;
    quint16 ws = 0;
    std::uint64_t head = 0; // when it started
    int objects = 200;
};

// One node for the whole run: every abuse meets the node as the others left
// it. By default this build's gifscan-devnet on a chain of 200 objects in
// memory; GIFSCAN_ABUSE_DEVNET names another build's (the one before a
// change, to measure both), GIFSCAN_ABUSE_DATA_DIR a chain kept on disk
// with GIFSCAN_ABUSE_OBJECTS objects (the scans of a large chain).
Node &node();
// The stranger's address; the normal client is 127.0.0.1.
QHostAddress stranger();
// A connection from `from`, or null.
QTcpSocket *connected(quint16 port, const QHostAddress &from);
// One whole HTTP answer (head and Content-Length body) from `s`, or what
// came before it stopped.
QByteArray readAnswer(QTcpSocket &s);

using Abuse = std::function<void(const std::atomic<bool> &stop)>;

// The abuses of the protocol's own endpoints found by the attacker's review
// (protocolabuses.cpp).
void graphqlScans(const std::atomic<bool> &stop);
void hugeWebsocketFrame(const std::atomic<bool> &stop);
void unreadPongs(const std::atomic<bool> &stop);
void binaryFrames(const std::atomic<bool> &stop);

// The second review's (pageabuses.cpp): a page in the user's browser, and
// scans that grow with the chain.
void pageFlood(const std::atomic<bool> &stop);
void pageMints(const std::atomic<bool> &stop);
void introspectionAliases(const std::atomic<bool> &stop);
void forgedFeedCursors(const std::atomic<bool> &stop);
void restPriceSorts(const std::atomic<bool> &stop);
void subscriptionFanout(const std::atomic<bool> &stop);

} // namespace gifscan::test::abuse
