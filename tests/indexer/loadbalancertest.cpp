// Two read servers of one database behind a load balancer: page two of a
// list may go to the other server, which takes the first one's cursor (REST
// and GraphQL), every page as the node's; and a client following heads
// through the balancer, whose server dies, reconnects to the other and
// goes on without a gap or a repeat.
#include "server/api/pagecursor.h"
#include "tests/support/devnetharness.h"
#include "tests/support/devnetprocess.h"
#include "tests/support/indexerprocess.h"
#include "tests/support/postgresserver.h"
#include "tests/support/syncrig.h"
#include "tests/support/tcpbalancer.h"

#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>
#include <gtest/gtest.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

QString withCursor(const QString &path, const QString &cursor)
{
    QUrl url(QStringLiteral("http://x") + path);
    QUrlQuery q(url);
    q.addQueryItem(QStringLiteral("cursor"), cursor);
    url.setQuery(q);
    return url.path() + u'?' + url.query(QUrl::FullyEncoded);
}

quint16 portOf(const QString &url)
{
    return static_cast<quint16>(QUrl(url).port());
}

class LoadBalancerTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_pg.running()) << m_pg.error().toStdString();
        m_db = m_pg.createDatabase(QStringLiteral("balanced"));
        m_node = std::make_unique<DevnetProcess>(DevnetProcess::smallNodeArgs(
            DevnetProcess::freePortTriple(), m_dir.path(), QStringLiteral("--block-time 0.2")));
        ASSERT_TRUE(m_node->started());
        m_follower = std::make_unique<IndexerProcess>(m_db, *m_node);
        for (auto *server : {&m_a, &m_b}) {
            *server = std::make_unique<IndexerProcess>(QStringList{
                QStringLiteral("serve"), QStringLiteral("--db"), m_db, QStringLiteral("--rpc"),
                m_node->rpcUrl(), QStringLiteral("--rate-limit"), QStringLiteral("off")});
            ASSERT_FALSE((*server)->base().isEmpty()) << (*server)->log().toStdString();
        }
        ASSERT_TRUE(QTest::qWaitFor(
            [&] { return Http().get(m_b->base() + QStringLiteral("/v1/blocks/30")).status == 200; },
            30000));
    }

    PostgresServer m_pg;
    QString m_db;
    QTemporaryDir m_dir;
    std::unique_ptr<DevnetProcess> m_node;
    std::unique_ptr<IndexerProcess> m_follower, m_a, m_b;
};

} // namespace

