#pragma once

#include "core/sync/livesync.h"

#include <QList>
#include <QSet>
#include <vector>

namespace gifscan::test {

// Records what a LiveSync delivers and checks the order as it goes.
struct SyncRecorder
{
    std::vector<std::uint64_t> heights;
    int unverified = 0;
    QSet<QString> eventIds;
    int duplicateEvents = 0;
    int eventsBeforeTheirHead = 0;
    QList<LiveSync::State> states;
    QString wrongNetwork;

    void attach(LiveSync &sync)
    {
        QObject::connect(&sync, &LiveSync::headDelivered, &sync,
                         [this](const BlockHeader &h, bool verified) {
                             heights.push_back(h.height);
                             unverified += verified ? 0 : 1;
                         });
        QObject::connect(&sync, &LiveSync::eventDelivered, &sync, [this](const ActivityEntry &e) {
            if (eventIds.contains(e.id))
                ++duplicateEvents;
            eventIds.insert(e.id);
            if (heights.empty() || heights.back() != e.height)
                ++eventsBeforeTheirHead;
        });
        QObject::connect(&sync, &LiveSync::stateChanged, &sync,
                         [this](LiveSync::State s) { states.append(s); });
        QObject::connect(&sync, &LiveSync::wrongNetwork, &sync,
                         [this](const QString &why) { wrongNetwork = why; });
    }
    bool consecutiveFrom(std::uint64_t first) const
    {
        for (std::size_t i = 0; i < heights.size(); ++i) {
            if (heights[i] != first + i)
                return false;
        }
        return true;
    }
    std::uint64_t last() const { return heights.empty() ? 0 : heights.back(); }
};

} // namespace gifscan::test
