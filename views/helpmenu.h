#pragma once

#include <QMenu>

class NetworkStatusModel;

// The window's Help menu: the keyboard shortcuts (read off the window's
// actions when asked, so a new shortcut is listed without an edit here) and
// About (the version, Qt's, and the network and head the window follows).
// Lives on the GUI thread.
class HelpMenu : public QMenu
{
    Q_OBJECT
public:
    HelpMenu(QWidget *window, NetworkStatusModel *status);

    // What each dialog says, for the dialogs and for tests.
    static QString shortcutsText(const QWidget *window);
    static QString aboutText(const NetworkStatusModel *status);
};
