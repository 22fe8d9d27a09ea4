#pragma once

#include "core/protocol/commitments.h"

#include <QByteArray>
#include <random>
#include <stdexcept>

namespace gifscan::chain {

// What a generated object looks like, chosen from its traits.
struct ArtSpec
{
    int width = 64;
    int height = 64;
    int frames = 16;
    int delayCs = 8;    // hundredths of a second, as GIF stores it
    int background = 0; // palette family of the backdrop
    int shapeColor = 1;
    int shape = 0;        // circle, square, diamond, ring, cross, star
    int motion = 0;       // bounce, orbit, pulse, slide, spin, blink
    bool sparkle = false; // the rarest look: glitter over everything
};

// giflib refused to encode (its own words): what render() throws.
class GifRenderError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Draws animated objects with giflib's encoder. Deterministic: the same spec
// gives the same bytes, so genesis and its content hashes are reproducible.
class GifGenerator
{
public:
    static QByteArray render(const ArtSpec &spec);

    // Traits with skewed distributions (common values often, rare ones
    // seldom) and the spec that makes their rarity visible.
    static QList<Trait> randomTraits(std::mt19937_64 &rng);
    static ArtSpec specFor(const QList<Trait> &traits, int collectionStyle, std::mt19937_64 &rng);
};

} // namespace gifscan::chain
