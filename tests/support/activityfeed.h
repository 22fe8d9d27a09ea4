#pragma once

#include "tests/support/devnetharness.h"

#include <QUrlQuery>
#include <algorithm>
#include <vector>

namespace gifscan::test {

// The node's own REST feed of mints, sales and transfers in heights
// from..to, oldest first: what a webhook for those types must deliver.
inline std::vector<QJsonObject> activityBetween(Http &http, const QString &baseUrl,
                                                std::uint64_t from, std::uint64_t to)
{
    std::vector<QJsonObject> out;
    QString cursor;
    for (int page = 0; page < 1000; ++page) {
        QUrlQuery q;
        q.addQueryItem(QStringLiteral("type"), QStringLiteral("mint,sale,transfer"));
        q.addQueryItem(QStringLiteral("since"), QString::number(from));
        q.addQueryItem(QStringLiteral("limit"), QStringLiteral("100"));
        if (!cursor.isEmpty())
            q.addQueryItem(QStringLiteral("cursor"), cursor);
        const HttpResult r = http.get(baseUrl + QStringLiteral("/v1/activity?") + q.toString());
        for (const auto &e : r.data().toArray()) {
            const QJsonObject entry = e.toObject();
            if (static_cast<std::uint64_t>(entry[QStringLiteral("height")].toInteger()) <= to)
                out.push_back(entry);
        }
        cursor = r.json()[QStringLiteral("cursor")].toString();
        if (cursor.isEmpty())
            break;
    }
    std::reverse(out.begin(), out.end());
    return out;
}

} // namespace gifscan::test
