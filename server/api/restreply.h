#pragma once

#include "server/api/pagecursor.h"

#include <QByteArray>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrlQuery>
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace gifscan::server {

// One REST answer before it meets a connection: status, body, type, the
// X-Block-Height it carries and any other headers.
struct RestReply
{
    QHttpServerResponder::StatusCode status = QHttpServerResponder::StatusCode::Ok;
    QByteArray body;
    QByteArray mime = QByteArrayLiteral("application/json");
    std::uint64_t height = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    // Handed to a read server's reader (ReaderPool): the answer is owed,
    // and written when it comes. Nothing else of this reply is meant.
    bool deferred = false;
};

namespace rest {

using Status = QHttpServerResponder::StatusCode;

// The protocol's error body: {"error": {status, code, message}, "height"}.
RestReply error(Status status, const char *code, const QString &message, std::uint64_t height);
RestReply json(const QJsonObject &body, std::uint64_t height);
// {"data": record, "height"}.
RestReply single(const QJsonValue &record, std::uint64_t height);

// Digits only, no leading zero: the form of a height or a count.
bool isDecimal(const QString &text);
// False for what is not a decimal and for what does not fit 64 bits.
bool parseUint(const QString &text, std::uint64_t *out);

// Paging shared by every list: limit and cursor checked, height pinned.
struct ListPage
{
    std::uint64_t height = 0;
    std::uint64_t offset = 0;
    std::optional<std::uint64_t> key; // a keyed list's: the last key of the page before
    std::uint64_t limit = 25;
    std::optional<RestReply> failure;

    template <typename F> RestReply answer(std::uint64_t total, F &&recordAt) const
    {
        QJsonArray data;
        // A forged cursor may say any offset: nothing here may wrap.
        const std::uint64_t end =
            offset >= total ? total : offset + std::min(limit, total - offset);
        for (std::uint64_t i = offset; i < end; ++i)
            data.append(recordAt(i));
        const QJsonValue cursor =
            end < total ? QJsonValue(PageCursor::at(height, end).encode()) : QJsonValue();
        return json({{QStringLiteral("data"), data},
                     {QStringLiteral("cursor"), cursor},
                     {QStringLiteral("height"), static_cast<qint64>(height)}},
                    height);
    }
    // A keyed list's page from what was read: up to `limit` of `entries`
    // (one more says another page follows), the cursor the last one's key.
    template <typename T, typename Key, typename Record>
    RestReply answerKeyed(const std::vector<T> &entries, Key &&keyOf, Record &&recordOf) const
    {
        QJsonArray data;
        const std::size_t n = std::min<std::size_t>(entries.size(), limit);
        for (std::size_t i = 0; i < n; ++i)
            data.append(recordOf(entries[i]));
        const QJsonValue cursor =
            entries.size() > n
                ? QJsonValue(PageCursor::keyed(height, keyOf(entries[n - 1])).encode())
                : QJsonValue();
        return json({{QStringLiteral("data"), data},
                     {QStringLiteral("cursor"), cursor},
                     {QStringLiteral("height"), static_cast<qint64>(height)}},
                    height);
    }
};

// The page a list's `limit` and `cursor` ask for, at most at `head`; a
// `keyed` list takes keyed cursors only, the others offsets only (nullopt:
// either, for a list whose kind its filter decides).
ListPage page(const QUrlQuery &query, std::uint64_t head, std::optional<bool> keyed = false);
// The refusal of a cursor of the wrong kind.
RestReply foreignCursor(std::uint64_t head);

} // namespace rest
} // namespace gifscan::server
