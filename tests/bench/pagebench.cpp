// What a page costs the explorer: the object, address and collection pages
// in one GraphQL request each, side by side with the REST requests the same
// records take (RestPageLoads), against one devnet on loopback with a busy
// feed. Reported per page: wall time and requests.
#include "core/client/awaitresult.h"
#include "core/client/restclient.h"
#include "core/client/restpageloads.h"
#include "tests/support/devnetharness.h"
#include "tests/support/txfactory.h"

#include <QTemporaryDir>
#include <benchmark/benchmark.h>
#include <memory>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// One node for every benchmark: 2,000 objects and 300 blocks of its own
// traffic, so that collections' feeds run to many pages; then started again
// on the same folder, quiet, so that only the pages' requests are timed.
struct Node
{
    QTemporaryDir dir;
    std::unique_ptr<DevnetHarness> devnet;
    QString slug;
    std::uint64_t tokenId = 0;
    Address owner{};
    Node()
    {
        auto c = DevnetHarness::fastConfig(2000, 0.05, true);
        c.rateLimit = false;
        c.chain.ephemeral = false;
        c.chain.durable = false;
        c.chain.dataDir = dir.path();
        devnet = std::make_unique<DevnetHarness>(c);
        devnet->waitForHeight(300, 120000);
        devnet.reset();
        c.chain.traffic = false;
        c.chain.blockTime = 3600;
        devnet = std::make_unique<DevnetHarness>(c);
        // An object the traffic moved: the newest sale's.
        const QJsonObject e = devnet->get(QStringLiteral("/v1/activity?type=sale&limit=1"))
                                  .data()
                                  .toArray()
                                  .first()
                                  .toObject();
        slug = e[QStringLiteral("slug")].toString();
        tokenId = static_cast<std::uint64_t>(e[QStringLiteral("tokenId")].toInteger());
        owner = *parseAddress(e[QStringLiteral("to")].toString());
    }
    static Node &get()
    {
        static Node node;
        return node;
    }
};

// The explorer's client keeps to 50 requests a second per node (bursts of
// 100); timed here without that budget, so that the node's answers are what
// is measured, and the budget a page spends is its requests.
HttpClient::Options unlimited()
{
    HttpClient::Options o;
    o.rate = 1e9;
    o.burst = 1e9;
    return o;
}

struct Client
{
    HttpClient http{unlimited()};
    RestClient rest{QUrl(Node::get().devnet->endpoints().baseUrl), &http};
    int requests = 0;
    Client()
    {
        QObject::connect(&http, &HttpClient::requestSent, [this](const QUrl &) { ++requests; });
    }
};

template <typename T, typename Ask> void measure(benchmark::State &state, Ask ask)
{
    Client c;
    int pages = 0;
    for (auto _ : state) {
        const auto r = awaitResult<Result<T>>(
            [&](QObject *context, auto done) { ask(c.rest, context, done); });
        if (!r.ok()) {
            state.SkipWithError(r.error.toString().toStdString().c_str());
            return;
        }
        ++pages;
    }
    state.counters["requests/page"] = static_cast<double>(c.requests) / std::max(1, pages);
}

} // namespace

static void ObjectPageGraphql(benchmark::State &state)
{
    const Node &n = Node::get();
    measure<ObjectPageRecords>(state, [&](RestClient &rest, QObject *c, auto done) {
        rest.objectPage(n.slug, n.tokenId, std::nullopt, c, done);
    });
}
BENCHMARK(ObjectPageGraphql)->Unit(benchmark::kMillisecond);

static void ObjectPageRest(benchmark::State &state)
{
    const Node &n = Node::get();
    measure<ObjectPageRecords>(state, [&](RestClient &rest, QObject *c, auto done) {
        RestPageLoads::objectPage(rest, n.slug, n.tokenId, std::nullopt, c, done);
    });
}
BENCHMARK(ObjectPageRest)->Unit(benchmark::kMillisecond);

static void AddressPageGraphql(benchmark::State &state)
{
    const Node &n = Node::get();
    measure<AddressPageRecords>(state, [&](RestClient &rest, QObject *c, auto done) {
        rest.addressPage(n.owner, 50, c, done);
    });
}
BENCHMARK(AddressPageGraphql)->Unit(benchmark::kMillisecond);

static void AddressPageRest(benchmark::State &state)
{
    const Node &n = Node::get();
    measure<AddressPageRecords>(state, [&](RestClient &rest, QObject *c, auto done) {
        RestPageLoads::addressPage(rest, n.owner, 50, c, done);
    });
}
BENCHMARK(AddressPageRest)->Unit(benchmark::kMillisecond);

static void CollectionPageGraphql(benchmark::State &state)
{
    const Node &n = Node::get();
    measure<CollectionPageRecords>(state, [&](RestClient &rest, QObject *c, auto done) {
        rest.collectionPage(n.slug, std::nullopt, c, done);
    });
}
BENCHMARK(CollectionPageGraphql)->Unit(benchmark::kMillisecond);

// REST's header comes from the list of collections: that list's first page
// and the trait counts.
static void CollectionPageRest(benchmark::State &state)
{
    const Node &n = Node::get();
    measure<CollectionPageRecords>(state, [&](RestClient &rest, QObject *c, auto done) {
        rest.collections({}, {}, {}, 50, c,
                         [&rest, slug = n.slug, c, done](const Result<Page<Collection>> &) {
                             RestPageLoads::collectionPage(rest, slug, std::nullopt, c, done);
                         });
    });
}
BENCHMARK(CollectionPageRest)->Unit(benchmark::kMillisecond);
