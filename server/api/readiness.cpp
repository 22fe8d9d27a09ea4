#include "server/api/readiness.h"

#include "server/api/pagecursor.h"

namespace gifscan::server {

Readiness Readiness::of(const chain::ChainReadScope &scope, const chain::ServedChain &chain,
                        const QUrlQuery &query)
{
    Readiness r;
    if (!scope.ok()) {
        r.problem = QStringLiteral("this server cannot read its database now (%1)")
                        .arg(scope.failure().message);
        return r;
    }
    const std::uint64_t head = chain.state().head();
    std::optional<std::uint64_t> need;
    if (query.hasQueryItem(QStringLiteral("minHeight"))) {
        bool ok = false;
        const QString text = query.queryItemValue(QStringLiteral("minHeight"));
        const qulonglong h = text.toULongLong(&ok);
        if (!ok || text.startsWith(u'+')) {
            r.badRequest = true;
            r.problem = QStringLiteral("minHeight is a block height: digits, no sign");
            return r;
        }
        need = h;
    }
    // On the node a cursor from beyond its head is not its own (refused
    // later as such); on a read server it is one a fresher replica issued.
    if (chain.options().readsOnly && query.hasQueryItem(QStringLiteral("cursor"))) {
        if (auto c = PageCursor::decode(query.queryItemValue(QStringLiteral("cursor"))))
            need = std::max(need.value_or(0), c->height);
    }
    if (need && *need > head) {
        r.need = need;
        r.problem = QStringLiteral("this server has read up to block %1 and the request needs "
                                   "block %2: ask again in a moment")
                        .arg(head)
                        .arg(*need);
    }
    return r;
}

} // namespace gifscan::server
