#pragma once

class ActivityListModel;
class AddressBook;
class AddressPageModel;
class AuditModel;
class BlockListModel;
class BlockPageModel;
class BroadcastModel;
class CollectionAnalytics;
class CollectionListModel;
class CollectionPageModel;
class LiveFigures;
class NetworkStatusModel;
class NotificationLog;
class ObjectPageModel;
class TransactionPageModel;
class Watchlist;
class WatchlistModel;

// The models the explorer's window and pages show, and nothing else: views
// never see the session that feeds them. The session hands it out
// (ExplorerSession::pages); a test may fill it with models over fakes.
// Every model must outlive the window and pages made over it.
struct PageModels
{
    NetworkStatusModel *status = nullptr; // the status bar's
    BroadcastModel *broadcast = nullptr;  // the Send dialog's
    LiveFigures *liveFigures = nullptr;
    BlockListModel *liveBlocks = nullptr; // the Live page's own list
    ActivityListModel *liveActivity = nullptr;
    BlockListModel *blocks = nullptr;
    CollectionListModel *collections = nullptr; // also the search box's completions
    ActivityListModel *activity = nullptr;
    Watchlist *watchlist = nullptr;     // none: the Watchlist page says so, no Watch action
    AddressBook *addressBook = nullptr; // the user's name tags; none: addresses shown bare
    WatchlistModel *watched = nullptr;
    NotificationLog *notifications = nullptr; // none: no notifications shown
    ObjectPageModel *object = nullptr;
    CollectionPageModel *collection = nullptr;
    CollectionAnalytics *collectionAnalytics = nullptr; // none: no analytics tab
    BlockPageModel *block = nullptr;
    TransactionPageModel *transaction = nullptr;
    AddressPageModel *address = nullptr;
    AuditModel *audit = nullptr;
};
