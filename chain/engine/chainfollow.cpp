// Chain, continued: taking up blocks another node made, as the indexer's
// follower does. Same object and thread as chain/engine/chain.cpp.
#include "chain/engine/chain.h"
#include "chain/store/sqldatabase.h"
#include "chain/store/sqlstatement.h"

#include <QLoggingCategory>

namespace gifscan::chain {

Q_DECLARE_LOGGING_CATEGORY(lcChain)

Outcome<> Chain::follow(const BlockHeader &header, std::vector<Bytes> transactions)
{
    const std::uint64_t next = m_state.hasBlocks() ? m_state.head() + 1 : 0;
    if (header.height != next)
        return Failure::invalid(QStringLiteral("block %1 cannot follow: the next block here is %2")
                                    .arg(header.height)
                                    .arg(next));
    return seal(header.height, header.timestamp, std::move(transactions), &header,
                Source::Followed);
}

Outcome<> Chain::matchesFollowed(const BlockHeader &computed, const BlockHeader &signed_) const
{
    QStringList differ;
    auto compare = [&](const QString &what, const Hash32 &mine, const Hash32 &theirs) {
        if (mine != theirs)
            differ << QStringLiteral("the %1 executes to %2, the signed header says %3")
                          .arg(what, toHexString(mine), toHexString(theirs));
    };
    compare(QStringLiteral("object root"), computed.objectRoot, signed_.objectRoot);
    compare(QStringLiteral("holdings root"), computed.holdingsRoot, signed_.holdingsRoot);
    compare(QStringLiteral("transaction root"), computed.txRoot, signed_.txRoot);
    compare(QStringLiteral("parent hash"), computed.parentHash, signed_.parentHash);
    // What the roots do not cover (the count, the time) is in the hash.
    if (differ.isEmpty())
        compare(QStringLiteral("header hash"), computed.hash, signed_.hash);
    if (differ.isEmpty())
        return success();
    return Failure::invalid(QStringLiteral("block %1 does not match its signed header: %2")
                                .arg(computed.height)
                                .arg(differ.join(QStringLiteral("; "))));
}

} // namespace gifscan::chain
