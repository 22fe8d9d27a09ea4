// GraphQL query text as strangers post it to /graphql: parsed or refused
// with a message and a location inside the text, never a crash or a stack
// overflow (the parser bounds its own nesting).
#include "server/graphql/parser.h"
#include "tests/fuzz/fuzztarget.h"

GIFSCAN_FUZZ_TARGET(graphql)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(input.data()),
                                           static_cast<qsizetype>(input.size()));
    gifscan::server::graphql::Parser parser(text);
    const auto doc = parser.parseDocument();
    if (doc) {
        FUZZ_ASSERT(!doc->operations.empty() || !doc->fragments.empty());
        return;
    }
    FUZZ_ASSERT(!parser.error().isEmpty());
    FUZZ_ASSERT(parser.errorAt().line >= 1 && parser.errorAt().column >= 1);
    FUZZ_ASSERT(parser.errorAt().line <= text.count(u'\n') + text.count(u'\r') + 1);
}
