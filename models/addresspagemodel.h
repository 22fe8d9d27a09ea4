#pragma once

#include "core/client/requestscope.h"
#include "core/protocol/records.h"
#include "models/collectiongroupsmodel.h"

#include <QObject>

namespace gifscan {
class NodeIndex;
}
class ActivityListModel;
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
    const std::optional<gifscan::Wallet> &wallet() const { return m_wallet; }
    ObjectListModel *holdings() const { return m_holdings; }
    CollectionGroupsModel *holdingGroups() { return &m_groups; }
    ActivityListModel *activity() const { return m_activity; }

Q_SIGNALS:
    void loaded();
    void loadFailed(const QString &message);

private:
    gifscan::NodeIndex *m_index;
    ObjectListModel *m_holdings;
    ActivityListModel *m_activity;
    CollectionGroupsModel m_groups;
    std::optional<gifscan::Wallet> m_wallet;
    gifscan::RequestScope m_scope; // one address at a time
};
