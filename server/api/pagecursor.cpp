#include "server/api/pagecursor.h"

#include <QByteArray>
#include <QList>
#include <algorithm>

namespace gifscan::server {

QString PageCursor::encode() const
{
    const QByteArray plain =
        key ? "p2:" + QByteArray::number(height) + ':' + QByteArray::number(*key)
            : "p1:" + QByteArray::number(height) + ':' + QByteArray::number(offset);
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
    if (parts.size() != 3 || (parts[0] != "p1" && parts[0] != "p2"))
        return std::nullopt;
    // As encode() writes them: digits only, no sign, space or leading zero
    // (toULongLong alone took "+5" and " 5").
    auto number = [](const QByteArray &digits) -> std::optional<std::uint64_t> {
        if (digits.isEmpty() || (digits.size() > 1 && digits.front() == '0') ||
            !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::nullopt;
        bool ok = false;
        const std::uint64_t v = digits.toULongLong(&ok);
        return ok ? std::optional(v) : std::nullopt;
    };
    const auto height = number(parts[1]), value = number(parts[2]);
    if (!height || !value)
        return std::nullopt;
    return parts[0] == "p2" ? keyed(*height, *value) : at(*height, *value);
}

} // namespace gifscan::server
