// The chain database: blocks read back whole, content kept once, an old
// block log imported once and never shortened, and damage anywhere in either
// file refused by name rather than served or repaired.
#include "chain/engine/genesis.h"
#include "chain/store/blocklog.h"
#include "chain/store/integritycheck.h"
#include "chain/store/statereader.h"
#include "core/crypto/sha256.h"
#include "core/protocol/commitments.h"
#include "tests/chain/engine/chainfixture.h"
#include "tests/support/outcomeassert.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

using namespace gifscan;
using namespace gifscan::test;

namespace {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

chain::ChainOptions busyOptions(const QString &dir)
{
    chain::ChainOptions o = quietOptions();
    o.traffic = true; // mints, sales and transfers: every kind of row
    o.ephemeral = dir.isEmpty();
    o.dataDir = dir;
    return o;
}

// A chain of `blocks` blocks after genesis, every block as the store keeps it.
std::vector<chain::ChainStore::StoredBlock> makeChain(const chain::ChainOptions &o, int blocks)
{
    chain::Chain chain(o);
    EXPECT_TRUE(holds(chain.open()));
    for (int i = 0; i < blocks; ++i)
        EXPECT_TRUE(chain.produceBlock());
    std::vector<chain::ChainStore::StoredBlock> out;
    for (std::uint64_t h = 0; h <= chain.state().head(); ++h)
        out.push_back(chain.store().block(h).value());
    return out;
}

// The same chain in the block log format of earlier nodes.
QByteArray oldLog(const std::vector<chain::ChainStore::StoredBlock> &blocks)
{
    QByteArray out = chain::BlockLog::magic();
    for (const auto &b : blocks) {
        const Bytes record =
            chain::BlockLog::encode({b.header.height, b.header.timestamp, b.header.proposer,
                                     b.header.hash, b.transactions});
        out.append(reinterpret_cast<const char *>(record.data()),
                   static_cast<qsizetype>(record.size()));
    }
    return out;
}

void expectSameBlocks(const chain::Chain &chain,
                      const std::vector<chain::ChainStore::StoredBlock> &expected)
{
    ASSERT_EQ(chain.state().head() + 1, expected.size());
    for (const auto &e : expected) {
        const auto b = chain.store().block(e.header.height);
        ASSERT_TRUE(b) << b.error().message.toStdString();
        EXPECT_EQ(b.value().header.hash, e.header.hash) << "block " << e.header.height;
        EXPECT_EQ(b.value().header.commit, e.header.commit) << "block " << e.header.height;
        EXPECT_EQ(b.value().transactions, e.transactions) << "block " << e.header.height;
    }
}

} // namespace

TEST(ChainStore, ReadsBlocksBackWholeAndKeepsEachGifOnce)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chain.db"));
    TxFactory f;
    const QByteArray gif = smallGif();
    const Bytes create = f.createCollection(1, QStringLiteral("twins"));
    const Bytes a = f.mint(1, QStringLiteral("twins"), 1, TxFactory::dev(2), gif);
    const Bytes b = f.mint(1, QStringLiteral("twins"), 2, TxFactory::dev(2), gif);
    BlockHeader h;
    h.txCount = 3;
    h.hash = h.computeHash(); // a header is checked against its hash when read
    h.commit = {{0, Signature{}}, {3, Signature{{7}}}};
    {
        chain::ChainStore store;
        ASSERT_TRUE(holds(store.open(path, true)));
        const auto appended = store.appendBlock(h, {create, a, b}, {}, {});
        ASSERT_TRUE(appended) << appended.error().message.toStdString();
        h.height = 5;
        const auto gap = store.appendBlock(h, {}, {}, {});
        ASSERT_FALSE(gap) << "a gap in heights";
        EXPECT_EQ(gap.error().kind, Failure::Kind::Invalid);
        EXPECT_EQ(store.blockCount(), 1u);
    }
    chain::ChainStore store;
    ASSERT_TRUE(holds(store.open(path, true)));
    const auto verdict = chain::IntegrityCheck::run(path);
    EXPECT_EQ(verdict.damage, QString());
    EXPECT_EQ(verdict.unchecked, QString());
    ASSERT_EQ(store.blockCount(), 1u);
    const auto back = store.block(0);
    ASSERT_TRUE(back) << back.error().message.toStdString();
    EXPECT_EQ(back.value().header.hash, h.hash);
    EXPECT_EQ(back.value().header.commit, h.commit);
    EXPECT_EQ(back.value().transactions, (std::vector<Bytes>{create, a, b}));
    EXPECT_EQ(store.content(sha256(gif)).value(), gif);
    const auto absent = store.content(Hash32{});
    ASSERT_FALSE(absent);
    EXPECT_EQ(absent.error().kind, Failure::Kind::Invalid);
    EXPECT_FALSE(absent.error().message.isEmpty());
    EXPECT_FALSE(store.block(1)) << "a height it does not hold";

    SQLite::Database db(path.toStdString());
    EXPECT_EQ(db.execAndGet("SELECT count(*) FROM contents").getInt(), 1)
        << "two mints of one GIF keep it once";
    const int storedBytes = db.execAndGet("SELECT sum(length(body)) FROM transactions").getInt();
    EXPECT_LT(storedBytes,
              static_cast<int>(create.size() + a.size() + b.size() - 2 * gif.size() + 64));
}

