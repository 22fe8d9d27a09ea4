// Every record of PROTOCOL §4 and the envelopes of §5, as a node's answers
// bring them, and the explorer's pages as /graphql answers them: any JSON
// decodes to a record or to an error naming a path.
#include "core/client/graphqlpages.h"
#include "core/protocol/recordcodec.h"
#include "tests/fuzz/fuzztarget.h"

#include <QJsonDocument>

namespace {
using namespace gifscan;

template <typename T> void both(const QJsonDocument &doc)
{
    DecodeError error;
    T single;
    std::uint64_t height = 0;
    if (!RecordCodec::decodeSingle(doc, &single, &height, &error))
        FUZZ_ASSERT(!error.message.isEmpty());
    error = {};
    Page<T> page;
    if (!RecordCodec::decodePage(doc, &page, &error))
        FUZZ_ASSERT(!error.message.isEmpty());
}
} // namespace

GIFSCAN_FUZZ_TARGET(record_codec)
{
    QJsonDocument doc;
    if (!gifscan::fuzz::parseJson(input, &doc))
        return;
    both<BlockHeader>(doc);
    both<Block>(doc);
    both<TransactionRecord>(doc);
    both<Receipt>(doc);
    both<TransactionWithReceipt>(doc);
    both<Listing>(doc);
    both<ObjectRecord>(doc);
    both<Collection>(doc);
    both<Wallet>(doc);
    both<TraitCounts>(doc);
    both<ActivityEntry>(doc);
    both<OwnedLeaf>(doc);
    both<ObjectProof>(doc);
    both<HoldingsProof>(doc);

    // The same bytes as a GraphQL answer to each page: read, refused, or
    // not GraphQL at all; never a crash, and an error always in words.
    const QByteArray bytes(reinterpret_cast<const char *>(input.data()),
                           static_cast<qsizetype>(input.size()));
    auto said = [](const GraphqlPages::Answer &a) {
        return a.error.ok() || !a.error.message.isEmpty();
    };
    ObjectPageRecords object;
    FUZZ_ASSERT(said(GraphqlPages::readObjectPage(bytes, &object)));
    CollectionPageRecords collection;
    FUZZ_ASSERT(said(GraphqlPages::readCollectionPage(bytes, &collection)));
    AddressPageRecords address;
    FUZZ_ASSERT(said(GraphqlPages::readAddressPage(bytes, &address)));
}
