#pragma once

#include "views/mainwindow.h"

// The window's list pages (Live, Collections, Activity), built over the
// session's models. Called on the GUI thread.
class ListPages
{
public:
    static QWidget *live(const MainWindow::Models &m, QWidget *parent);
    static QWidget *collections(const MainWindow::Models &m, QWidget *parent);
    static QWidget *activity(const MainWindow::Models &m, QWidget *parent);
};