TEST(ChainStore, AFileOfAnotherKindIsRefusedAndLeftAlone)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chain.db"));
    {
        SQLite::Database other(path.toStdString(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        other.exec("CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES('mine')");
    }
    const QByteArray before = readFile(path);
    chain::ChainOptions o = busyOptions(dir.path());
    chain::Chain chain(o);
    const Outcome<> refused = chain.open();
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, Failure::Kind::Invalid) << "a file of another kind";
    const QString error = refused.error().message;
    EXPECT_TRUE(error.contains(QStringLiteral("not a gifscan chain database")))
        << error.toStdString();
    EXPECT_TRUE(error.contains(path)) << error.toStdString();
    EXPECT_EQ(readFile(path), before);
}

TEST(ChainStore, AFileWithoutStoredTriesGainsThemAndProvesTheSamePast)
{
    // A chain.db written before the tries were stored (schema version 1):
    // read back, it gains every height's tries, and a proof at a past
    // height is the one the node gave before.
    QTemporaryDir dir;
    const chain::ChainOptions o = busyOptions(dir.path());
    std::vector<chain::SparseMerkleTree::Path> before;
    std::vector<std::vector<Hash32>> held;
    const Hash32 key = objectKey(QStringLiteral("pixel-cats#1"));
    const Address holder = chain::Genesis::trafficKeys().front().address();
    {
        chain::Chain chain(o);
        ASSERT_TRUE(holds(chain.open()));
        for (int i = 0; i < 6; ++i)
            ASSERT_TRUE(chain.produceBlock());
        for (std::uint64_t h = 0; h <= chain.state().head(); ++h) {
            before.push_back(chain.state().treeAt(h)->path(key));
            held.push_back(chain.state().holdingsOf(holder, h));
        }
    }
    {
        SQLite::Database db(dir.filePath(QStringLiteral("chain.db")).toStdString(),
                            SQLite::OPEN_READWRITE);
        db.exec("DROP TABLE trie_nodes; DROP TABLE trie_roots; DROP TABLE holder_roots; PRAGMA "
                "user_version=1");
    }
    chain::Chain chain(o);
    ASSERT_TRUE(holds(chain.open()));
    ASSERT_EQ(chain.state().head() + 1, before.size());
    for (std::uint64_t h = 0; h <= chain.state().head(); ++h) {
        const auto tree = chain.state().treeAt(h);
        ASSERT_TRUE(tree);
        EXPECT_EQ(tree->root(), chain.state().block(h)->header.objectRoot);
        EXPECT_EQ(chain.state().holdingsAt(h)->root(), chain.state().block(h)->header.holdingsRoot);
        const auto path = tree->path(key);
        EXPECT_EQ(path.siblings, before[h].siblings) << "height " << h;
        EXPECT_EQ(path.found, before[h].found);
        EXPECT_EQ(chain.state().holdingsOf(holder, h), held[h]) << "height " << h;
    }
    EXPECT_TRUE(chain.produceBlock()) << "and the chain goes on";
}

