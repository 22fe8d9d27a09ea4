// The search box takes whatever is typed or pasted: any text is a query or
// a problem to show in place, and a query's canonical form means the same.
#include "models/location.h"
#include "models/searchquery.h"
#include "tests/fuzz/fuzztarget.h"

GIFSCAN_FUZZ_TARGET(search_query)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(input.data()),
                                           static_cast<qsizetype>(input.size()));
    const SearchQuery query = SearchQuery::parse(text);
    if (query.kind == SearchQuery::Kind::Invalid) {
        FUZZ_ASSERT(!query.problem.isEmpty());
        return;
    }
    const SearchQuery again = SearchQuery::parse(Location::canonicalText(query));
    FUZZ_ASSERT(again.kind == query.kind);
    FUZZ_ASSERT(Location::canonicalText(again) == Location::canonicalText(query));
    FUZZ_ASSERT(again.height == query.height && again.atHeight == query.atHeight);
    FUZZ_ASSERT(again.hash == query.hash && again.address == query.address);
    FUZZ_ASSERT(again.slug == query.slug && again.tokenId == query.tokenId);
}
