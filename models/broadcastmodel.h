#pragma once

#include "core/client/clienterror.h"
#include "core/client/requestscope.h"
#include "core/crypto/privatekey.h"
#include "core/protocol/records.h"
#include "core/protocol/transaction.h"

#include <QObject>
#include <QTimer>

namespace gifscan {
class NodeIndex;
class NodeProver;
} // namespace gifscan

// A signed raw transaction pasted by the user: decoded and explained before
// anything is sent (kind, sender recovered from the signature, fee), then
// broadcast and followed to its receipt; a rejection comes back in words.
// Lives on the GUI thread.
class BroadcastModel : public QObject
{
    Q_OBJECT
public:
    enum class State { Empty, Invalid, Decoded, Sending, Rejected, Pending, Included };

    struct Preview
    {
        gifscan::Transaction tx;
        gifscan::Hash32 hash{};
        gifscan::SignatureCheck signature = gifscan::SignatureCheck::Unsigned;
        gifscan::Address sender{};
        std::optional<gifscan::Amount> maxFee; // gas price × gas limit; none past 2^256 - 1
        QString summary;                       // what it does, in words
    };

    BroadcastModel(gifscan::NodeIndex *nodeIndex, gifscan::NodeProver *prover,
                   QObject *parent = nullptr);

    void setRaw(const QString &hex);
    void send();
    void setFollowInterval(int ms) { m_follow.setInterval(ms); }

    State state() const { return m_state; }
    // Decoded and signed: what Send may send (problem() says why not).
    bool canSend() const;
    const std::optional<Preview> &preview() const { return m_preview; }
    QString problem() const { return m_problem; } // Invalid / Rejected / unsendable: why
    const std::optional<gifscan::TransactionWithReceipt> &result() const { return m_result; }
    // The node's rejection reason (PROTOCOL §3's words) in a sentence.
    static QString explainRejection(const QString &reason, const QString &message);

Q_SIGNALS:
    void stateChanged();

private:
    void setState(State s);
    void poll();

    gifscan::NodeIndex *m_index;
    gifscan::NodeProver *m_prover;
    gifscan::Bytes m_raw;
    State m_state = State::Empty;
    std::optional<Preview> m_preview;
    QString m_problem;
    std::optional<gifscan::TransactionWithReceipt> m_result;
    QTimer m_follow;
    gifscan::RequestScope m_scope; // the transaction being sent and followed
};
