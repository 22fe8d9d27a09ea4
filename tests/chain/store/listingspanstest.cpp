// The listing spans: a file written before them, or before their seller
// (schema 3), gains them from its versions as they were written block by
// block, without a rebuild; and a wallet's listings counted from them by
// seller are what the versions hold at every height.
#include "chain/engine/chain.h"
#include "chain/store/chainstore.h"
#include "chain/store/statereader.h"
#include "tests/chain/engine/chainfixture.h"
#include "tests/support/outcomeassert.h"

#include <QTemporaryDir>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <string>
#include <vector>

using namespace gifscan;
using namespace gifscan::test;

namespace {

// Mints, sales and transfers (every kind of row) into a file in `dir`.
chain::ChainOptions listingOptions(const QString &dir)
{
    chain::ChainOptions o = quietOptions();
    o.traffic = true;
    o.ephemeral = false;
    o.dataDir = dir;
    return o;
}

// The listing spans' rows, sellers included, as lines to compare.
std::vector<std::string> listingSpanRows(const std::string &path, const char *where = "")
{
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    SQLite::Statement q(db, std::string("SELECT object || ' ' || opened || ' ' || "
                                        "coalesce(closed, -1) || ' ' || collection || ' ' || "
                                        "hex(price) || ' ' || hex(seller) FROM listing_spans ") +
                                where + " ORDER BY object, opened");
    std::vector<std::string> out;
    while (q.executeStep())
        out.push_back(q.getColumn(0).getString());
    return out;
}

} // namespace

TEST(ListingSpans, AFileOlderThanTheListingSpansGainsThemFromItsVersions)
{
    // A chain.db written before the listing spans: opened, it fills them
    // from the objects' versions, as the chain wrote them block by block,
    // and the chain goes on writing them.
    QTemporaryDir dir;
    const chain::ChainOptions o = listingOptions(dir.path());
    const std::string path = dir.filePath(QStringLiteral("chain.db")).toStdString();
    {
        chain::Chain chain(o);
        ASSERT_TRUE(holds(chain.open()));
        for (int i = 0; i < 12; ++i)
            ASSERT_TRUE(chain.produceBlock());
    }
    const auto spans = [&](const char *where) { return listingSpanRows(path, where); };
    const std::vector<std::string> written = spans("");
    EXPECT_FALSE(spans("WHERE closed IS NOT NULL").empty()) << "listings bought or withdrawn";
    EXPECT_FALSE(spans("WHERE closed IS NULL").empty()) << "listings still open";
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("DROP TABLE listing_spans");
    }
    {
        chain::Chain chain(o);
        ASSERT_TRUE(holds(chain.open()));
        EXPECT_EQ(spans(""), written);
    }
    // A build from before the spans (the same user_version) wrote blocks
    // 9 to 12: none of their spans, and none closed. Its mark says so.
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("DELETE FROM listing_spans WHERE opened > 8; UPDATE listing_spans SET closed = "
                "NULL WHERE closed > 8; UPDATE meta SET value = '8' WHERE key = 'listingSpans'");
    }
    ASSERT_NE(spans(""), written);
    chain::Chain chain(o);
    ASSERT_TRUE(holds(chain.open()));
    EXPECT_EQ(spans(""), written);
    for (int i = 0; i < 4; ++i)
        ASSERT_TRUE(chain.produceBlock());
    EXPECT_GT(spans("").size(), written.size()) << "and the chain goes on writing them";
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    EXPECT_EQ(db.execAndGet("SELECT value FROM meta WHERE key = 'listingSpans'").getString(),
              std::to_string(chain.state().head()))
        << "each block marks them written";
}

