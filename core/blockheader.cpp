#include "core/blockheader.h"

#include "core/keccak.h"

namespace gifscan {

Hash32 BlockHeader::computeHash() const
{
    Bytes buf;
    buf.reserve(8 + 32 + 8 + 20 + 32 + 32 + 8);
    appendU64(buf, height);
    appendBytes(buf, parentHash);
    appendU64(buf, timestamp);
    appendBytes(buf, proposer);
    appendBytes(buf, objectRoot);
    appendBytes(buf, txRoot);
    appendU64(buf, txCount);
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

} // namespace gifscan