TEST_F(LoadBalancerTest, PageTwoFromTheOtherServerIsTheNodesPageTwo)
{
    Http http;
    // A list ignores `height` and reads at its cursor's, else at the head,
    // which moves every 0.2 s and reaches a server a moment after the node:
    // each list starts from a cursor of height 30, of the kind the list
    // takes (the kind of the node's own first cursor), as a client's second
    // page would be.
    const QString slug = http.get(m_node->rest(QStringLiteral("/v1/collections?limit=1")))
                             .json()[QStringLiteral("data")][0][QStringLiteral("slug")]
                             .toString();
    const QString owner = http.get(m_node->rest(QStringLiteral("/v1/objects?limit=1")))
                              .json()[QStringLiteral("data")][0][QStringLiteral("owner")]
                              .toString();
    ASSERT_FALSE(slug.isEmpty() || owner.isEmpty());
    const QStringList lists{QStringLiteral("/v1/blocks?limit=4"),
                            QStringLiteral("/v1/objects?limit=3"),
                            QStringLiteral("/v1/objects?sort=price&limit=3"),
                            QStringLiteral("/v1/objects?sort=rarity&limit=3"),
                            QStringLiteral("/v1/objects?sort=lastSale&limit=3"),
                            QStringLiteral("/v1/objects?listed=true&limit=2"),
                            QStringLiteral("/v1/objects?limit=1&owner=") + owner,
                            QStringLiteral("/v1/objects?limit=2&collection=") + slug,
                            QStringLiteral("/v1/collections?limit=2"),
                            QStringLiteral("/v1/activity?limit=4"),
                            QStringLiteral("/v1/activity?type=mint&limit=3")};
    for (const QString &path : lists) {
        const auto first = server::PageCursor::decode(
            http.get(m_node->rest(path)).json().value(QStringLiteral("cursor")).toString());
        ASSERT_TRUE(first) << path.toStdString() << ": the node gave no second page";
        const bool newestFirst = path.startsWith(QLatin1String("/v1/activity"));
        QString nodeNext = withCursor(
            path,
            (first->key ? server::PageCursor::keyed(30, newestFirst ? std::uint64_t{1} << 62 : 0)
                        : server::PageCursor::at(30, 0))
                .encode());
        QString serverNext = nodeNext;
        for (int page = 0; page < 4; ++page) {
            const HttpResult expected = http.get(m_node->rest(nodeNext));
            ASSERT_EQ(expected.status, 200) << nodeNext.toStdString() << expected.body.constData();
            IndexerProcess *server = page % 2 ? m_b.get() : m_a.get();
            const HttpResult answer = http.get(server->base() + serverNext);
            ASSERT_EQ(answer.status, 200) << serverNext.toStdString() << answer.body.constData();
            EXPECT_EQ(answer.body, expected.body) << serverNext.toStdString();
            const QString cursor = answer.json().value(QStringLiteral("cursor")).toString();
            if (cursor.isEmpty())
                break;
            nodeNext = withCursor(path, expected.json().value(QStringLiteral("cursor")).toString());
            serverNext = withCursor(path, cursor);
        }
    }
    // GraphQL's cursors too.
    QString after;
    for (int page = 0; page < 3; ++page) {
        const QString query =
            QStringLiteral("{ objects(first: 3, height: 30%1) { edges { node { key owner } } "
                           "pageInfo { endCursor } } }")
                .arg(after.isEmpty() ? QString() : QStringLiteral(", after: \"%1\"").arg(after));
        const QByteArray body =
            QJsonDocument(QJsonObject{{QStringLiteral("query"), query}}).toJson();
        IndexerProcess *server = page % 2 ? m_b.get() : m_a.get();
        const HttpResult answer = http.post(server->base() + QStringLiteral("/graphql"), body);
        EXPECT_EQ(answer.body, http.post(m_node->rest(QStringLiteral("/graphql")), body).body)
            << query.toStdString();
        after = answer
                    .json()[QStringLiteral("data")][QStringLiteral("objects")]
                           [QStringLiteral("pageInfo")][QStringLiteral("endCursor")]
                    .toString();
        ASSERT_FALSE(after.isEmpty()) << answer.body.constData();
    }
}

TEST_F(LoadBalancerTest, HeadsGoOnWithoutAGapWhenTheServerDies)
{
    TcpBalancer rest({portOf(m_a->base()), portOf(m_b->base())});
    TcpBalancer rpc({portOf(m_a->rpc()), portOf(m_b->rpc())});
    TcpBalancer ws({portOf(m_a->ws()), portOf(m_b->ws())});
    SyncRig rig(QStringLiteral("http://127.0.0.1:%1").arg(rest.port()),
                QStringLiteral("http://127.0.0.1:%1").arg(rpc.port()),
                QStringLiteral("ws://127.0.0.1:%1").arg(ws.port()));
    rig.sync.start(20);
    ASSERT_TRUE(QTest::qWaitFor([&] { return rig.recorder.last() >= 40; }, 30000));
    m_a->kill(); // the balancer's first choice
    const std::uint64_t atKill = rig.recorder.last();
    ASSERT_TRUE(QTest::qWaitFor([&] { return rig.recorder.last() >= atKill + 20; }, 30000))
        << m_b->log().toStdString();
    rig.sync.stop();
    EXPECT_TRUE(rig.recorder.consecutiveFrom(21)) << "a gap or a repeat across the switch";
    EXPECT_EQ(rig.recorder.unverified, 0);
    EXPECT_EQ(rig.recorder.duplicateEvents, 0);
}
