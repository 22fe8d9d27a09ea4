#include "resources/resources.h"

#include <QDir>
#include <QtCore/qglobal.h>

void initGifscanResources()
{
    Q_INIT_RESOURCE(gifscan_icons);
}
