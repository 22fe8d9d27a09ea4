#pragma once

#include "core/base/bytes.h"

#include <random>

namespace gifscan::test {

// A hash-shaped key or value from a seeded generator: tests and benchmarks
// of the tries draw the same ones on every run.
inline Hash32 randomHash(std::mt19937_64 &rng)
{
    Hash32 h{};
    for (auto &b : h)
        b = static_cast<std::uint8_t>(rng());
    return h;
}

} // namespace gifscan::test
