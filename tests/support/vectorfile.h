#pragma once

// Reading shared/vectors/commitments.json, the independent implementation's
// answers that the tests reproduce.
#include "core/protocol/blockheader.h"
#include "core/protocol/recordcodec.h"
#include "core/verify/holdingsproof.h"
#include "tests/support/testpaths.h"

#include <QJsonArray>
#include <QJsonObject>
#include <gtest/gtest.h>

namespace gifscan::test {

inline QJsonObject vectors()
{
    static const QJsonObject v =
        readJson(sharedPath(QStringLiteral("vectors/commitments.json"))).object();
    return v;
}

inline Hash32 vectorHash(const QJsonValue &v)
{
    auto h = parseHash(v.toString());
    EXPECT_TRUE(h.has_value()) << v.toString().toStdString();
    return h.value_or(Hash32{});
}

inline Address vectorAddress(const QJsonValue &v)
{
    auto a = parseAddress(v.toString());
    EXPECT_TRUE(a.has_value()) << v.toString().toStdString();
    return a.value_or(Address{});
}

// Headers and holdings proofs go through the same codec the client uses.
inline BlockHeader vectorHeader(const QJsonValue &v)
{
    BlockHeader h;
    DecodeError error;
    EXPECT_TRUE(RecordCodec::decode(v, QStringLiteral("header"), &h, &error))
        << error.message.toStdString();
    return h;
}

inline HoldingsProof vectorHoldings(const QJsonValue &v)
{
    HoldingsProof p;
    DecodeError error;
    EXPECT_TRUE(RecordCodec::decode(v, QStringLiteral("holdings"), &p, &error))
        << error.message.toStdString();
    return p;
}

} // namespace gifscan::test
