// Raw transactions as strangers broadcast them (PROTOCOL §3), decoded by
// the broadcast dialog and the node's edge alike: strict, so whatever
// decodes encodes back to exactly the same bytes.
#include "core/crypto/privatekey.h"
#include "core/protocol/transaction.h"
#include "tests/fuzz/fuzztarget.h"

#include <algorithm>

GIFSCAN_FUZZ_TARGET(transaction)
{
    QString error;
    const std::optional<gifscan::Transaction> tx = gifscan::decodeTransaction(input, &error);
    if (!tx) {
        FUZZ_ASSERT(!error.isEmpty());
        return;
    }
    const gifscan::Bytes again = tx->encode();
    FUZZ_ASSERT(again.size() == input.size() &&
                std::equal(again.begin(), again.end(), input.begin()));
    (void)tx->intrinsicGas();
    gifscan::Address signer{};
    (void)gifscan::recoverSigner(tx->signingHash(), tx->signature, &signer);
}
