#include "core/protocol/blockheader.h"

#include "core/crypto/keccak.h"

namespace gifscan {

Hash32 BlockHeader::computeHash() const
{
    Bytes buf;
    buf.reserve(8 + 32 + 8 + 20 + 32 + 32 + 8 + 32 + 32);
    appendU64(buf, height);
    appendBytes(buf, parentHash);
    appendU64(buf, timestamp);
    appendBytes(buf, proposer);
    appendBytes(buf, objectRoot);
    appendBytes(buf, txRoot);
    appendU64(buf, txCount);
    appendBytes(buf, validatorsHash);
    appendBytes(buf, holdingsRoot);
    return keccak256(buf);
}

Hash32 transactionRoot(const std::vector<Hash32> &txHashes)
{
    Bytes buf;
    buf.reserve(txHashes.size() * 32);
    for (const auto &h : txHashes)
        appendBytes(buf, h);
    return keccak256(buf);
}

Hash32 commitMessage(std::uint64_t chainId, const Hash32 &headerHash)
{
    static const QByteArray tag = QByteArrayLiteral("gif-chain/commit");
    Bytes buf(tag.begin(), tag.end());
    appendU64(buf, chainId);
    appendBytes(buf, headerHash);
    return keccak256(buf);
}

} // namespace gifscan
