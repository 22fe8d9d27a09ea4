#pragma once

#include "tests/support/sanitizers.h"

#include <cstddef>

#if GIFSCAN_TEST_ASAN
// ASan's own count (sanitizer/allocator_interface.h, which not every
// compiler's packages ship).
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();
#else
#include <malloc.h>
#endif

namespace gifscan::test {

// What this process's allocations hold now, in MiB: live bytes, not
// resident pages, so that what an allocator keeps after a free (ASan's
// quarantine, glibc's arenas) does not count as held.
inline double heldMb()
{
#if GIFSCAN_TEST_ASAN
    return static_cast<double>(__sanitizer_get_current_allocated_bytes()) / (1024.0 * 1024.0);
#else
    const struct mallinfo2 m = mallinfo2();
    return static_cast<double>(m.uordblks + m.hblkhd) / (1024.0 * 1024.0);
#endif
}

} // namespace gifscan::test
