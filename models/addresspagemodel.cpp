#include "models/addresspagemodel.h"

#include "core/client/nodeindex.h"
#include "models/activitylistmodel.h"
#include "models/chainwords.h"
#include "models/objectlistmodel.h"

AddressPageModel::AddressPageModel(gifscan::NodeIndex *nodeIndex, ObjectListModel *holdings,
                                   ActivityListModel *activity, QObject *parent)
    : QObject(parent), m_index(nodeIndex), m_holdings(holdings), m_activity(activity),
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
    m_activity->setAddress(address);
    m_activity->reload(); // the same address again starts over too
    // The wallet and the first page of each list in one request (GraphQL's,
    // where the node has it); the lists page on by themselves after it.
    m_holdings->awaitFirstPage();
    m_activity->awaitFirstPage();
    const int pageSize = std::min(m_holdings->pageSize(), m_activity->pageSize());
    m_index->addressPage(address, pageSize, context,
                         [this](const gifscan::Result<gifscan::AddressPageRecords> &r) {
                             if (!r.ok()) {
                                 // The lists ask again on their own: they may still answer.
                                 m_holdings->unseeded();
                                 m_activity->unseeded();
                                 Q_EMIT loadFailed(ChainWords::clientError(r.error));
                                 return;
                             }
                             // A list REST could not give beside the wallet
                             // asks again by itself.
                             if (r.value->holdingsError.ok())
                                 m_holdings->seed(r.value->holdings);
                             else
                                 m_holdings->unseeded();
                             if (r.value->activityError.ok())
                                 m_activity->seed(r.value->activity);
                             else
                                 m_activity->unseeded();
                             m_wallet = r.value->wallet;
                             QHash<QString, quint64> counts;
                             for (const auto &[slug, count] : m_wallet->holdings)
                                 counts.insert(slug, count);
                             m_groups.setCounts(counts);
                             Q_EMIT loaded();
                         });
}
