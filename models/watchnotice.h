#pragma once

#include "core/protocol/records.h"

#include <QMetaType>
#include <optional>

// What a watchlist notification is about, kept as facts rather than
// words: the log words it when it is read, so an entry made before the
// language changed, or before an address got its name tag, reads in
// today's language with today's tags.
struct WatchNotice
{
    enum class Kind {
        Event, // something happened to a watched object, address or collection
        Floor, // a watched collection's floor moved
        Away,  // what was missed during an absence, summed
    };
    Kind kind = Kind::Event;
    gifscan::ActivityEntry event; // Event
    QString slug;                 // Floor
    std::optional<gifscan::Amount> floorBefore, floorAfter;
    quint64 missedBlocks = 0; // Away
    int missedEvents = 0;
};
Q_DECLARE_METATYPE(WatchNotice)
