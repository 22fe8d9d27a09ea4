#pragma once

class ActivityListModel;
class CollectionAnalytics;
class AddressBook;
class AddressPageModel;
class AuditModel;
class BlockListModel;
class BlockPageModel;
class CollectionListModel;
class CollectionPageModel;
class LiveFigures;
class NotificationLog;
class ObjectPageModel;
class TransactionPageModel;
class Watchlist;
class WatchlistModel;

// The models the explorer's pages show, and nothing else: views never see
// the session that feeds them. The composition root fills it (app/); every
// model must outlive the pages made over it.
struct PageModels
{
    LiveFigures *liveFigures = nullptr;
    BlockListModel *liveBlocks = nullptr; // the Live page's own list
    ActivityListModel *liveActivity = nullptr;
    BlockListModel *blocks = nullptr;
    CollectionListModel *collections = nullptr;
    ActivityListModel *activity = nullptr;
    Watchlist *watchlist = nullptr;     // none: the Watchlist page says so
    AddressBook *addressBook = nullptr; // the user's name tags; none: addresses shown bare
    WatchlistModel *watched = nullptr;
    NotificationLog *notifications = nullptr;
    ObjectPageModel *object = nullptr;
    CollectionPageModel *collection = nullptr;
    CollectionAnalytics *collectionAnalytics = nullptr; // none: no analytics tab
    BlockPageModel *block = nullptr;
    TransactionPageModel *transaction = nullptr;
    AddressPageModel *address = nullptr;
    AuditModel *audit = nullptr;
};
