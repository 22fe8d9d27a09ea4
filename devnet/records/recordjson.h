#pragma once

#include "chain/engine/chainview.h"
#include "chain/engine/mempool.h"
#include "devnet/records/recordreader.h"

#include <QJsonArray>
#include <QJsonObject>

namespace gifscan::devnet {

// The records of PROTOCOL §4 as JSON, shared by REST, JSON-RPC and the
// websocket so the three cannot drift apart.
namespace RecordJson {

QJsonValue hex(std::span<const std::uint8_t> bytes);
QJsonValue amount(const Amount &a);
QJsonValue optionalAddress(const std::optional<Address> &a);

QJsonObject header(const BlockHeader &h);
QJsonObject block(const ChainView &state, const Block &b, bool withTxs);
QJsonObject transaction(const Transaction &tx, const Address &from, const Hash32 &hash,
                        const TxEntry *mined);
QJsonObject receipt(const TxEntry &entry);
// {transaction, receipt} for a mined or pending hash; an empty object when unknown.
QJsonObject transactionWithReceipt(const ChainView &state, const Mempool &mempool,
                                   const Hash32 &hash);
QJsonObject listing(const ChainView &state, int object, const Listing &l);
QJsonObject object(const ChainView &state, RecordReader &indexer, int object, std::uint64_t height);
QJsonObject objectSummary(const ChainView &state, RecordReader &indexer, int object,
                          std::uint64_t height);
QJsonObject collection(const ChainView &state, const CollectionStats &s);
QJsonObject traitCounts(const TraitCounts &t);
QJsonObject wallet(const Address &address, const WalletView &w);
QJsonObject activity(const ChainView &state, const ActivityEntry &e);

} // namespace RecordJson

} // namespace gifscan::devnet
