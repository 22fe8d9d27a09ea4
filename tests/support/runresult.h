#pragma once

#include "core/client/awaitresult.h"
#include "core/client/clienterror.h"

namespace gifscan::test {

// A client call run to its Result on the test's thread:
// run<Block>([&](QObject *c, auto done) { rest.block(0, c, done); }).
template <typename T>
using Start = std::function<void(QObject *, std::function<void(const Result<T> &)>)>;

template <typename T> Result<T> run(const Start<T> &start)
{
    return awaitResult<Result<T>>(start);
}

} // namespace gifscan::test
