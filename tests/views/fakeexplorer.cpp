#include "tests/views/fakeexplorer.h"

#include "tests/support/txfactory.h"
#include "views/explorerpages.h"

#include <QCoreApplication>
#include <QTest>
#include <algorithm>

namespace gifscan::test {

namespace {

LiveSync::Options syncOn(const Clock &clock)
{
    LiveSync::Options o;
    o.clock = &clock;
    o.jitter = 0;
    return o;
}

NetworkProfile fakeProfile()
{
    return {
        QStringLiteral("chain-devnet-1"), QUrl(), QUrl(), QUrl(), kChainId, TrustAnchor::devnet()};
}

ActivityEntry entryAt(const BlockHeader &block, const QString &type, const QString &slug,
                      std::uint64_t id, int n)
{
    ActivityEntry e;
    e.id = QStringLiteral("%1-%2").arg(block.height).arg(n);
    e.type = type;
    e.slug = slug;
    e.tokenId = id;
    e.key = QStringLiteral("%1#%2").arg(slug).arg(id);
    e.height = block.height;
    e.timestamp = block.timestamp;
    // The block's hash with the event's number in its last bytes: a
    // transaction of its own, as the watch notifier tells each once.
    e.txHash = block.hash;
    e.txHash[30] = static_cast<std::uint8_t>(n >> 8);
    e.txHash[31] = static_cast<std::uint8_t>(n);
    e.to = TxFactory::dev(static_cast<std::uint32_t>(n % 5));
    if (type != u"mint")
        e.from = TxFactory::dev(static_cast<std::uint32_t>((n + 1) % 5));
    if (type == u"list" || type == u"sale")
        e.price = Amount(1'237'500'000'000'000'000ULL) * (1 + n % 9);
    return e;
}

ObjectRecord objectOf(const QString &slug, std::uint64_t id)
{
    ObjectRecord o;
    o.slug = slug;
    o.tokenId = id;
    o.key = QStringLiteral("%1#%2").arg(slug).arg(id);
    o.owner = TxFactory::dev(static_cast<std::uint32_t>(id % 5));
    o.rarityRank = static_cast<int>(id);
    o.traits = {
        {QStringLiteral("Palette"), id % 2 ? QStringLiteral("warm") : QStringLiteral("cool")}};
    o.frames = 2;
    return o;
}

// Collections of four objects, each minted, then listed and sold or
// passed on, one event a block from block 1 on (newest first, as the node).
bool fillChain(FakeIndex &index, std::uint64_t blocks, int collections)
{
    index.headers() = FakeIndex::chain(blocks);
    const QByteArray gif = TxFactory::smallGif(2);
    static const char *const kTypes[] = {"mint", "list", "sale", "transfer"};
    std::vector<ActivityEntry> oldestFirst;
    int n = 0;
    // Names as long as a real chain's, for the pages' widths.
    static const char *const kNames[][3] = {{"glitch-garden", "Glitch Garden", "art"},
                                            {"retro-racers", "Retro Racers", "gaming"},
                                            {"cosmic-blobs", "Cosmic Blobs", "art"},
                                            {"tiny-ghosts", "Tiny Ghosts", "pfp"}};
    for (int c = 0; c < collections; ++c) {
        const auto &name = kNames[c % 4];
        Collection col;
        col.slug = QString::fromLatin1(name[0]) + (c < 4 ? QString() : QString::number(c));
        col.name = QString::fromLatin1(name[1]);
        col.category = QString::fromLatin1(name[2]);
        col.creator = TxFactory::dev(static_cast<std::uint32_t>(c % 5));
        col.items = 4;
        col.owners = 3;
        col.listed = 1;
        col.floorPrice = Amount(1'250'000'000'000'000'000ULL);
        col.volumeTotal = Amount(5'000'000'000'000'000'000ULL);
        index.collectionList().push_back(col);
        for (std::uint64_t id = 11; id <= 14; ++id) {
            index.gifs().insert(QStringLiteral("%1#%2").arg(col.slug).arg(id), gif);
            index.objectList().push_back(objectOf(col.slug, id));
            for (const char *type : kTypes) {
                const std::uint64_t height = 1 + static_cast<std::uint64_t>(n) % (blocks - 1);
                oldestFirst.push_back(
                    entryAt(index.headers()[height], QString::fromLatin1(type), col.slug, id, n));
                ++n;
            }
        }
    }
    std::stable_sort(
        oldestFirst.begin(), oldestFirst.end(),
        [](const ActivityEntry &a, const ActivityEntry &b) { return a.height < b.height; });
    index.feed().assign(oldestFirst.rbegin(), oldestFirst.rend());
    return true;
}

// The session with the reader's name tags, before the window is made over it.
ExplorerSession &tagged(ExplorerSession &session, AddressBook *book)
{
    session.setAddressBook(book);
    return session;
}

} // namespace

FakeExplorer::FakeExplorer(std::uint64_t blocks, int collections, Watchlist *watchlist,
                           AddressBook *addressBook)
    : wall(0), chainMade(fillChain(index, std::max<std::uint64_t>(blocks, 2), collections)),
      session(fakeProfile(), NodeSeams{&index, &prover, &stream}, watchlist, syncOn(syncClock)),
      testers(
          {session.pages().liveBlocks, session.pages().liveActivity, session.pages().collections}),
      pages(tagged(session, addressBook).pages()), window(pages, &preferences, explorerPages(pages))
{
    wall.advance(static_cast<qint64>(index.headers().back().timestamp) * 1000 + 3000);
    // The fakes have no raw blocks to prove events from: the fake index's
    // events are taken as proven here, behind the notifier's seam (the real
    // proof is EventProver's, tested against a devnet and a lying proxy).
    if (WatchNotifier *notifier = session.notifier())
        notifier->setEventCheck([](const ActivityEntry &, const BlockHeader &, QObject *,
                                   std::function<void(const EventVerdict &)> done) {
            done({EventVerdict::Kind::Proven, {}});
        });
    const PageModels &m = session.pages();
    for (LiveListModel *list : std::initializer_list<LiveListModel *>{m.blocks, m.liveBlocks,
                                                                      m.activity, m.liveActivity}) {
        list->setClock(clock);
        list->setWallClock(wall);
    }
    window.show();
}

void FakeExplorer::startLive()
{
    session.start();
    settle();
    if (stream.pending())
        stream.accept();
    settle();
}

void FakeExplorer::settle()
{
    for (int quiet = 0; quiet < 2;) {
        const int ran = index.deliver();
        syncClock.advance(0);
        clock.advance(0);
        QCoreApplication::processEvents();
        quiet = ran == 0 ? quiet + 1 : 0;
    }
    clock.advance(250); // the lists' coalesced inserts
    QCoreApplication::processEvents();
}

ObjectRecord &FakeExplorer::addObject(const QString &slug, std::uint64_t tokenId)
{
    index.gifs().insert(QStringLiteral("%1#%2").arg(slug).arg(tokenId), TxFactory::smallGif(2));
    index.objectList().push_back(objectOf(slug, tokenId));
    return index.objectList().back();
}

ActivityEntry &FakeExplorer::addEvent(std::uint64_t height, const QString &type,
                                      const QString &slug, std::uint64_t tokenId,
                                      std::optional<Amount> price)
{
    ActivityEntry e = entryAt(index.headers().at(height), type, slug, tokenId,
                              static_cast<int>(index.feed().size()) + 1000);
    e.price = price;
    auto &feed = index.feed();
    // After every event at its height or above: the newest stays first.
    auto at = std::find_if(feed.begin(), feed.end(),
                           [&](const ActivityEntry &x) { return x.height < height; });
    return *feed.insert(at, e);
}

bool FakeExplorer::settleUntil(const std::function<bool()> &done, int ms)
{
    return QTest::qWaitFor(
        [&] {
            settle();
            return done();
        },
        ms);
}

BlockHeader FakeExplorer::pushHead()
{
    const BlockHeader head = grow();
    addEvent(head.height, QStringLiteral("mint"), index.collectionList().front().slug,
             100 + head.height);
    announce();
    return head;
}

BlockHeader FakeExplorer::grow()
{
    index.headers().push_back(FakeIndex::next(index.headers().back()));
    return index.headers().back();
}

void FakeExplorer::announce()
{
    const BlockHeader &head = index.headers().back();
    wall.advance(5000);
    stream.push(head);
    // Oldest first within the block, as the node sends them.
    const auto &feed = index.feed();
    for (auto e = feed.rbegin(); e != feed.rend(); ++e) {
        if (e->height == head.height)
            stream.push(*e);
    }
    settle();
}

} // namespace gifscan::test
