#include "resources/resources.h"

#include <QtCore/qglobal.h>
#include <QDir>

void initGifscanResources()
{
    Q_INIT_RESOURCE(gifscan_icons);
}
