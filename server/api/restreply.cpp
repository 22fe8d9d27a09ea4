#include "server/api/restreply.h"

#include <QJsonDocument>

namespace gifscan::server::rest {

RestReply error(Status status, const char *code, const QString &message, std::uint64_t height)
{
    RestReply r;
    r.status = status;
    r.height = height;
    const QJsonObject body{
        {QStringLiteral("error"), QJsonObject{{QStringLiteral("status"), static_cast<int>(status)},
                                              {QStringLiteral("code"), QLatin1String(code)},
                                              {QStringLiteral("message"), message}}},
        {QStringLiteral("height"), static_cast<qint64>(height)}};
    r.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return r;
}

RestReply json(const QJsonObject &body, std::uint64_t height)
{
    RestReply r;
    r.height = height;
    r.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return r;
}

RestReply single(const QJsonValue &record, std::uint64_t height)
{
    return json(
        {{QStringLiteral("data"), record}, {QStringLiteral("height"), static_cast<qint64>(height)}},
        height);
}

bool isDecimal(const QString &text)
{
    if (text.isEmpty() || (text.size() > 1 && text.front() == u'0'))
        return false;
    return std::all_of(text.begin(), text.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

bool parseUint(const QString &text, std::uint64_t *out)
{
    bool ok = false;
    *out = isDecimal(text) ? text.toULongLong(&ok) : 0;
    return ok;
}

RestReply foreignCursor(std::uint64_t head)
{
    return error(Status::BadRequest, "bad_request",
                 QStringLiteral("cursor is not one this node issued"), head);
}

ListPage page(const QUrlQuery &query, std::uint64_t head, std::optional<bool> keyed)
{
    ListPage p;
    p.height = head;
    if (query.hasQueryItem(QStringLiteral("limit"))) {
        if (!parseUint(query.queryItemValue(QStringLiteral("limit")), &p.limit) || p.limit < 1 ||
            p.limit > 100)
            p.failure = error(Status::BadRequest, "bad_request",
                              QStringLiteral("limit must be an integer from 1 to 100"), head);
    }
    if (query.hasQueryItem(QStringLiteral("cursor"))) {
        auto c = PageCursor::decode(query.queryItemValue(QStringLiteral("cursor")));
        if (!c || c->height > head || (keyed && c->key.has_value() != *keyed)) {
            p.failure = foreignCursor(head);
        } else {
            p.height = c->height;
            p.offset = c->offset;
            p.key = c->key;
        }
    }
    return p;
}

} // namespace gifscan::server::rest
