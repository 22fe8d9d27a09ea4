#pragma once

#include "core/client/nodeprover.h"
#include "core/protocol/validatorset.h"
#include "tests/support/fakeindex.h"

namespace gifscan::test {

// A node's JSON-RPC side the test writes, over a FakeIndex's chain: it names
// a chain id and a validator set and serves the index's headers as blocks.
// Its answers join the index's queue, so index.deliver() runs them too, in
// the order asked. What it was not given to know it answers with a Decode
// error saying so. Lives on the test's thread.
class FakeProver final : public NodeProver
{
public:
    explicit FakeProver(FakeIndex &index) : m_index(index) {}

    // What it names (the devnet's by default); a test makes it another node.
    std::uint64_t chainIdAnswer = 6464;
    ValidatorSet validatorsAnswer = ValidatorSet::devnet();
    // Asked for block 0, it answers with this height instead: a liar.
    std::optional<std::uint64_t> genesisInstead;

    void batch(const QList<Call> &calls, QObject *context,
               std::function<void(const QList<Result<QJsonValue>> &)> done) override;
    void chainId(QObject *context, Done<std::uint64_t> done) override;
    void blockNumber(QObject *context, Done<std::uint64_t> done) override;
    void block(std::uint64_t height, bool withTxs, QObject *context, Done<Block> done) override;
    void object(const QString &slug, std::uint64_t tokenId, std::optional<std::uint64_t> height,
                QObject *context, Done<ObjectRecord> done) override;
    void objectBytes(const QString &slug, std::uint64_t tokenId,
                     std::optional<std::uint64_t> height, QObject *context,
                     Done<QByteArray> done) override;
    void proof(const QString &slug, std::uint64_t tokenId, std::optional<std::uint64_t> height,
               QObject *context, Done<ObjectProof> done) override;
    void holdingsProof(const Address &address, std::optional<std::uint64_t> height,
                       QObject *context, Done<HoldingsProof> done) override;
    void validators(QObject *context, Done<ValidatorSet> done) override;
    void sendRawTransaction(const Bytes &raw, QObject *context, Done<Hash32> done) override;

private:
    FakeIndex &m_index;
};

} // namespace gifscan::test
