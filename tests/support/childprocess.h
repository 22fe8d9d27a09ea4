#pragma once

#include <QProcess>
#include <signal.h>
#include <sys/prctl.h>

namespace gifscan::test {

// A child process that dies with the test that started it: a test that
// crashed (an abort, a failed assertion's exit) left its nodes, followers
// and servers running, taking the CI machine's two cores from the tests
// after it.
inline void dieWithTheTest(QProcess &process)
{
    process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
}

} // namespace gifscan::test
