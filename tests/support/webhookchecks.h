#pragma once

#include "tests/support/webhookreceiver.h"

#include <QDateTime>
#include <QJsonObject>
#include <QTest>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace gifscan::test {

// What a receiver got, held against the chain's activity feed: shared by
// the node's webhook tests and the indexer's workers'.
inline std::uint64_t heightOf(const WebhookReceiver::Request &r)
{
    return static_cast<std::uint64_t>(
        r.json[QStringLiteral("data")][QStringLiteral("height")].toInteger());
}

inline QString entryId(const WebhookReceiver::Request &r)
{
    return r.json[QStringLiteral("data")][QStringLiteral("id")].toString();
}

// Waits until the receiver has acknowledged every one of `expected`.
inline bool awaitAll(WebhookReceiver &receiver, const std::vector<QJsonObject> &expected,
                     int timeoutMs = 30000)
{
    std::set<QString> want;
    for (const auto &e : expected)
        want.insert(e[QStringLiteral("id")].toString());
    return QTest::qWaitFor(
        [&] {
            std::set<QString> got;
            for (const auto &r : receiver.accepted())
                got.insert(entryId(r));
            return std::includes(got.begin(), got.end(), want.begin(), want.end());
        },
        timeoutMs);
}

// What set a receiver's deliveries apart from the feed, for a failure's
// message: a webhook-id acknowledged more than once (with when each came,
// a resend after the node's timeout showing as a gap of that timeout), and
// the feed's entries missing or extra.
inline std::string deliveryDifference(const std::vector<WebhookReceiver::Request> &got,
                                      const std::vector<QJsonObject> &expected)
{
    std::map<QByteArray, std::vector<const WebhookReceiver::Request *>> byId;
    std::set<QString> gotEntries;
    for (const auto &r : got) {
        byId[r.id].push_back(&r);
        gotEntries.insert(entryId(r));
    }
    std::set<QString> wantEntries;
    for (const auto &e : expected)
        wantEntries.insert(e[QStringLiteral("id")].toString());
    QString out;
    for (const auto &[id, requests] : byId) {
        if (requests.size() < 2)
            continue;
        out += QStringLiteral("\n%1 (entry %2, height %3) acknowledged at")
                   .arg(QString::fromLatin1(id), entryId(*requests.front()))
                   .arg(heightOf(*requests.front()));
        for (const auto *r : requests)
            out += QStringLiteral(" %1").arg(r->atMs - got.front().atMs);
        out += QStringLiteral(" ms");
    }
    for (const auto &e : wantEntries)
        if (!gotEntries.count(e))
            out += QStringLiteral("\nin the feed, never delivered: %1").arg(e);
    for (const auto &e : gotEntries)
        if (!wantEntries.count(e))
            out += QStringLiteral("\ndelivered, not in the feed: %1").arg(e);
    return out.toStdString();
}

// How a receiver counts what it acknowledged: every delivery, or (as a
// Standard Webhooks receiver does) one per webhook-id, a repeat of an id
// being the same event again, which the sender may do after a crash.
enum class Repeats { Refused, Deduplicated };

// Every acknowledged delivery from `from` up to `to`: signed, each event
// once, in height and feed order, and exactly the node's feed.
inline void expectExactlyOnceInOrder(const WebhookReceiver &receiver,
                                     const std::vector<QJsonObject> &expected, std::uint64_t to,
                                     std::uint64_t from = 0, Repeats repeats = Repeats::Refused)
{
    std::vector<WebhookReceiver::Request> got;
    std::map<QByteArray, QString> first;
    for (const auto &r : receiver.accepted()) {
        EXPECT_TRUE(r.signatureValid) << r.id.constData();
        if (heightOf(r) > to || heightOf(r) < from)
            continue;
        if (repeats == Repeats::Deduplicated) {
            const auto [it, fresh] = first.emplace(r.id, entryId(r));
            EXPECT_EQ(it->second, entryId(r)) << "one webhook-id for two events";
            if (!fresh)
                continue;
        }
        got.push_back(r);
    }
    ASSERT_EQ(got.size(), expected.size()) << deliveryDifference(got, expected);
    std::map<QByteArray, QString> idOf;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const QJsonObject data = got[i].json[QStringLiteral("data")].toObject();
        const QJsonObject &want = expected[i];
        EXPECT_EQ(data[QStringLiteral("id")], want[QStringLiteral("id")]) << i;
        EXPECT_EQ(data[QStringLiteral("type")], want[QStringLiteral("type")]) << i;
        EXPECT_EQ(data[QStringLiteral("key")], want[QStringLiteral("key")]) << i;
        EXPECT_EQ(data[QStringLiteral("txHash")], want[QStringLiteral("txHash")]) << i;
        EXPECT_EQ(data[QStringLiteral("from")], want[QStringLiteral("from")]) << i;
        EXPECT_EQ(data[QStringLiteral("to")], want[QStringLiteral("to")]) << i;
        EXPECT_EQ(got[i].json[QStringLiteral("type")], want[QStringLiteral("type")]);
        EXPECT_TRUE(data[QStringLiteral("blockHash")].toString().startsWith(QLatin1String("0x")));
        EXPECT_TRUE(
            QDateTime::fromString(got[i].json[QStringLiteral("timestamp")].toString(), Qt::ISODate)
                .isValid());
        EXPECT_TRUE(idOf.emplace(got[i].id, entryId(got[i])).second)
            << "webhook-id " << got[i].id.constData() << " acknowledged twice";
    }
}

} // namespace gifscan::test
