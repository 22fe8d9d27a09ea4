#pragma once

// Makes sure the compiled-in icons are registered before the first icon is
// asked for (a static library's resources are not always pulled in alone).
void initGifscanResources();
