#pragma once

#include "chain/engine/chainstate.h"

namespace gifscan::chain {

struct BlockContext
{
    std::uint64_t height = 0;
    std::uint64_t timestamp = 0;
    Address proposer{};
    // The set that signs it, when not this node's own (a followed block).
    std::optional<Hash32> validatorsHash;
};

// Applies transactions to the working state of the block being built.
// Execution failures (PROTOCOL §3) are mined: fee charged, nonce used,
// nothing else changed, the reason in the receipt. Lives on the node thread.
class Executor
{
public:
    explicit Executor(ChainState &state) : m_state(state) {}

    // The fee the sender must be able to pay for the tx to be included at all.
    // None when it does not fit 256 bits: such a transaction is never included.
    static std::optional<Amount> maxFee(const Transaction &tx);
    static std::uint64_t gasUsed(const Transaction &tx);

    // Precondition: nonce matches and the sender can pay gasUsed × gasPrice.
    Receipt apply(const Transaction &tx, const Address &from, const Hash32 &hash,
                  std::uint32_t index, const BlockContext &block);

private:
    // One transaction as its kind's function sees it.
    struct Step
    {
        const Transaction &tx;
        const Address &from;
        const Hash32 &hash;
        const BlockContext &block;
        Receipt &receipt;
    };
    // The object a transaction acts on, as the blocks before left it.
    struct Held
    {
        int index;
        ObjectRecord record;
        Address owner;
        std::optional<Listing> listing;
    };

    QString execute(const Transaction &tx, const Address &from, const Hash32 &hash,
                    const BlockContext &block, Receipt &receipt);
    QString mint(const Transaction &tx, const Address &from, const Hash32 &hash,
                 const BlockContext &block, Receipt &receipt);
    QString pay(const Step &s);
    QString createCollection(const Step &s);
    QString transferObject(const Step &s, const Held &held);
    QString list(const Step &s, const Held &held);
    QString delist(const Step &s, const Held &held);
    QString buy(const Step &s, const Held &held);
    void credit(const Address &who, const Amount &amount, std::uint64_t height);
    void activity(const QString &type, int object, std::optional<Address> from,
                  std::optional<Address> to, std::optional<Amount> price, const Hash32 &hash,
                  const BlockContext &block, Receipt &receipt);
    template <typename F> void updateAccount(const Address &who, std::uint64_t height, F &&change);

    ChainState &m_state;
};

} // namespace gifscan::chain
