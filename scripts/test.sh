#!/usr/bin/env bash
# Builds gifscan and runs every test. Usage: scripts/test.sh [release|asan]
set -euo pipefail
source "$(dirname "$0")/jobs.sh"
cd "$(dirname "$0")/.."
preset="${1:-release}"
scripts/setup.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
# Under ASan a test is more the processor's than a wait's: one more than
# the cores (jobs.sh gives the release suite two more). On 2 cores its
# processes used 1.7 of them at 3, and took 317 s where 2 took some 387 s.
if [ "$preset" = asan ]; then export CTEST_PARALLEL_LEVEL=$((GIFSCAN_JOBS + 1)); fi
ctest --preset "$preset"
