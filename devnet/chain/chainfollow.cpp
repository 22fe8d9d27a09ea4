// Chain, continued: taking up blocks another node made, as the indexer's
// follower does. Same object and thread as devnet/chain/chain.cpp.
#include "devnet/chain/chain.h"

namespace gifscan::devnet {

bool Chain::follow(const BlockHeader &header, std::vector<Bytes> transactions, QString *error)
{
    const std::uint64_t next = m_state.hasBlocks() ? m_state.head() + 1 : 0;
    if (header.height != next) {
        *error = QStringLiteral("block %1 cannot follow: the next block here is %2")
                     .arg(header.height)
                     .arg(next);
        return false;
    }
    return seal(header.height, header.timestamp, std::move(transactions), &header,
                Source::Followed, error);
}

bool Chain::matchesFollowed(const BlockHeader &computed, const BlockHeader &signed_,
                            QString *error) const
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
        return true;
    *error = QStringLiteral("block %1 does not match its signed header: %2")
                 .arg(computed.height)
                 .arg(differ.join(QStringLiteral("; ")));
    return false;
}

} // namespace gifscan::devnet
