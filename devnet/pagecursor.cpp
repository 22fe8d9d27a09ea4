#include "devnet/pagecursor.h"

#include <QByteArray>
#include <QList>

namespace gifscan::devnet {

QString PageCursor::encode() const
{
    const QByteArray plain = "p1:" + QByteArray::number(height) + ':' + QByteArray::number(offset);
    return QString::fromLatin1(
        plain.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

std::optional<PageCursor> PageCursor::decode(const QString &text)
{
    auto decoded = QByteArray::fromBase64Encoding(
        text.toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    const QList<QByteArray> parts = decoded.decoded.split(':');
    if (parts.size() != 3 || parts[0] != "p1")
        return std::nullopt;
    bool okHeight = false, okOffset = false;
    PageCursor c{parts[1].toULongLong(&okHeight), parts[2].toULongLong(&okOffset)};
    if (!okHeight || !okOffset)
        return std::nullopt;
    return c;
}

} // namespace gifscan::devnet
