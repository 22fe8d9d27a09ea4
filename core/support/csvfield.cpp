#include "core/support/csvfield.h"

namespace gifscan {

QString csvField(const QString &text)
{
    const QChar first = text.isEmpty() ? QChar() : text.front();
    const bool formula = first == u'=' || first == u'+' || first == u'-' || first == u'@' ||
                         first == u'\t' || first == u'\r';
    const bool special =
        text.contains(u',') || text.contains(u'"') || text.contains(u'\n') || text.contains(u'\r');
    if (!formula && !special)
        return text;
    QString cell = formula ? u'\'' + text : text;
    cell.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + cell + u'"';
}

} // namespace gifscan
