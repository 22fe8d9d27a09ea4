#pragma once

#include "core/base/bytes.h"

namespace gifscan {

// SHA-256 through OpenSSL's libcrypto, which uses the CPU's SHA extensions
// (about 7x QCryptographicHash on this hardware, see docs/BENCHMARKS.md).
// Thread-safe: each thread keeps its own fetched digest and context.
Hash32 sha256(std::span<const std::uint8_t> data);
Hash32 sha256(const QByteArray &data);

// Frees the calling thread's OpenSSL state (its random generators, error
// queue, cached digests). OpenSSL 3.0 does not always do this when a thread
// ends, so every long-lived thread we start calls it last.
void releaseThreadCryptoState();

} // namespace gifscan