TEST(ChainImport, AnOldBlockLogIsImportedOnceAndKeptWhole)
{
    const auto blocks = makeChain(busyOptions({}), 8);
    QTemporaryDir dir;
    const QByteArray log = oldLog(blocks);
    writeFile(dir.filePath(QStringLiteral("blocks.log")), log);
    {
        chain::Chain chain(busyOptions(dir.path()));
        ASSERT_TRUE(holds(chain.open()));
        expectSameBlocks(chain, blocks);
        EXPECT_GT(chain.state().activityCount(), 12u);
    }
    EXPECT_FALSE(QFile::exists(dir.filePath(QStringLiteral("blocks.log"))));
    EXPECT_EQ(readFile(dir.filePath(QStringLiteral("blocks.log.imported"))), log);
    // The next start reads the database alone, and the chain goes on.
    chain::Chain again(busyOptions(dir.path()));
    ASSERT_TRUE(holds(again.open()));
    expectSameBlocks(again, blocks);
    ASSERT_TRUE(again.produceBlock());
    EXPECT_EQ(again.state().block(blocks.size())->header.parentHash, blocks.back().header.hash);
}

TEST(ChainImport, ATornOrZeroFilledEndIsLeftOutButNotCut)
{
    const auto blocks = makeChain(busyOptions({}), 5);
    const QByteArray whole = oldLog(blocks);
    const QByteArray lastRecord = oldLog({blocks.back()}).mid(chain::BlockLog::magic().size());
    const QByteArray torn = whole + lastRecord.left(lastRecord.size() / 2);
    const QByteArray zeroFilled = whole + QByteArray(4096, '\0');
    const QByteArray cutShort = oldLog({blocks.begin(), blocks.end() - 1}) + lastRecord.left(40);
    for (const QByteArray &log : {torn, zeroFilled, cutShort}) {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("blocks.log")), log);
        chain::Chain chain(busyOptions(dir.path()));
        ASSERT_TRUE(holds(chain.open()));
        const std::size_t expected = log.startsWith(whole) ? blocks.size() : blocks.size() - 1;
        expectSameBlocks(chain,
                         {blocks.begin(), blocks.begin() + static_cast<std::ptrdiff_t>(expected)});
        EXPECT_EQ(readFile(dir.filePath(QStringLiteral("blocks.log.imported"))), log)
            << "kept byte for byte";
    }
}

// A blocks.log that is no block log at all is a file of another kind, as
// a chain.db of another kind is: Invalid, not our damage, and left alone.
TEST(ChainImport, AFileOfAnotherKindUnderTheLogsNameIsRefusedAsInvalid)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("blocks.log"));
    const QByteArray notes = QByteArrayLiteral("shopping: bread, milk, a GIF of a cat\n");
    writeFile(path, notes);
    chain::Chain chain(busyOptions(dir.path()));
    const Outcome<> refused = chain.open();
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, Failure::Kind::Invalid)
        << refused.error().message.toStdString();
    EXPECT_TRUE(
        refused.error().message.contains(path + QStringLiteral(" is not a gifscan block log")))
        << refused.error().message.toStdString();
    EXPECT_EQ(readFile(path), notes);
}

