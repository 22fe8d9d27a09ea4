#pragma once

#include "chain/engine/chainview.h"
#include "chain/engine/mempool.h"
#include "server/records/recordreader.h"

#include <QJsonArray>
#include <QJsonObject>

namespace gifscan::server {

// The records of PROTOCOL §4 as JSON, shared by REST, JSON-RPC and the
// websocket so the three cannot drift apart.
namespace RecordJson {

QJsonValue hex(std::span<const std::uint8_t> bytes);
QJsonValue amount(const Amount &a);
QJsonValue optionalAddress(const std::optional<Address> &a);

QJsonObject header(const BlockHeader &h);
QJsonObject block(const chain::ChainView &state, const chain::Block &b, bool withTxs);
QJsonObject transaction(const Transaction &tx, const Address &from, const Hash32 &hash,
                        const chain::TxEntry *mined);
QJsonObject receipt(const chain::TxEntry &entry);
// {transaction, receipt} for a mined or pending hash; an empty object when unknown.
QJsonObject transactionWithReceipt(const chain::ChainView &state, const chain::Mempool &mempool,
                                   const Hash32 &hash);
QJsonObject listing(const chain::ChainView &state, int object, const chain::Listing &l);
QJsonObject object(const chain::ChainView &state, RecordReader &indexer, int object,
                   std::uint64_t height);
QJsonObject objectSummary(const chain::ChainView &state, RecordReader &indexer, int object,
                          std::uint64_t height);
QJsonObject collection(const chain::ChainView &state, const CollectionStats &s);
QJsonObject traitCounts(const TraitCounts &t);
QJsonObject wallet(const Address &address, const WalletView &w);
QJsonObject activity(const chain::ChainView &state, const chain::ActivityEntry &e);

} // namespace RecordJson

} // namespace gifscan::server
