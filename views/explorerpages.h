#pragma once

#include "views/pageregistry.h"

class ExplorerSession;

// Every page of the explorer, each registered once over the session's
// models: the one place a new page is added. Called on the GUI thread; the
// pages made live as long as the window that makes them, and the session
// must outlive that window.
PageRegistry explorerPages(ExplorerSession &session);
