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
# Under ASan a test is the processor's more than a wait's: one a core
# (jobs.sh gives the release suite two more). At one more the suite took
# 275-321 s where one a core took some 370 s, and passed three runs, but a
# fourth (at 9f734e4) failed LiveSync.ANodeThatComesBackAsAnotherChainIsNotMixedIn:
# a head of the node's new chain arrived before its genesis was checked
# again and was counted as unverified, a race in LiveSync's reconnect that
# the slower run exposes. One a core until that is fixed.
if [ "$preset" = asan ]; then export CTEST_PARALLEL_LEVEL=$GIFSCAN_JOBS; fi
ctest --preset "$preset"
