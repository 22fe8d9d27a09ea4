#pragma once

#include "chain/engine/chain.h"

#include <QUrl>

namespace gifscan::devnet {

// A read server's gif_sendRawTransaction: the transaction POSTed to the node
// it indexes (JSON-RPC over HTTP/1.1, on a socket of its own) and the node's
// answer given back as its own, accepted or refused with the node's reason.
// Blocking, within a deadline: the read server answers one request at a
// time on its thread, and the node is near (loopback or its network). A
// node that did not answer is not asked again for a few seconds (each
// transaction meanwhile is refused as unavailable at once), so that a node
// gone away costs the server one deadline, not one per transaction.
// Lives on the node thread.
class TransactionForwarder
{
public:
    explicit TransactionForwarder(QUrl rpc, int timeoutMs = 5000)
        : m_rpc(std::move(rpc)), m_timeoutMs(timeoutMs)
    {
    }
    Submission operator()(std::span<const std::uint8_t> raw);

private:
    Submission forward(std::span<const std::uint8_t> raw) const;

    QUrl m_rpc;
    int m_timeoutMs;
    qint64 m_quietUntilMs = 0; // steady clock: the node did not answer, ask again after
    static constexpr qint64 kQuietMs = 5000;
};

} // namespace gifscan::devnet
