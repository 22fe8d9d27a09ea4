#include "core/client/graphqlpages.h"

#include "core/protocol/recordcodec.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace gifscan {

namespace {
// REST's records, field for field.
const char *const kListing = "listing { key seller escrow price listedAt txHash }";
const char *const kSale = "lastSale { price height txHash }";
const QString kSummary = QStringLiteral("key slug tokenId owner rarityRank traits { trait value } "
                                        "frames %1 %2")
                             .arg(QLatin1String(kListing), QLatin1String(kSale));
const QString kObject =
    kSummary + QStringLiteral(" bytes canvasWidth canvasHeight contentHash traitsHash root "
                              "mintedAt mintTx");
const char *const kActivity =
    "nodes { id type key slug tokenId from to price txHash height timestamp } "
    "pageInfo { endCursor hasNextPage }";
const char *const kCollection = "slug name category creator items owners listed floorPrice "
                                "volume24h volumeTotal sales24h createdAt";

QByteArray request(const QString &query, const QJsonObject &variables)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("query"), query},
                                     {QStringLiteral("variables"), variables}})
        .toJson(QJsonDocument::Compact);
}

QJsonValue heightValue(std::optional<std::uint64_t> height)
{
    return height ? QJsonValue(static_cast<qint64>(*height)) : QJsonValue();
}

// The envelope: data and extensions.height, or why there is none.
GraphqlPages::Answer envelope(const QByteArray &body, QJsonObject *data)
{
    GraphqlPages::Answer a;
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parse);
    const QJsonObject root = doc.object();
    if (parse.error != QJsonParseError::NoError || !doc.isObject()) {
        a.unsupported = true; // not a GraphQL server's answer at all
        return a;
    }
    const QJsonValue d = root.value(QStringLiteral("data"));
    const QJsonArray errors = root.value(QStringLiteral("errors")).toArray();
    if (!d.isObject()) {
        // Refused before running. A schema without these fields (an older
        // node) is this node's for good; anything else (a variable out of
        // range, a limit, a non-null field that failed) is this request's.
        const QString first = errors.first()[QStringLiteral("message")].toString();
        const bool schema = first.startsWith(QLatin1String("Cannot query field")) ||
                            first.startsWith(QLatin1String("Unknown argument")) ||
                            first.startsWith(QLatin1String("Unknown type"));
        a.unsupported = errors.isEmpty() || schema;
        a.refused = !a.unsupported;
        return a;
    }
    *data = d.toObject();
    a.height = static_cast<std::uint64_t>(
        root.value(QStringLiteral("extensions"))[QStringLiteral("height")].toInteger());
    if (!errors.isEmpty()) {
        const QString message = errors.first()[QStringLiteral("message")].toString();
        a.error = {ClientError::Kind::Http,
                   200,
                   QStringLiteral("graphql"),
                   0,
                   {},
                   message.isEmpty() ? QStringLiteral("the node's GraphQL answer has an error "
                                                      "without words")
                                     : message,
                   0,
                   {}};
    }
    return a;
}

GraphqlPages::Answer notFound(GraphqlPages::Answer a, const QString &what)
{
    a.error = {ClientError::Kind::Http, 404, QStringLiteral("not_found"), 0, {}, what, 0, {}};
    return a;
}

template <typename T> bool read(const QJsonValue &v, const QString &path, T *out, ClientError *e)
{
    DecodeError d;
    if (RecordCodec::decode(v, path, out, &d))
        return true;
    *e = {ClientError::Kind::Decode, 200, {}, 0, {}, d.toString(), 0, {}};
    return false;
}

// A connection as REST's page: its nodes, its end cursor (REST's own), the height.
template <typename T>
bool readPage(const QJsonValue &connection, const QString &path, std::uint64_t height, Page<T> *out,
              ClientError *e)
{
    DecodeError d;
    if (!RecordCodec::decodeList(connection[QStringLiteral("nodes")], path, &out->data, &d)) {
        *e = {ClientError::Kind::Decode, 200, {}, 0, {}, d.toString(), 0, {}};
        return false;
    }
    const QJsonValue info = connection[QStringLiteral("pageInfo")];
    out->cursor = info[QStringLiteral("hasNextPage")].toBool()
                      ? info[QStringLiteral("endCursor")].toString()
                      : QString();
    out->height = height;
    return true;
}
} // namespace

