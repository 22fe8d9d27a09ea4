#include "app/sessionviews.h"

#include "session/explorersession.h"

MainWindow::Models windowModelsOf(ExplorerSession &s, ViewPreferences *preferences)
{
    MainWindow::Models m{&s.collections, &s.status,   &s.broadcast,
                         preferences,    s.watchlist, s.watchlist ? &s.notifications : nullptr};
    m.addressBook = s.addressBook;
    return m;
}

PageModels pageModelsOf(ExplorerSession &s)
{
    PageModels m;
    m.liveFigures = &s.liveFigures;
    m.liveBlocks = &s.liveBlocks;
    m.liveActivity = &s.liveActivity;
    m.blocks = &s.blocks;
    m.collections = &s.collections;
    m.activity = &s.activity;
    m.watchlist = s.watchlist;
    m.addressBook = s.addressBook;
    m.watched = s.watched.get();
    m.notifications = &s.notifications;
    m.object = &s.object;
    m.collection = &s.collection;
    m.collectionAnalytics = &s.collectionAnalytics;
    m.block = &s.block;
    m.transaction = &s.transaction;
    m.address = &s.address;
    m.audit = &s.audit;
    return m;
}
