// graphql-js as an oracle: the devnet's introspection is a schema
// buildClientSchema accepts, and queries graphql-js finds valid or invalid
// the devnet finds so too (with the same first message where it refuses).
#include "server/graphql/introspection.h"
#include "tests/support/devnetharness.h"
#include "tests/support/testpaths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace gifscan::test;

TEST(GraphqlOracle, GraphqlJsAcceptsTheSchemaAndAgreesOnValidity)
{
    DevnetHarness d(DevnetHarness::fastConfig(12, 30.0, false));
    ASSERT_TRUE(d.ok());
    auto ask = [&](const QString &query) {
        return d.http()
            .post(d.rest(QStringLiteral("/graphql")),
                  QJsonDocument(QJsonObject{{QStringLiteral("query"), query}})
                      .toJson(QJsonDocument::Compact))
            .json();
    };
    const QJsonObject introspection =
        ask(QString::fromLatin1(gifscan::server::graphql::standardIntrospectionQuery()));
    ASSERT_FALSE(introspection.contains(QStringLiteral("errors")))
        << QJsonDocument(introspection).toJson().constData();

    const QStringList queries{
        // Valid.
        QStringLiteral("{ head { height hash } }"),
        QStringLiteral("query($slug: String = \"pixel-cats\", $h: Int) { collection(slug: $slug, "
                       "height: $h) { items traitCounts { trait value count } } }"),
        QStringLiteral("{ objects(collection: \"pixel-cats\", first: 3, sort: PRICE, traits: "
                       "[{trait: \"Aura\", value: \"None\"}]) { edges { cursor node { ...O } } "
                       "pageInfo { hasNextPage } } } fragment O on Object { key owner listing { "
                       "price } }"),
        QStringLiteral("{ activity(types: [MINT, SALE], first: 2) { nodes { type key price } } "
                       "wallet(address: \"0x0000000000000000000000000000000000000001\") { "
                       "balance holdings { slug count } } }"),
        QStringLiteral("{ transaction(hash: "
                       "\"0x0000000000000000000000000000000000000000000000000000000000000001\") { "
                       "kind traits { trait } receipt { "
                       "fee events { type key } } } object(slug: \"pixel-cats\", tokenId: 2) { "
                       "history(types: [SALE], first: 5) { edges { node { price } } } } }"),
        QStringLiteral("{ collection(slug: \"pixel-cats\") { holders(first: 2) { nodes { owner "
                       "count } } } a: block(height: 0) { hash } b: block(height: 1) { hash } }"),
        // Invalid.
        QStringLiteral("{ head { nope } }"),
        QStringLiteral("{ object(slug: \"x\", tokenId: 1) { history(types: [BURN]) { nodes { id "
                       "} } } }"),
        // (graphql-js's client schema takes any literal for a custom scalar,
        // so a malformed Hash is ours alone to refuse: GraphqlApi tests it.)
        QStringLiteral("{ transaction(hash: "
                       "\"0x0000000000000000000000000000000000000000000000000000000000000001\") { "
                       "receipt } }"),
        QStringLiteral("{ object(tokenId: 1) { key } }"),
        QStringLiteral("{ objects(sort: CHEAPEST) { nodes { key } } }"),
        QStringLiteral("query($v: Int) { head { height } }"),
        QStringLiteral("{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }"),
        QStringLiteral("{ head }"),
        QStringLiteral("{ block(height: \"one\") { hash } }"),
        QStringLiteral("query($s: String) { block(height: $s) { hash } }"),
    };
    QTemporaryDir dir;
    const QString input = dir.filePath(QStringLiteral("oracle.json"));
    QFile f(input);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(
        QJsonDocument(
            QJsonObject{{QStringLiteral("introspection"), introspection[QStringLiteral("data")]},
                        {QStringLiteral("queries"), QJsonArray::fromStringList(queries)}})
            .toJson(QJsonDocument::Compact));
    f.close();

    // Debian's node-graphql lives in /usr/share/nodejs (scripts/setup.sh).
    QProcess node;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("NODE_PATH"), QStringLiteral("/usr/share/nodejs"));
    node.setProcessEnvironment(env);
    node.start(
        QStringLiteral("node"),
        {gifscan::test::testsPath(QStringLiteral("server/graphql/graphqloracle.js")), input});
    ASSERT_TRUE(node.waitForFinished(60000));
    ASSERT_EQ(node.exitCode(), 0) << node.readAllStandardError().constData();
    const QJsonObject oracle = QJsonDocument::fromJson(node.readAllStandardOutput()).object();
    EXPECT_TRUE(oracle[QStringLiteral("sdl")].toString().contains(QStringLiteral("type Query")));
    const QJsonArray verdicts = oracle[QStringLiteral("errors")].toArray();
    ASSERT_EQ(verdicts.size(), queries.size());
    for (qsizetype i = 0; i < queries.size(); ++i) {
        const QJsonArray expected = verdicts[i].toArray();
        const QJsonObject ours = ask(queries[i]);
        const QJsonArray got = ours[QStringLiteral("errors")].toArray();
        if (expected.isEmpty()) {
            EXPECT_TRUE(got.isEmpty()) << queries[i].toStdString() << "\n"
                                       << QJsonDocument(got).toJson().constData();
            continue;
        }
        ASSERT_FALSE(got.isEmpty())
            << "graphql-js refuses, we did not: " << queries[i].toStdString();
        EXPECT_FALSE(ours.contains(QStringLiteral("data"))) << queries[i].toStdString();
        EXPECT_EQ(got[0][QStringLiteral("message")].toString().toStdString(),
                  expected[0].toString().toStdString())
            << queries[i].toStdString();
    }
}
