#include "core/client/portpicker.h"

#include <QCoreApplication>
#include <QTcpServer>

namespace gifscan {

quint16 freePortTriple(quint16 first, int triples)
{
    const qint64 start = QCoreApplication::applicationPid() % triples;
    for (qint64 i = 0; i < triples; ++i) {
        const auto p = static_cast<quint16>(first + ((start + i) % triples) * 3);
        QTcpServer a, b, c;
        if (a.listen(QHostAddress::LocalHost, p) && b.listen(QHostAddress::LocalHost, p + 1) &&
            c.listen(QHostAddress::LocalHost, p + 2))
            return p;
    }
    return 0;
}

} // namespace gifscan
