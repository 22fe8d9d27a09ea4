#pragma once

#include "core/client/pagerecords.h"

#include <QJsonObject>
#include <optional>

namespace gifscan {

// The explorer's pages as GraphQL requests to a node's /graphql (PROTOCOL,
// "GraphQL"), one request each, and their answers as the same records REST
// gives: the queries select REST's fields under REST's names, so REST's
// strict codec reads them. Stateless; any thread.
class GraphqlPages
{
public:
    // The JSON body of a POST: {query, variables}.
    static QByteArray objectPage(const QString &slug, std::uint64_t tokenId,
                                 std::optional<std::uint64_t> height, int historyLimit);
    static QByteArray collectionPage(const QString &slug, std::optional<std::uint64_t> height);
    static QByteArray addressPage(const Address &address, int pageSize);

    // The answer to each, read. A response that says the node's schema does
    // not have what was asked (no data at all) is `unsupported`: the caller
    // asks REST instead. A null object or collection is REST's 404.
    struct Answer
    {
        ClientError error;
        // Not a GraphQL answer, or one saying the schema lacks what was
        // asked: this node is asked over REST from now on.
        bool unsupported = false;
        // Refused before running for this request's own sake (a variable out
        // of range, a limit): REST answers this one request.
        bool refused = false;
        std::uint64_t height = 0; // extensions.height; 0 when absent
    };
    static Answer readObjectPage(const QByteArray &body, ObjectPageRecords *out);
    static Answer readCollectionPage(const QByteArray &body, CollectionPageRecords *out);
    static Answer readAddressPage(const QByteArray &body, AddressPageRecords *out);
};

} // namespace gifscan