TEST(ChainImport, DamageInsideTheLogIsRefusedAndNothingIsTouched)
{
    const auto blocks = makeChain(busyOptions({}), 6);
    const QByteArray log = oldLog(blocks);
    const qsizetype third =
        oldLog({blocks.begin(), blocks.begin() + 3}).size(); // where block 3 starts
    QByteArray badLength = log;
    badLength[third] = '\x7f'; // a length that runs past the end: once taken for a torn tail
    QByteArray badPayload = log;
    badPayload[third + 40] = static_cast<char>(badPayload[third + 40] ^ 0x20);
    QByteArray badGenesisLength = log;
    badGenesisLength[chain::BlockLog::magic().size() + 1] = '\x7f';
    for (const QByteArray &damaged : {badLength, badPayload, badGenesisLength}) {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("blocks.log"));
        writeFile(path, damaged);
        chain::Chain chain(busyOptions(dir.path()));
        const Outcome<> refused = chain.open();
        ASSERT_FALSE(refused);
        EXPECT_EQ(refused.error().kind, Failure::Kind::Storage) << "our own log, damaged";
        const QString error = refused.error().message;
        EXPECT_TRUE(error.contains(path + QStringLiteral(" is damaged at byte")))
            << error.toStdString();
        EXPECT_TRUE(error.contains(QStringLiteral("move it aside"))) << error.toStdString();
        EXPECT_EQ(readFile(path), damaged);
        chain::ChainStore store;
        ASSERT_TRUE(holds(store.open(dir.filePath(QStringLiteral("chain.db")), false)));
        EXPECT_EQ(store.blockCount(), 0u) << "nothing was imported";
    }
}

TEST(ChainImport, ALogCutInsideGenesisIsKeptAndANewChainBegins)
{
    const auto blocks = makeChain(busyOptions({}), 1);
    QTemporaryDir dir;
    const QByteArray cut = oldLog(blocks).left(chain::BlockLog::magic().size() + 300);
    writeFile(dir.filePath(QStringLiteral("blocks.log")), cut);
    chain::Chain chain(busyOptions(dir.path()));
    ASSERT_TRUE(holds(chain.open()));
    EXPECT_EQ(chain.state().head(), 0u);
    EXPECT_EQ(chain.state().block(0)->header.hash,
              blocks.front().header.hash); // the same seed's genesis
    EXPECT_EQ(readFile(dir.filePath(QStringLiteral("blocks.log.imported"))), cut);
}

