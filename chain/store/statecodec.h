#pragma once

#include "chain/store/staterecords.h"

#include <QByteArray>

namespace gifscan::chain {

// The encodings of the state tables' composite columns (traits, a listing,
// a sale, a receipt's events, an account's counters). QDataStream at a fixed
// version: the file outlives the Qt it was written with. Every decoder
// fails, rather than guesses, on bytes that are not what it wrote, so damage
// below SQLite's notice is reported, never served.
namespace StateCodec {

QByteArray amount(const Amount &value); // 32 bytes, big-endian: sorts as numbers do
std::optional<Amount> amount(const void *data, int size);

QByteArray traits(const QList<Trait> &traits);
std::optional<QList<Trait>> traits(const QByteArray &bytes);

QByteArray listing(const Listing &listing);
std::optional<Listing> listing(const QByteArray &bytes);

QByteArray sale(const Sale &sale);
std::optional<Sale> sale(const QByteArray &bytes);

QByteArray events(const std::vector<ReceiptEvent> &events);
std::optional<std::vector<ReceiptEvent>> events(const QByteArray &bytes);

QByteArray counters(const AccountCounters &counters);
std::optional<AccountCounters> counters(const QByteArray &bytes);

} // namespace StateCodec

} // namespace gifscan::chain
