#pragma once

#include "core/base/outcome.h"

#include <gtest/gtest.h>

namespace gifscan::test {

// An Outcome as gtest reads a check: a failure prints its words, which
// ASSERT_TRUE of the Outcome alone would not.
template <typename T>::testing::AssertionResult holds(const Outcome<T> &outcome)
{
    if (outcome)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << outcome.error().message.toStdString();
}

} // namespace gifscan::test
