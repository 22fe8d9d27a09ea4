#pragma once

#include "core/base/bytes.h"

namespace gifscan {

// Keccak-256 with the original padding (as Ethereum), not FIPS SHA3-256.
Hash32 keccak256(std::span<const std::uint8_t> data);
Hash32 keccak256(const QByteArray &data);

} // namespace gifscan
