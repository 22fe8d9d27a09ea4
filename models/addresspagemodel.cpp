#include "models/addresspagemodel.h"

#include "core/nodeindex.h"
#include "models/activitylistmodel.h"
#include "models/chainwords.h"
#include "models/objectlistmodel.h"

AddressPageModel::AddressPageModel(gifscan::NodeIndex *rest, ObjectListModel *holdings,
                                   ActivityListModel *activity, QObject *parent)
    : QObject(parent), m_rest(rest), m_holdings(holdings), m_activity(activity),
      m_groups(holdings, ObjectListModel::SlugRole)
{
}

void AddressPageModel::load(const gifscan::Address &address)
{
    QObject *context = m_scope.renew();
    m_wallet.reset();
    m_groups.setCounts({});
    gifscan::NodeIndex::ObjectQuery q;
    q.owner = address;
    m_holdings->setQuery(q);
    m_holdings->fetchMore({});
    m_activity->setAddress(address);
    m_activity->fetchMore({});
    m_rest->wallet(address, context, [this](const gifscan::Result<gifscan::Wallet> &r) {
        if (!r.ok()) {
            Q_EMIT loadFailed(ChainWords::clientError(r.error));
            return;
        }
        m_wallet = *r.value;
        QHash<QString, quint64> counts;
        for (const auto &[slug, count] : m_wallet->holdings)
            counts.insert(slug, count);
        m_groups.setCounts(counts);
        Q_EMIT loaded();
    });
}