// Bytes damaged anywhere in the database: the node either refuses to start,
// naming the file and changing nothing, or refuses the damaged block, GIF
// or list when it is asked for it, naming the file, and serves every other
// one exactly as it wrote it. It never serves a changed block.
TEST(ChainStoreDamage, NoServedBlockEverChanges)
{
    QTemporaryDir source;
    // Sixteen blocks, not eight: a table or index of a few rows is a page
    // of free space, where damage changes nothing to notice, and each index
    // added (the sales', three) made more of the file such pages.
    const auto blocks = makeChain(busyOptions(source.path()), 16);
    ASSERT_FALSE(QFile::exists(source.filePath(QStringLiteral("chain.db-wal"))))
        << "closing checkpoints the log";
    const QByteArray pristine = readFile(source.filePath(QStringLiteral("chain.db")));
    ASSERT_GT(pristine.size(), 64 * 1024);
    int refused = 0;
    int refusedOnRead = 0;
    int served = 0;
    constexpr int kPlaces = 24;
    for (int i = 0; i < kPlaces; ++i) {
        // Spread over the file, at varying depths inside a 4 KiB page.
        const qsizetype at = pristine.size() * i / kPlaces + (i * 997) % 4096;
        QByteArray damaged = pristine;
        for (qsizetype k = at; k < std::min(at + 8, damaged.size()); ++k)
            damaged[k] = static_cast<char>(damaged[k] ^ 0x5a);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("chain.db"));
        writeFile(path, damaged);
        chain::Chain chain(busyOptions(dir.path()));
        if (const Outcome<> opened = chain.open(); !opened) {
            const QString error = opened.error().message;
            ++refused;
            EXPECT_TRUE(error.contains(path)) << "byte " << at << ": " << error.toStdString();
            EXPECT_TRUE(error.contains(QStringLiteral("move"))) << error.toStdString();
            EXPECT_EQ(readFile(path), damaged) << "byte " << at << ": the damaged file was changed";
            continue;
        }
        ASSERT_EQ(chain.state().head() + 1, blocks.size()) << "byte " << at;
        // The whole-file check runs beside the node; its verdict is awaited.
        QSignalSpy checked(&chain, &chain::Chain::integrityChecked);
        ASSERT_TRUE(checked.wait(30000)) << "byte " << at;
        const QString verdict = checked.at(0).at(0).toString();
        bool noticed = !verdict.isEmpty();
        EXPECT_TRUE(verdict.isEmpty() || verdict.contains(path)) << verdict.toStdString();
        auto refusedNamingTheFile = [&](const QString &why) {
            noticed = true;
            EXPECT_TRUE(why.contains(path)) << "byte " << at << ": " << why.toStdString();
        };
        for (const auto &e : blocks) {
            try {
                for (const Bytes &raw : e.transactions) {
                    QString undecoded;
                    const auto tx = decodeTransaction(raw, &undecoded);
                    const auto mined = chain.state().transaction(tx->hash());
                    if (mined)
                        EXPECT_EQ(mined->height, e.header.height) << "byte " << at;
                    else
                        noticed = true; // a lost receipt is refused by whoever asks for it
                }
                const auto byHash = chain.state().blockByHash(e.header.hash);
                EXPECT_TRUE(byHash) << "byte " << at;
            } catch (const std::exception &x) {
                refusedNamingTheFile(QString::fromUtf8(x.what()));
            }
            const auto b = chain.store().block(e.header.height);
            if (!b) {
                refusedNamingTheFile(b.error().message);
                continue;
            }
            EXPECT_EQ(b.value().header.hash, e.header.hash)
                << "byte " << at << ", block " << e.header.height;
            EXPECT_EQ(b.value().header.commit, e.header.commit)
                << "byte " << at << ", block " << e.header.height;
            EXPECT_EQ(b.value().transactions, e.transactions)
                << "byte " << at << ", block " << e.header.height;
        }
        // The listing spans behind every list by price or listing below the
        // head, read through each of their indexes.
        for (const auto &e : blocks) {
            for (const auto by : {chain::ListedOrder::By::Price, chain::ListedOrder::By::ListedAt,
                                  chain::ListedOrder::By::Name}) {
                for (int c = -1; c < static_cast<int>(chain.state().collectionCount()); ++c) {
                    try {
                        chain::ListedOrder order;
                        order.by = by;
                        order.limit = 1000;
                        chain.state().tables().listed(c, e.header.height, order);
                    } catch (const std::exception &x) {
                        refusedNamingTheFile(QString::fromUtf8(x.what()));
                    }
                }
            }
        }
        // The tries behind every proof, the holdings trie whole too (its
        // root alone left most of its nodes unread, and damage there served
        // unnoticed): each node read is checked against its parent.
        for (const auto &e : blocks) {
            try {
                EXPECT_EQ(chain.state().treeAt(e.header.height)->keys().size(),
                          chain.state().treeAt(e.header.height)->size());
                EXPECT_EQ(chain.state().holdingsAt(e.header.height)->root(), e.header.holdingsRoot);
                EXPECT_EQ(chain.state().holdingsAt(e.header.height)->keys().size(),
                          chain.state().holdingsAt(e.header.height)->size());
            } catch (const std::exception &x) {
                refusedNamingTheFile(QString::fromUtf8(x.what()));
            }
        }
        for (std::size_t o = 0; o < chain.state().objectCount(); ++o) {
            try {
                const auto object = chain.state().object(static_cast<int>(o));
                EXPECT_EQ(chain.state().objectIndex(object.displayKey), static_cast<int>(o))
                    << "byte " << at;
                EXPECT_EQ(chain.state().objectIndex(object.key), static_cast<int>(o))
                    << "byte " << at;
                const auto gif = chain.state().content(object.contentHash);
                if (!gif)
                    refusedNamingTheFile(gif.error().message);
                else
                    EXPECT_EQ(sha256(gif.value()), object.contentHash) << "byte " << at;
            } catch (const std::exception &x) {
                refusedNamingTheFile(QString::fromUtf8(x.what()));
            }
        }
        ++(noticed ? refusedOnRead : served);
    }
    EXPECT_GT(refused + refusedOnRead, kPlaces / 2) << "damage must be noticed, not only survived";
    std::cout << "damaged in " << kPlaces << " places: " << refused << " refused at start, "
              << refusedOnRead << " refused when read, " << served << " served unchanged\n";
}