QByteArray GraphqlPages::objectPage(const QString &slug, std::uint64_t tokenId,
                                    std::optional<std::uint64_t> height, int historyLimit)
{
    return request(
        QStringLiteral("query ObjectPage($slug: String!, $id: TokenId!, $h: Int, $n: Int) { "
                       "object(slug: $slug, tokenId: $id, height: $h) { %1 history(first: $n) { "
                       "%2 } } collection(slug: $slug, height: $h) { items traitCounts { trait "
                       "value count } } }")
            .arg(kObject, QLatin1String(kActivity)),
        {{QStringLiteral("slug"), slug},
         {QStringLiteral("id"), static_cast<qint64>(tokenId)},
         {QStringLiteral("h"), heightValue(height)},
         {QStringLiteral("n"), historyLimit}});
}

QByteArray GraphqlPages::collectionPage(const QString &slug, std::optional<std::uint64_t> height)
{
    return request(QStringLiteral("query CollectionPage($slug: String!, $h: Int) { "
                                  "collection(slug: $slug, height: $h) { %1 traitCounts { trait "
                                  "value count } } }")
                       .arg(QLatin1String(kCollection)),
                   {{QStringLiteral("slug"), slug}, {QStringLiteral("h"), heightValue(height)}});
}

QByteArray GraphqlPages::addressPage(const Address &address, int pageSize)
{
    return request(
        QStringLiteral("query AddressPage($a: Address!, $n: Int) { wallet(address: $a) { address "
                       "balance nonce holdings { slug count } listed counters { txCount minted "
                       "bought sold transfersIn transfersOut } } objects(owner: $a, first: $n) { "
                       "nodes { %1 } pageInfo { endCursor hasNextPage } } activity(address: $a, "
                       "first: $n) { %2 } }")
            .arg(kSummary, QLatin1String(kActivity)),
        {{QStringLiteral("a"), toHexString(address)}, {QStringLiteral("n"), pageSize}});
}

// A trait panel's counts: the collection's items beside its values, as REST
// answers /collections/:slug/traits.
static bool readCounts(const QJsonObject &collection, TraitCounts *out, ClientError *e)
{
    return read(
        QJsonObject{{QStringLiteral("items"), collection.value(QStringLiteral("items"))},
                    {QStringLiteral("values"), collection.value(QStringLiteral("traitCounts"))}},
        QStringLiteral("collection.traitCounts"), out, e);
}

GraphqlPages::Answer GraphqlPages::readObjectPage(const QByteArray &body, ObjectPageRecords *out)
{
    QJsonObject data;
    Answer a = envelope(body, &data);
    if (a.unsupported)
        return a;
    QJsonObject object = data.value(QStringLiteral("object")).toObject();
    // Absent, or asked beyond the head: REST's 404 either way, so the page
    // can say which.
    if (object.isEmpty() &&
        (a.error.ok() || a.error.message.contains(QLatin1String("is beyond the head"))))
        return notFound(a, a.error.ok() ? QStringLiteral("no such object at this height")
                                        : a.error.message);
    if (object.isEmpty())
        return a;
    const QJsonValue history = object.take(QStringLiteral("history"));
    Page<ActivityEntry> page;
    if (!read(object, QStringLiteral("object"), &out->object, &a.error) ||
        !readPage(history, QStringLiteral("object.history"), a.height, &page, &a.error))
        return a;
    out->history = page.data;
    out->historyComplete = page.cursor.isEmpty();
    const QJsonObject collection = data.value(QStringLiteral("collection")).toObject();
    TraitCounts counts;
    ClientError ignored;
    if (!collection.isEmpty() && readCounts(collection, &counts, &ignored))
        out->traitCounts = counts;
    a.error = {};
    return a;
}

GraphqlPages::Answer GraphqlPages::readCollectionPage(const QByteArray &body,
                                                      CollectionPageRecords *out)
{
    QJsonObject data;
    Answer a = envelope(body, &data);
    if (a.unsupported || !a.error.ok())
        return a;
    const QJsonObject collection = data.value(QStringLiteral("collection")).toObject();
    if (collection.isEmpty())
        return notFound(a, QStringLiteral("no such collection"));
    Collection record;
    QJsonObject fields = collection;
    fields.remove(QStringLiteral("traitCounts"));
    if (read(fields, QStringLiteral("collection"), &record, &a.error) &&
        readCounts(collection, &out->traitCounts, &a.error))
        out->collection = record;
    return a;
}

GraphqlPages::Answer GraphqlPages::readAddressPage(const QByteArray &body, AddressPageRecords *out)
{
    QJsonObject data;
    Answer a = envelope(body, &data);
    if (a.unsupported || !a.error.ok())
        return a;
    if (read(data.value(QStringLiteral("wallet")), QStringLiteral("wallet"), &out->wallet,
             &a.error) &&
        readPage(data.value(QStringLiteral("objects")), QStringLiteral("objects"), a.height,
                 &out->holdings, &a.error))
        readPage(data.value(QStringLiteral("activity")), QStringLiteral("activity"), a.height,
                 &out->activity, &a.error);
    return a;
}

} // namespace gifscan
