#!/usr/bin/env bash
# The release test suite's wall time at a base commit and at the working
# tree, measured in one run on one machine, alternating so that neither gets
# the quieter minutes. Whole suites only: the tree registers one CTest test
# per GoogleTest suite where older trees registered one per test, so names
# no longer pair up.
# Usage: scripts/suite-time.sh BASE [ROUNDS]
# BASE is built once (a full release build, ~12 min on 2 cores) under
# build/suite-base/BASE and kept for later runs; the tree here is built with
# the release preset. A test that fails is timed all the same and counted.
set -euo pipefail
source "$(dirname "$0")/jobs.sh"
cd "$(dirname "$0")/.."
base="$(git rev-parse --short "${1:?usage: scripts/suite-time.sh BASE [ROUNDS]}")"
rounds="${2:-2}"
dir="$PWD/build/suite-base/$base"
if [ ! -d "$dir/src" ]; then
    mkdir -p "$dir"
    git worktree add --detach "$dir/src" "$base" >/dev/null
fi
# The tests find the shared vectors and GIFs beside the source tree.
[ -d ../shared ] && [ ! -e "$dir/shared" ] && ln -s "$(cd ../shared && pwd)" "$dir/shared"
(cd "$dir/src" && cmake --preset release >/dev/null && cmake --build --preset release >/dev/null)
cmake --preset release >/dev/null
cmake --build --preset release >/dev/null
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
run() { # "<seconds> s (<entries>, <failed> failed)" for one suite run of tree $1, tests matching $2
    local start end failed ms
    start=$(date +%s%N)
    ctest --test-dir "$1/build/release" -j2 --timeout 600 -R "$2" >"$log" 2>&1 || true
    end=$(date +%s%N)
    failed=$(grep -c '(Failed)\|(Timeout)\|(SEGFAULT)\|(Subprocess aborted)' "$log" || true)
    ms=$(((end - start) / 1000000))
    printf '%d.%d s (%d CTest entries, %d failed)' $((ms / 1000)) $((ms % 1000 / 100)) \
        "$(grep -c ' Test *#' "$log" || true)" "$failed"
}
head="$(git rev-parse --short HEAD)"
for ((i = 1; i <= rounds; ++i)); do
    echo "round $i, whole suites: base $base $(run "$dir/src" .), tree $head $(run . .)"
done