TEST(ListingSpans, AVersion3FileGainsTheListingsSellersWithoutARebuild)
{
    // Schema 3's listing spans had no seller. Opened, such a file keeps its
    // state (an account row no block writes is still there after) and
    // makes its listing spans again, sellers and all, as they were written
    // block by block.
    QTemporaryDir dir;
    const chain::ChainOptions o = listingOptions(dir.path());
    const std::string path = dir.filePath(QStringLiteral("chain.db")).toStdString();
    std::uint64_t head = 0;
    {
        chain::Chain chain(o);
        ASSERT_TRUE(holds(chain.open()));
        for (int i = 0; i < 12; ++i)
            ASSERT_TRUE(chain.produceBlock());
        head = chain.state().head();
    }
    const std::vector<std::string> written = listingSpanRows(path);
    ASSERT_GT(written.size(), 3u);
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("CREATE TABLE old AS SELECT object, opened, closed, collection, price FROM "
                "listing_spans; DROP TABLE listing_spans; CREATE TABLE listing_spans(object "
                "INTEGER NOT NULL, opened INTEGER NOT NULL, closed INTEGER, collection INTEGER NOT "
                "NULL, price BLOB NOT NULL, PRIMARY KEY(object, opened)) WITHOUT ROWID; INSERT "
                "INTO listing_spans SELECT * FROM old; DROP TABLE old; DELETE FROM meta WHERE key "
                "= 'listingSpans'; INSERT INTO accounts VALUES(x'01', 999999, x'', 0, x''); "
                "PRAGMA user_version = 3");
        db.exec("INSERT INTO meta VALUES('spans', '" + std::to_string(head) + "')");
    }
    chain::Chain chain(o);
    ASSERT_TRUE(holds(chain.open()));
    EXPECT_EQ(chain.state().head(), head);
    EXPECT_EQ(listingSpanRows(path), written);
    {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        EXPECT_EQ(db.execAndGet("PRAGMA user_version").getInt(), chain::ChainStore::kSchemaVersion);
        EXPECT_EQ(db.execAndGet("SELECT count(*) FROM accounts WHERE address = x'01'").getInt(), 1)
            << "the state was kept, not rebuilt";
    }
    ASSERT_TRUE(chain.produceBlock()) << "and the chain goes on";
}

// A wallet's listings at each height, counted from the spans by seller,
// are those the versions say: each object whose newest version by h holds
// a listing of the seller's (the count before the spans had sellers).
TEST(ListingSpans, AWalletsListingsAreCountedFromTheSpansAsTheVersionsHoldThem)
{
    QTemporaryDir dir;
    const chain::ChainOptions o = listingOptions(dir.path());
    chain::Chain chain(o);
    ASSERT_TRUE(holds(chain.open()));
    for (int i = 0; i < 16; ++i)
        ASSERT_TRUE(chain.produceBlock());
    SQLite::Database db(dir.filePath(QStringLiteral("chain.db")).toStdString(),
                        SQLite::OPEN_READONLY);
    SQLite::Statement sellers(db, "SELECT DISTINCT seller FROM object_versions WHERE seller IS "
                                  "NOT NULL ORDER BY seller");
    SQLite::Statement versions(
        db, "SELECT count(*) FROM object_versions v WHERE v.seller = ?1 AND v.height <= ?2 AND "
            "v.height = (SELECT max(w.height) FROM object_versions w WHERE w.object = v.object "
            "AND w.height <= ?2)");
    int sellersSeen = 0;
    std::uint64_t listedSeen = 0;
    while (sellers.executeStep()) {
        const auto *bytes = static_cast<const std::uint8_t *>(sellers.getColumn(0).getBlob());
        ASSERT_EQ(sellers.getColumn(0).getBytes(), 20);
        Address seller{};
        std::copy(bytes, bytes + seller.size(), seller.begin());
        ++sellersSeen;
        for (std::uint64_t h = 0; h <= chain.state().head(); ++h) {
            versions.bind(1, bytes, 20);
            versions.bind(2, static_cast<std::int64_t>(h));
            ASSERT_TRUE(versions.executeStep());
            const auto expected = static_cast<std::uint64_t>(versions.getColumn(0).getInt64());
            versions.reset();
            EXPECT_EQ(chain.state().tables().wallet(seller, h).listed, expected)
                << "seller " << sellersSeen << " at " << h;
            listedSeen += expected;
        }
    }
    EXPECT_GT(sellersSeen, 1);
    EXPECT_GT(listedSeen, 0u) << "some listings open somewhere";
}
