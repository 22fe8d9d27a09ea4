#pragma once

#include "chain/engine/chain.h"

#include <QHash>
#include <QHostAddress>
#include <QNetworkAccessManager>
#include <QObject>
#include <QUrl>
#include <functional>
#include <span>

namespace gifscan::server {

// A read server's gif_sendRawTransaction: the transaction, once it passed
// what any holder of its bytes can check (Chain::refusedAtTheEdge), POSTed
// to the node the server indexes, and the node's answer given back as the
// server's own, accepted or refused with the node's reason.
//
// Asynchronous, on connections kept to the node (Qt keeps six): a node
// answering in 4.5 s had held the server's one thread for each transaction,
// a normal client getting 15 answers in 30 s instead of some 470. Each
// client has a share of what is on its way at once (kPerClient, and
// kInFlight in all), so that one client's flood cannot take every other's
// place; the node is told whose it is (X-Forwarded-For), which it believes
// from the servers it trusts (--trusted-proxies) and so rate-limits each
// client apart. A node that did not answer is not asked again for a few
// seconds (each transaction meanwhile refused as unavailable at once).
// Lives on the node thread.
class TransactionForwarder : public QObject
{
    Q_OBJECT
public:
    static constexpr int kPerClient = 4;
    static constexpr int kInFlight = 64;
    static constexpr qint64 kQuietMs = 5000;

    explicit TransactionForwarder(QUrl rpc, int timeoutMs = 5000, QObject *parent = nullptr);
    ~TransactionForwarder() override;

    using Answered = std::function<void(const chain::Submission &)>;
    // `answered` is called once, later or at once (a refusal needs no node);
    // `client` is whose it is: its share, and the node's word for it.
    void forward(std::span<const std::uint8_t> raw, const QHostAddress &client, Answered answered);
    int inFlight() const { return m_inFlight; }

private:
    chain::Submission fromNode(const QByteArray &body) const;
    void finish(const QString &client, bool unreachable);

    QUrl m_rpc;
    int m_timeoutMs;
    QNetworkAccessManager m_nam;
    QHash<QString, int> m_byClient; // clientKey → on its way
    int m_inFlight = 0;
    qint64 m_quietUntilMs = 0; // steady clock: the node did not answer, ask again after
};

} // namespace gifscan::server
