#pragma once

#include "views/mainwindow.h"
#include "views/pagemodels.h"

class ExplorerSession;
class ViewPreferences;

// Where a session meets the views, and the only place: the window's models
// and every page's, taken from the session that feeds them. The session must
// outlive what is made over them. GUI thread.
MainWindow::Models windowModelsOf(ExplorerSession &session, ViewPreferences *preferences);
PageModels pageModelsOf(ExplorerSession &session);
