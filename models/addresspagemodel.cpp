#include "models/addresspagemodel.h"

#include "core/client/nodeindex.h"
#include "models/activitylistmodel.h"
#include "models/chainwords.h"
#include "models/livefeed.h"
#include "models/objectlistmodel.h"

AddressPageModel::AddressPageModel(gifscan::NodeIndex *nodeIndex, ObjectListModel *holdings,
                                   ActivityListModel *activity, QObject *parent)
    : QObject(parent), m_index(nodeIndex), m_holdings(holdings), m_activity(activity),
      m_groups(holdings, ObjectListModel::SlugRole)
{
}

void AddressPageModel::follow(const LiveFeed &feed)
{
    connect(&feed, &LiveFeed::advanced, this, &AddressPageModel::refresh);
}

void AddressPageModel::showHoldings(const gifscan::Wallet &wallet)
{
    QHash<QString, quint64> counts;
    for (const auto &[slug, count] : wallet.holdings)
        counts.insert(slug, count);
    m_groups.setCounts(counts);
}

// The grid's question: the objects `address` owns.
void AddressPageModel::askHoldings(const gifscan::Address &address)
{
    gifscan::NodeIndex::ObjectQuery q;
    q.owner = address;
    m_holdings->setQuery(q);
}

void AddressPageModel::refresh()
{
    if (!m_wallet || m_refreshing)
        return;
    m_refreshing = true;
    const gifscan::Address address = m_wallet->address;
    m_index->wallet(address, std::nullopt, m_scope.context(),
                    [this](const gifscan::Result<gifscan::Wallet> &r) {
                        m_refreshing = false;
                        // A failed or older answer leaves the figures as they are, at their height.
                        if (!r.ok() || !m_wallet || r.height < m_height)
                            return;
                        const bool holdingsChanged = r.value->holdings != m_wallet->holdings;
                        m_wallet = *r.value;
                        m_height = r.height;
                        showHoldings(*m_wallet);
                        if (holdingsChanged) {
                            // The grid again from its first page: what it lists moved.
                            askHoldings(m_wallet->address);
                            m_holdings->fetchMore({});
                        }
                        Q_EMIT refreshed();
                    });
}

void AddressPageModel::load(const gifscan::Address &address)
{
    QObject *context = m_scope.renew();
    m_refreshing = false;
    m_height = 0;
    m_wallet.reset();
    m_groups.setCounts({});
    askHoldings(address);
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
                             m_height = r.height ? r.height : r.value->holdings.height;
                             showHoldings(*m_wallet);
                             Q_EMIT loaded();
                         });
}
