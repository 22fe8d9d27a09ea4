#pragma once

#include <QEventLoop>
#include <functional>

namespace gifscan {

// Runs an asynchronous client call to completion on the calling thread, for
// command-line tools and tests. `start` receives the context object to pass
// to the client and the callback to give it.
template <typename R>
R awaitResult(
    const std::function<void(QObject *context, std::function<void(const R &)> done)> &start)
{
    QEventLoop loop;
    R out;
    bool finished = false;
    start(&loop, [&](const R &r) {
        out = r;
        finished = true;
        loop.quit();
    });
    if (!finished)
        loop.exec();
    return out;
}

} // namespace gifscan
