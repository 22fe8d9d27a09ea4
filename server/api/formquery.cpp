#include "server/api/formquery.h"

namespace gifscan::server {

namespace {
QString formDecoded(QByteArray encoded)
{
    // '+' first: a %2B decoded afterwards stays a plus.
    encoded.replace('+', ' ');
    return QString::fromUtf8(QByteArray::fromPercentEncoding(encoded));
}
} // namespace

std::optional<QString> formValue(const QUrl &url, QStringView name)
{
    const QByteArray query = url.query(QUrl::FullyEncoded).toLatin1();
    for (const QByteArray &pair : query.split('&')) {
        const qsizetype eq = pair.indexOf('=');
        const QByteArray key = eq < 0 ? pair : pair.left(eq);
        if (formDecoded(key) == name)
            return formDecoded(eq < 0 ? QByteArray() : pair.mid(eq + 1));
    }
    return std::nullopt;
}

} // namespace gifscan::server
