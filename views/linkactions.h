#pragma once

#include "models/location.h"
#include "models/watchlist.h"

#include <QObject>
#include <functional>
#include <optional>
#include <utility>

class AddressBook;
class QMenu;
class QWidget;

// What every linked value offers wherever it is shown, in one place so a
// table cell, a grid tile, a detail page's link and a copy button all offer
// the same: copy the value, copy it as a gif:// link, open it, watch it.
// One per window, a child of it, found by each linked widget through its
// window (of()) rather than passed down every page's constructor; a widget
// outside such a window (a test's alone) offers copy only. What it did is
// said in the window's status bar. Lives on the GUI thread.
class LinkActions : public QObject
{
    Q_OBJECT
public:
    LinkActions(Watchlist *watchlist, AddressBook *addressBook, QObject *parent = nullptr);
    // The one of `widget`'s window; none outside a window that has one.
    static LinkActions *of(const QWidget *widget);

    // `value` on the clipboard, said in the status bar.
    void copy(const QString &value);
    // The same from a widget: through its window's LinkActions, or straight
    // to the clipboard for a widget outside such a window.
    static void copyFrom(const QWidget *widget, const QString &value);
    // The gif:// link of `to` on the clipboard (a height kept).
    void copyLink(const Location &to);
    // Asks for `address`'s name tag in a small dialog over `parent`, kept on OK.
    void editLabel(const QString &address, QWidget *parent);
    // The window's name tags (none: addresses are shown bare).
    AddressBook *addressBook() const { return m_addressBook; }
    // A context menu for a value that names `to`, deleted when closed, for
    // the caller to add to and popup(): Copy (`value`, the full text), Copy
    // as gif:// link, Open (`open`, the widget's own way of going there, as a
    // click would), Watch for what can be watched, and for an address its
    // name tag.
    QMenu *menu(const Location &to, const QString &value, QWidget *parent,
                const std::function<void()> &open);

    // What a watchlist would keep of `to`: objects, addresses, collections.
    static std::optional<std::pair<Watchlist::Kind, QString>> watchable(const Location &to);

Q_SIGNALS:
    // A confirmation for the status bar.
    void said(const QString &message);

private:
    Watchlist *m_watchlist;     // none: no Watch entry
    AddressBook *m_addressBook; // none: no name tags
};
