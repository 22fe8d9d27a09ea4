#pragma once

#include "tests/support/devnetharness.h"
#include "tests/support/testpaths.h"
#include "tests/support/txfactory.h"

#include <QFile>
#include <gtest/gtest.h>

namespace gifscan::test {

// An address that holds `copies` objects of a 357 KB GIF
// (shared/gifs/gifplayer-muybridge.gif) in a collection of their own,
// "big-reels", and nothing else: two contents and a half pass the node's
// 16 MiB answer limit for a batch, so proving them all takes batches sized
// by bytes (or asked again). Minted by dev account 1 on `d`; the holder is
// dev account 20, which the genesis gives nothing. Empty on failure, said
// through gtest.
inline std::optional<Address> mintBigHolder(DevnetHarness &d, int copies = 30)
{
    QFile file(sharedPath(QStringLiteral("gifs/gifplayer-muybridge.gif")));
    if (!file.open(QIODevice::ReadOnly)) {
        ADD_FAILURE() << "cannot read " << file.fileName().toStdString();
        return std::nullopt;
    }
    const QByteArray gif = file.readAll();
    TxFactory tx;
    const Address holder = TxFactory::dev(20);
    const QJsonObject created =
        d.sendAndWait(tx.createCollection(1, QStringLiteral("big-reels"), QStringLiteral("film")));
    if (!created.value(QStringLiteral("receipt")).isObject()) {
        ADD_FAILURE() << "big-reels was not created";
        return std::nullopt;
    }
    // All but the last sent at once; the last waited for, as the mempool
    // keeps a sender's nonces in order.
    for (int id = 1; id < copies; ++id)
        d.rpc(QStringLiteral("gif_sendRawTransaction"),
              {toHexString(tx.mint(1, QStringLiteral("big-reels"), id, holder, gif))});
    const QJsonObject last =
        d.sendAndWait(tx.mint(1, QStringLiteral("big-reels"), copies, holder, gif), 60000);
    if (last.value(QStringLiteral("receipt"))[QStringLiteral("status")] !=
        QStringLiteral("success")) {
        ADD_FAILURE() << "the last mint did not succeed: "
                      << QJsonDocument(last).toJson(QJsonDocument::Compact).toStdString();
        return std::nullopt;
    }
    return holder;
}

} // namespace gifscan::test
