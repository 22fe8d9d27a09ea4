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
# (jobs.sh gives the release suite two more). At one more than the cores
# the suite took 317-348 s where it takes some 387 s, but
# Verification.AuditOfADevAccountHolds failed once so (its wallet count
# missing, cause not found), where it had passed in every run at two.
if [ "$preset" = asan ]; then export CTEST_PARALLEL_LEVEL=$GIFSCAN_JOBS; fi
ctest --preset "$preset"
