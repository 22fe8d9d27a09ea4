#pragma once

// The chain engine in process, for the devnet's unit tests: a quiet chain
// (12 objects, no traffic, in memory), opened, with helpers to submit and mine.
#include "chain/content/gifgenerator.h"
#include "chain/engine/chain.h"
#include "tests/support/outcomeassert.h"
#include "tests/support/txfactory.h"

#include <gtest/gtest.h>

namespace gifscan::test {

// The engine's names the chain tests use unqualified; records core has
// namesakes of (Receipt, Block, ...) stay chain::-qualified.
using chain::ArtSpec;
using chain::Chain;
using chain::ChainOptions;
using chain::ChainState;
using chain::ChainView;
using chain::GifGenerator;
using chain::Submission;

inline chain::ChainOptions quietOptions()
{
    chain::ChainOptions o;
    o.objects = 12;
    o.traffic = false;
    o.ephemeral = true;
    return o;
}

inline QByteArray smallGif()
{
    chain::ArtSpec spec;
    spec.width = 16;
    spec.height = 16;
    spec.frames = 3;
    return chain::GifGenerator::render(spec);
}

class ChainTest : public ::testing::Test
{
protected:
    void SetUp() override { ASSERT_TRUE(holds(chain.open())); }

    chain::Submission submit(const Bytes &raw) { return chain.submit(raw); }
    chain::Receipt mine(const Bytes &raw)
    {
        const chain::Submission s = submit(raw);
        EXPECT_TRUE(s.accepted()) << s.reason.toStdString() << ": " << s.message.toStdString();
        EXPECT_TRUE(chain.produceBlock());
        const std::optional<chain::TxEntry> e = chain.state().transaction(s.hash);
        EXPECT_TRUE(e.has_value());
        return e ? e->receipt : chain::Receipt{};
    }
    chain::ObjectRecord object(const QString &key)
    {
        return chain.state().object(chain.state().objectIndex(key));
    }
    // The object's owner, listing and last sale at the end of `height` (now: the head).
    chain::ObjectVersion version(const QString &key,
                                 std::optional<std::uint64_t> height = std::nullopt)
    {
        return chain.state().version(chain.state().objectIndex(key),
                                     height.value_or(chain.state().head()));
    }

    chain::Chain chain{quietOptions()};
    TxFactory f;
};

} // namespace gifscan::test
