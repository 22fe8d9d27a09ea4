#include "server/webhooks/webhookhostshare.h"

#include <algorithm>

namespace gifscan::server {

void WebhookHostShare::learn(const QString &hook, const QUrl &url, const QString &owner)
{
    if (m_known.contains(hook))
        return;
    const int port = url.port(url.scheme() == QLatin1String("https") ? 443 : 80);
    const QString host =
        QStringLiteral("%1://%2:%3").arg(url.scheme(), url.host().toLower()).arg(port);
    m_known.insert(hook, {host, owner});
    m_owners[host].insert(owner);
}

void WebhookHostShare::forget(const QString &hook)
{
    const auto it = m_known.constFind(hook);
    if (it == m_known.cend())
        return;
    const Known gone = *it;
    m_known.erase(it);
    const bool stillOwns = std::any_of(m_known.cbegin(), m_known.cend(), [&](const Known &k) {
        return k.host == gone.host && k.owner == gone.owner;
    });
    if (!stillOwns && (m_owners[gone.host].remove(gone.owner), m_owners[gone.host].isEmpty()))
        m_owners.remove(gone.host);
}

WebhookHostShare::Load WebhookHostShare::loadOf(const QList<QString> &onWire) const
{
    Load load;
    for (const QString &hook : onWire) {
        const auto it = m_known.constFind(hook);
        if (it == m_known.cend())
            continue;
        ++load.hostBusy[it->host];
        ++load.ownerBusy[{it->host, it->owner}];
    }
    return load;
}

bool WebhookHostShare::fits(const Known &k, const Load &load) const
{
    // With n owners there, each has six over n + 1: a newcomer finds a seat.
    const int owners = static_cast<int>(m_owners.value(k.host).size());
    const int share = std::max(1, kPerHost / (owners + 1));
    return load.hostBusy.value(k.host) < kPerHost &&
           load.ownerBusy.value({k.host, k.owner}) < share;
}

bool WebhookHostShare::mayStart(const QString &hook, const QList<QString> &onWire) const
{
    const auto it = m_known.constFind(hook);
    return it == m_known.cend() || fits(*it, loadOf(onWire));
}

QSet<QString> WebhookHostShare::held(const QList<QString> &onWire) const
{
    const Load load = loadOf(onWire);
    QSet<QString> out;
    for (auto it = m_known.cbegin(); it != m_known.cend(); ++it)
        if (!fits(*it, load))
            out.insert(it.key());
    return out;
}

} // namespace gifscan::server
