// The entry points libFuzzer calls, for a binary built from exactly one
// target file (as OSS-Fuzz builds one binary per target).
#include "tests/fuzz/fuzztarget.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    gifscan::fuzz::setUpQt();
    if (gifscan::fuzz::targets().size() != 1)
        gifscan::fuzz::fail(__FILE__, __LINE__, "one target per fuzzer binary");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    gifscan::fuzz::targets().front().run({data, size});
    return 0;
}
