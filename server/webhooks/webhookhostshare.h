#pragma once

#include <QHash>
#include <QSet>
#include <QString>
#include <QUrl>

namespace gifscan::server {

// How the deliveries on the wire share one receiver's host:port between
// the webhooks' owners. Qt keeps at most six connections to a host:port and
// queues the rest, so six never-answering webhooks of one owner stopped
// every other owner's deliveries there (a fast receiver's 21 deliveries in
// 45 s fell to none). Here each owner may have a share of the six on the
// wire, a seat always left for one more owner, so Qt never queues. Lives on
// the thread of the service that sends (the node thread).
class WebhookHostShare
{
public:
    static constexpr int kPerHost = 6; // Qt's connections to one host:port

    // Remembers `hook`'s host:port and owner (a webhook's URL never changes).
    void learn(const QString &hook, const QUrl &url, const QString &owner);
    void forget(const QString &hook);
    // Whether `hook` may start a delivery with `onWire` (webhook ids) on the wire.
    bool mayStart(const QString &hook, const QList<QString> &onWire) const;
    // The webhooks known that may not start one now.
    QSet<QString> held(const QList<QString> &onWire) const;

private:
    struct Known
    {
        QString host; // scheme://host:port
        QString owner;
    };
    struct Load
    {
        QHash<QString, int> hostBusy;                  // host → on the wire
        QHash<QPair<QString, QString>, int> ownerBusy; // (host, owner) → on the wire
    };
    Load loadOf(const QList<QString> &onWire) const;
    bool fits(const Known &k, const Load &load) const;

    QHash<QString, Known> m_known;
    QHash<QString, QSet<QString>> m_owners; // host → owners of webhooks known there
};

} // namespace gifscan::server
