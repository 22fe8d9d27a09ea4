#pragma once

// The chain engine in process, for the devnet's unit tests: a quiet chain
// (12 objects, no traffic, in memory), opened, with helpers to submit and mine.
#include "chain/content/gifgenerator.h"
#include "chain/engine/chain.h"
#include "tests/support/outcomeassert.h"
#include "tests/support/txfactory.h"

#include <gtest/gtest.h>

namespace gifscan::test {

namespace dn = gifscan::devnet;
// The node's own names the chain tests use unqualified; records core has
// namesakes of (Receipt, Block, ...) stay dn::-qualified.
using dn::ArtSpec;
using dn::Chain;
using dn::ChainOptions;
using dn::ChainState;
using dn::ChainView;
using dn::GifGenerator;
using dn::Submission;

inline dn::ChainOptions quietOptions()
{
    dn::ChainOptions o;
    o.objects = 12;
    o.traffic = false;
    o.ephemeral = true;
    return o;
}

inline QByteArray smallGif()
{
    dn::ArtSpec spec;
    spec.width = 16;
    spec.height = 16;
    spec.frames = 3;
    return dn::GifGenerator::render(spec);
}

class ChainTest : public ::testing::Test
{
protected:
    void SetUp() override { ASSERT_TRUE(holds(chain.open())); }

    dn::Submission submit(const Bytes &raw) { return chain.submit(raw); }
    dn::Receipt mine(const Bytes &raw)
    {
        const dn::Submission s = submit(raw);
        EXPECT_TRUE(s.accepted()) << s.reason.toStdString() << ": " << s.message.toStdString();
        EXPECT_TRUE(chain.produceBlock());
        const std::optional<dn::TxEntry> e = chain.state().transaction(s.hash);
        EXPECT_TRUE(e.has_value());
        return e ? e->receipt : dn::Receipt{};
    }
    dn::ObjectRecord object(const QString &key)
    {
        return chain.state().object(chain.state().objectIndex(key));
    }
    // The object's owner, listing and last sale at the end of `height` (now: the head).
    dn::ObjectVersion version(const QString &key,
                              std::optional<std::uint64_t> height = std::nullopt)
    {
        return chain.state().version(chain.state().objectIndex(key),
                                     height.value_or(chain.state().head()));
    }

    dn::Chain chain{quietOptions()};
    TxFactory f;
};

} // namespace gifscan::test
