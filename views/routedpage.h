#pragma once

#include "models/location.h"
#include "models/watchlist.h"

#include <QWidget>
#include <optional>
#include <utility>

// What the window's router needs of a page: open a location of the kind it
// was registered for, say what there can be watched, and say where the user
// went from it. A page knows nothing of the window or of other pages. Lives on
// the GUI thread.
class RoutedPage : public QWidget
{
    Q_OBJECT
public:
    using Watchable = std::pair<Watchlist::Kind, QString>;

    using QWidget::QWidget;

    // The property a page's splitter carries once the reader has dragged it
    // (set by the window, which keeps and restores only those): until then
    // the page may arrange it.
    static constexpr const char *kReaderMoved = "gifscanReaderMoved";

    // Shows `where`. A list page has only its kind and ignores it.
    virtual void open(const Location &where);
    // Shows `where` asked for afresh (F5), even when the page has it.
    virtual void reload(const Location &where) { open(where); }
    // Why `where` cannot be opened, said in place of opening it; empty: it can.
    virtual QString refusal(const Location &where) const;
    // What can be watched while `where` is shown: by default what a link to
    // it offers (LinkActions::watchable: an object, an address, a collection).
    virtual std::optional<Watchable> watchable(const Location &where) const;
    // The theme changed: what the page drew in the old one's colours is
    // drawn again from what its model holds (nothing asked of the node, no
    // verdict lost). Nothing to do by default.
    virtual void restyle() {}

    // A link's text (a DetailBrowser anchor, a watchlist entry), followed.
    void follow(const QString &link);
    // Follows the location a list cell names (Location::ItemRole), if any.
    void followItem(const QModelIndex &index);

Q_SIGNALS:
    // The user followed a link, activated a row or asked for another height:
    // a new place in the history.
    void followed(const Location &to);
    // The place shown is better named otherwise (a hash that named a block):
    // the same place in the history, shown by the page for `to`. (Not
    // "redirected": QWidget has a virtual of that name, which clang warns
    // a signal hides.)
    void renamed(const Location &to);
};
