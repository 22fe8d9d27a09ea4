#pragma once

#include "tests/support/devnetharness.h"

#include <gtest/gtest.h>

namespace gifscan::test {

// One devnet for a whole suite, as bitcoin's setup_common.h gives its tests
// a chain: started before the suite's first test, stopped after its last,
// so a suite of many small requests pays for one genesis. A suite names
// itself (CRTP) and may hide config() and kHeight, the height it waits for
// before its first test. Lives on the test's thread.
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
        delete s_devnet;
        s_devnet = nullptr;
    }
    static DevnetHarness &d() { return *s_devnet; }

    inline static DevnetHarness *s_devnet = nullptr;
};

} // namespace gifscan::test
