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
# Under ASan a test is the CPU's, not a wait's: one a core (jobs.sh gives
# the release suite two more).
if [ "$preset" = asan ]; then export CTEST_PARALLEL_LEVEL=$GIFSCAN_JOBS; fi
ctest --preset "$preset"
