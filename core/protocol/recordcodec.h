#pragma once

#include "core/protocol/jsonfields.h"
#include "core/protocol/proofs.h"
#include "core/protocol/records.h"

#include <QJsonDocument>

namespace gifscan {

// Strict decoding of every record of PROTOCOL §4 and the envelopes of §5.
// Each returns false with `error` naming the first bad field's path; a
// decoded value is never partly filled with guesses.
namespace RecordCodec {

bool decode(const QJsonValue &v, const QString &path, BlockHeader *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, Block *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, TransactionRecord *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, Receipt *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, TransactionWithReceipt *out,
            DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, Listing *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, ObjectRecord *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, Collection *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, Wallet *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, TraitCounts *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, MempoolStatus *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, ActivityEntry *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, OwnedLeaf *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, ObjectProof *out, DecodeError *error);
bool decode(const QJsonValue &v, const QString &path, HoldingsProof *out, DecodeError *error);

template <typename T>
bool decodeList(const QJsonValue &v, const QString &path, QList<T> *out, DecodeError *error)
{
    if (!v.isArray()) {
        *error = {path, QStringLiteral("not an array")};
        return false;
    }
    const QJsonArray a = v.toArray();
    out->clear();
    out->reserve(a.size());
    for (qsizetype i = 0; i < a.size(); ++i) {
        T item;
        if (!decode(a.at(i), path + QStringLiteral("[%1]").arg(i), &item, error))
            return false;
        out->append(std::move(item));
    }
    return true;
}

// {"data": [...], "cursor": "…" | null, "height": N}
template <typename T> bool decodePage(const QJsonDocument &doc, Page<T> *out, DecodeError *error)
{
    JsonFields f(doc.object(), QString(), error);
    if (!doc.isObject())
        f.fail(nullptr, QStringLiteral("not an object"));
    out->height = f.uint("height");
    out->cursor = f.optString("cursor");
    const QJsonValue data = f.value("data");
    return f.ok() && decodeList(data, QStringLiteral("data"), &out->data, error);
}

// {"data": record, "height": N}
template <typename T>
bool decodeSingle(const QJsonDocument &doc, T *out, std::uint64_t *height, DecodeError *error)
{
    JsonFields f(doc.object(), QString(), error);
    if (!doc.isObject())
        f.fail(nullptr, QStringLiteral("not an object"));
    *height = f.uint("height");
    const QJsonValue data = f.value("data");
    return f.ok() && decode(data, QStringLiteral("data"), out, error);
}

} // namespace RecordCodec

} // namespace gifscan
