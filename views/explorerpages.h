#pragma once

#include "models/pagemodels.h"
#include "views/pageregistry.h"

// Every page of the explorer, each registered once over its models: the one
// place a new page is added. Called on the GUI thread; the pages made live
// as long as the window that makes them, and the models must outlive that
// window.
PageRegistry explorerPages(const PageModels &models);
