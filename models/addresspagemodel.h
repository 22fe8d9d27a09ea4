#pragma once

#include "core/client/requestscope.h"
#include "core/protocol/records.h"
#include "models/collectiongroupsmodel.h"

#include <QObject>

namespace gifscan {
class NodeIndex;
}
class ActivityListModel;
class LiveFeed;
class ObjectListModel;

// One address: balance, nonce, counters and holdings per collection, and
// the objects it owns handed to an ObjectListModel, grouped by collection
// for the grid.
// Lives on the GUI thread.
class AddressPageModel : public QObject
{
    Q_OBJECT
public:
    AddressPageModel(gifscan::NodeIndex *nodeIndex, ObjectListModel *holdings,
                     ActivityListModel *activity, QObject *parent = nullptr);

    void load(const gifscan::Address &address);
    // The wallet's figures follow the head: asked again as it advances (one
    // question at a time), and the holdings grid again when they changed.
    void follow(const LiveFeed &feed);
    const std::optional<gifscan::Wallet> &wallet() const { return m_wallet; }
    // The height the wallet's figures are at.
    std::uint64_t height() const { return m_height; }
    ObjectListModel *holdings() const { return m_holdings; }
    CollectionGroupsModel *holdingGroups() { return &m_groups; }
    ActivityListModel *activity() const { return m_activity; }

Q_SIGNALS:
    void loaded();
    void loadFailed(const QString &message);
    // The figures moved on with the head: wallet() and height() are new.
    void refreshed();

private:
    gifscan::NodeIndex *m_index;
    ObjectListModel *m_holdings;
    ActivityListModel *m_activity;
    CollectionGroupsModel m_groups;
    void refresh();
    void askHoldings(const gifscan::Address &address);
    void showHoldings(const gifscan::Wallet &wallet);

    std::optional<gifscan::Wallet> m_wallet;
    std::uint64_t m_height = 0;
    bool m_refreshing = false;
    gifscan::RequestScope m_scope; // one address at a time
};
