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
# Under ASan a test is the processor's more than a wait's: one more than
# the cores (jobs.sh gives the release suite two more). At one more the
# suite took 317-348 s where one a core took some 370 s; its one failure so
# (Verification.AuditOfADevAccountHolds: a block between the audit's list
# and its wallet count, asked at the head) is fixed (ad3892a).
if [ "$preset" = asan ]; then export CTEST_PARALLEL_LEVEL=$((GIFSCAN_JOBS + 1)); fi
ctest --preset "$preset"
