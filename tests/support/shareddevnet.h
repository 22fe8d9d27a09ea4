#pragma once

#include "tests/support/devnetharness.h"

#include <gtest/gtest.h>
#include <memory>
#include <vector>

namespace gifscan::test {

// One devnet for a whole suite, as bitcoin's setup_common.h gives its tests
// a chain: started before the suite's first test, stopped after its last,
// so a suite of many small requests pays for one genesis. A suite names
// itself (CRTP) and may hide config() and kHeight, the height it waits for
// before its first test; one that needs more devnets (a liar, another
// validator set) starts them with alsoStart() from its own SetUpTestSuite,
// after this one's, and they stop with the suite. Lives on the test's
// thread.
template <typename Suite> class SharedDevnet : public ::testing::Test
{
protected:
    static server::ServerConfig config() { return DevnetHarness::fastConfig(30, 0.1, true); }
    static constexpr std::uint64_t kHeight = 2;

    static void SetUpTestSuite()
    {
        s_devnet = new DevnetHarness(Suite::config());
        ASSERT_TRUE(s_devnet->ok()) << s_devnet->error().toStdString();
        ASSERT_TRUE(s_devnet->waitForHeight(Suite::kHeight));
    }
    static void TearDownTestSuite()
    {
        s_others.clear();
        delete s_devnet;
        s_devnet = nullptr;
    }
    static DevnetHarness &d() { return *s_devnet; }

    // Another devnet of `config` for the suite's lifetime; a failure to
    // start fails the suite's set-up as the first devnet's does.
    static DevnetHarness *alsoStart(server::ServerConfig config)
    {
        s_others.push_back(std::make_unique<DevnetHarness>(std::move(config)));
        EXPECT_TRUE(s_others.back()->ok()) << s_others.back()->error().toStdString();
        return s_others.back().get();
    }

    inline static DevnetHarness *s_devnet = nullptr;
    inline static std::vector<std::unique_ptr<DevnetHarness>> s_others;
};

} // namespace gifscan::test
