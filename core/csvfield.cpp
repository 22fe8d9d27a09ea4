#include "core/csvfield.h"

namespace gifscan {

QString csvField(const QString &text)
{
    QString cell = text;
    if (!cell.isEmpty()) {
        const QChar first = cell.front();
        if (first == u'=' || first == u'+' || first == u'-' || first == u'@' || first == u'\t' ||
            first == u'\r')
            cell.prepend(u'\'');
    }
    if (!cell.contains(u',') && !cell.contains(u'"') && !cell.contains(u'\n') &&
        !cell.contains(u'\r') && cell == text)
        return cell;
    cell.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + cell + u'"';
}

} // namespace gifscan
