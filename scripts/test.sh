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
# (jobs.sh gives the release suite one more). At one more than the cores
# the suite took 317-348 s where it takes some 370 s, but
# Verification.AuditOfADevAccountHolds failed once so: its devnet makes a
# block every 100 ms, and the audit asked the wallet's count at the head
# after its list (fixed since, ad3892a); one more may come back once runs
# show nothing else that slower tests reveal.
if [ "$preset" = asan ]; then export CTEST_PARALLEL_LEVEL=$GIFSCAN_JOBS; fi
ctest --preset "$preset"
