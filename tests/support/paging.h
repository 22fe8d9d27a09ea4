#pragma once

#include <QAbstractItemModel>
#include <QTest>
#include <gtest/gtest.h>

namespace gifscan::test {

// Pages a model to its end the way a view does, one fetchMore at a time;
// fails if a page never comes.
inline ::testing::AssertionResult fetchAll(QAbstractItemModel &model, int pageTimeoutMs = 5000)
{
    while (model.canFetchMore({})) {
        const int before = model.rowCount();
        model.fetchMore({});
        if (!QTest::qWaitFor([&] { return model.rowCount() > before || !model.canFetchMore({}); },
                             pageTimeoutMs))
            return ::testing::AssertionFailure() << "no page came after row " << before;
    }
    return ::testing::AssertionSuccess();
}

} // namespace gifscan::test
