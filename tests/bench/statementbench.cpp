// A prepared statement kept against one prepared for every read: the trie
// roots of a height, read as a proof at that height reads them (the SELECT
// of TrieTables::roots), on a chain database of 10,000 heights. With the
// cache off, SqliteDatabase prepares each statement anew, as it did before.
#include "chain/store/sqlitedatabase.h"
#include "chain/store/sqlstatement.h"

#include <QTemporaryDir>
#include <benchmark/benchmark.h>

using namespace gifscan::chain;

static void TrieRootsAtHeight(benchmark::State &state)
{
    QTemporaryDir dir;
    SqliteDatabase db(dir.filePath(QStringLiteral("chain.db")));
    db.setStatementCacheSize(static_cast<std::size_t>(state.range(0)));
    db.exec("CREATE TABLE trie_roots (height INTEGER PRIMARY KEY, objects INTEGER, objects_hash "
            "BLOB, objects_size INTEGER, holdings INTEGER, holdings_hash BLOB, holdings_size "
            "INTEGER)");
    db.exec("BEGIN");
    for (int h = 0; h < 10000; ++h)
        db.exec("INSERT INTO trie_roots VALUES (" + std::to_string(h) +
                ", 1, x'00', 2, 3, x'00', 4)");
    db.exec("COMMIT");
    std::int64_t height = 0;
    for (auto _ : state) {
        SqlStatement q(db, "SELECT objects, objects_hash, objects_size, holdings, holdings_hash, "
                           "holdings_size FROM trie_roots WHERE height = ?");
        q.bind(1, height++ % 10000);
        benchmark::DoNotOptimize(q.executeStep());
    }
    state.counters["reads/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(TrieRootsAtHeight)->ArgName("cached")->Arg(0)->Arg(256);
