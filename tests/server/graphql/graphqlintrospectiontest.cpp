// Introspection is not timed (its work is the schema's own), so it is
// priced: twenty aliases of a nested __schema (9 KB, one token) held the
// node's thread at 100 % and a normal client's p99 went from 6 ms to 2.3 s.
// Now a query asks for __schema once, pays the standard answer's price up
// front and what it resolved past that after, may resolve at most four
// times that, and the standard answer is worked out once.
#include "server/graphql/introspection.h"
#include "tests/support/devnetharness.h"
#include "tests/support/manualclock.h"

#include <QElapsedTimer>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

QString errorsOf(const HttpResult &r)
{
    QStringList all;
    for (const QJsonValue &e : r.json()[QStringLiteral("errors")].toArray())
        all.append(e[QStringLiteral("message")].toString());
    return all.join(u"; ");
}

// A __schema selection that nests __Type.fields `depth` times, each level
// three times over (the type, its ofType and that one's): the shape of the
// attack, whose work triples with each level.
QString nested(int depth)
{
    QString type = QStringLiteral("name");
    for (int i = 0; i < depth; ++i)
        type = QStringLiteral("name fields { name type { %1 ofType { %1 ofType { %1 } } } }")
                   .arg(type);
    return QStringLiteral("__schema { types { %1 } }").arg(type);
}

class GraphqlIntrospection : public ::testing::Test
{
protected:
    void SetUp() override
    {
        // tokens come back only when the test says so
        auto config = DevnetHarness::rateLimitedConfig(8, 5.0, 1, 1000, &m_clock);
        m_devnet = std::make_unique<DevnetHarness>(config);
        ASSERT_TRUE(m_devnet->ok());
    }
    HttpResult post(const QString &query)
    {
        return m_devnet->http().post(m_devnet->rest(QStringLiteral("/graphql")),
                                     QJsonDocument(QJsonObject{{QStringLiteral("query"), query}})
                                         .toJson(QJsonDocument::Compact));
    }
    // The tokens left in the client's bucket, found by spending them; then
    // the bucket is filled again.
    int tokensLeft()
    {
        int left = 0;
        while (left < 2000 && m_devnet->get(QStringLiteral("/v1/mempool")).status != 429)
            ++left;
        m_clock.advance(10'000'000);
        return left;
    }

    ManualClock m_clock;
    std::unique_ptr<DevnetHarness> m_devnet;
};

} // namespace

TEST_F(GraphqlIntrospection, ASchemaOnceAQueryWhateverItIsCalled)
{
    QStringList twenty;
    for (int i = 0; i < 20; ++i)
        twenty.append(QStringLiteral("a%1: %2").arg(i).arg(nested(1)));
    HttpResult r = post(QStringLiteral("{ %1 }").arg(twenty.join(u' ')));
    EXPECT_EQ(errorsOf(r),
              QStringLiteral("The query asks for __schema 20 times; at most 1 per query."));
    EXPECT_FALSE(r.json().contains(QStringLiteral("data")));
    // Through a fragment and an inline fragment, it is asked all the same.
    r = post(QStringLiteral("{ __schema { queryType { name } } ...F ... on Query { b: __schema { "
                            "queryType { name } } } } fragment F on Query { c: __schema { "
                            "queryType { name } } }"));
    EXPECT_EQ(errorsOf(r),
              QStringLiteral("The query asks for __schema 3 times; at most 1 per query."));
    r = post(QStringLiteral("{ __schema { queryType { name } } }"));
    EXPECT_TRUE(r.json()[QStringLiteral("data")].isObject()) << errorsOf(r).toStdString();
}

TEST_F(GraphqlIntrospection, TheStandardQueryPaysItsPriceAndIsWorkedOutOnce)
{
    const int full = tokensLeft();
    ASSERT_GT(full, 900);
    const QString standard = QString::fromLatin1(server::graphql::standardIntrospectionQuery());
    QElapsedTimer first;
    first.start();
    const HttpResult a = post(standard);
    const qint64 firstMs = first.elapsed();
    ASSERT_TRUE(a.json()[QStringLiteral("data")].isObject()) << errorsOf(a).toStdString();
    const double cost = a.json()[QStringLiteral("extensions")][QStringLiteral("cost")].toDouble();
    // The price is what the answer resolves: hundreds of fields, not one node.
    EXPECT_GT(cost, 500);
    const int paid = full - tokensLeft();
    EXPECT_EQ(paid, static_cast<int>(std::ceil(cost / 100))) << "cost " << cost;
    // Asked again: the same answer, charged the same.
    const HttpResult b = post(standard);
    EXPECT_EQ(a.json()[QStringLiteral("data")], b.json()[QStringLiteral("data")]);
    EXPECT_EQ(full - tokensLeft(), paid);
    Q_UNUSED(firstMs);
}

TEST_F(GraphqlIntrospection, ResolvingPastThePriceIsChargedAfterAndPastFourTimesIsRefused)
{
    const int full = tokensLeft();
    // Nested three times: more than the standard answer resolves, less than
    // four times that.
    HttpResult r = post(QStringLiteral("{ %1 }").arg(nested(3)));
    ASSERT_TRUE(r.json()[QStringLiteral("data")].isObject()) << errorsOf(r).toStdString();
    const double charged =
        r.json()[QStringLiteral("extensions")][QStringLiteral("cost")].toDouble();
    const int paid = full - tokensLeft();
    EXPECT_GT(paid, static_cast<int>(std::ceil(charged / 100)))
        << "what it resolved past its price was charged after";
    // Nested deeper: refused for cost, whatever its price up front.
    r = post(QStringLiteral("{ %1 }").arg(nested(4)));
    EXPECT_FALSE(r.json()[QStringLiteral("data")].isObject());
    EXPECT_TRUE(errorsOf(r).startsWith(QStringLiteral("The introspection would resolve more than")))
        << errorsOf(r).toStdString();
    // What the refused one resolved is charged too: a client in debt waits,
    // its next request told when to come back.
    tokensLeft();
    for (int i = 0; i < 12; ++i)
        post(QStringLiteral("{ %1 }").arg(nested(4)));
    const HttpResult waiting = m_devnet->get(QStringLiteral("/v1/mempool"));
    EXPECT_EQ(waiting.status, 429);
    EXPECT_GT(waiting.header("Retry-After").toInt(), 0);
}
