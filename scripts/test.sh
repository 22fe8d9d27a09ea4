#!/usr/bin/env bash
# Builds gifscan and runs every test. Usage: scripts/test.sh [release|asan]
# (GIFSCAN_CONFIGURE_ARGS="-DNAME=VALUE ..." configures the tree with them too)
set -euo pipefail
asked_test_jobs=${GIFSCAN_TEST_JOBS:-}
source "$(dirname "$0")/jobs.sh"
cd "$(dirname "$0")/.."
preset="${1:-release}"
scripts/setup.sh
# GIFSCAN_CONFIGURE_ARGS: -D settings beside the preset's, word by word
# (.ci/run compiles the benchmarks in the asan tree, not the release tree).
# A tree keeps them until they are set again.
# shellcheck disable=SC2086
cmake --preset "$preset" ${GIFSCAN_CONFIGURE_ARGS:-} >/dev/null
cmake --build --preset "$preset"
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
# The sanitizers' settings, unless the caller gave its own. Suppressions
# are not used: a leak or UB report fails the run. ASan's quarantine at
# 16 MB, not 256: a freed block waits there to be caught if used, and a
# process churning through 256 MB of never-touched pages paid a page fault
# for each, which on this kind of virtual machine was the largest single
# item of the suite's processor time (docs/BENCHMARKS.md); a use after free
# still has the last 16 MB of frees to be caught in. Freed memory kept by
# the process rather than given back every 5 s and faulted in again, and
# the allocation and free stacks a report shows 15 frames deep, not 30
# (each malloc and free walks them): some 9 % of the suites' processor
# time. The access that fails is still shown whole.
if [ "$preset" = asan ]; then
  export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:quarantine_size_mb=16:allocator_release_to_os_interval_ms=-1:malloc_context_size=15}"
  export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
fi
# Under ASan a test is the processor's more than a wait's: one more than
# the cores (jobs.sh gives the release suite two more), unless the caller
# set GIFSCAN_TEST_JOBS. At one more the suite took 275-321 s where one a
# core took some 370 s. A fourth run there (at 9f734e4) failed LiveSync's
# node-back-as-another-chain test: a poll after the lost stream took the
# new chain's heads before its genesis was checked, a race in LiveSync
# that the slower run exposed, fixed in 9559588.
if [ "$preset" = asan ] && [ -z "$asked_test_jobs" ]; then
  export CTEST_PARALLEL_LEVEL=$((GIFSCAN_JOBS + 1))
fi
ctest --preset "$preset"
