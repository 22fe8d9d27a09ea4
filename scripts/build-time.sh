#!/usr/bin/env bash
# Clean build times of the presets at a base commit and at HEAD, measured in
# one run on this machine with no compiler cache (CCACHE_DISABLE), then the
# rebuild after touching one .cpp of core/ (release). Each commit is built in
# a worktree of its own under build/build-time/, so HEAD's number is a clean
# checkout's too; they are kept for later runs and rebuilt from nothing.
#
#   scripts/build-time.sh BASE [PRESET...]     presets: release asan fuzz (default: all three)
#   scripts/build-time.sh HEAD [PRESET...]     HEAD alone
#
# Prints one line per build: commit, preset, wall seconds, CPU seconds.
set -euo pipefail
source "$(dirname "$0")/jobs.sh"
cd "$(dirname "$0")/.."
base="$(git rev-parse --short "${1:?usage: scripts/build-time.sh BASE [PRESET...]}")"
shift
presets=("$@")
[ ${#presets[@]} -eq 0 ] && presets=(release asan fuzz)
head="$(git rev-parse --short HEAD)"
root="$PWD/build/build-time"
export CCACHE_DISABLE=1

tree() { # the worktree of commit $1, made once
    local dir="$root/$1/src"
    if [ ! -d "$dir" ]; then
        mkdir -p "$root/$1"
        git worktree add --detach "$dir" "$1" >/dev/null 2>&1
    fi
    echo "$dir"
}

timed() { # runs "$@", prints "<wall> s wall, <cpu> s CPU"
    local t
    t=$(mktemp)
    /usr/bin/time -f '%e %U %S' -o "$t" "$@" >/dev/null 2>&1 || { echo "FAILED: $*" >&2; rm -f "$t"; return 1; }
    awk '{ printf "%.0f s wall, %.0f s CPU\n", $1, $2 + $3 }' "$t"
    rm -f "$t"
}

commits=("$base")
[ "$head" != "$base" ] && commits+=("$head")
for preset in "${presets[@]}"; do
    for commit in "${commits[@]}"; do
        dir=$(tree "$commit")
        rm -rf "$dir/build/$preset"
        (cd "$dir" && cmake --preset "$preset" >/dev/null)
        echo "$commit $preset clean build: $(cd "$dir" && timed cmake --build --preset "$preset")"
        if [ "$preset" = release ]; then
            # The same file wherever it lived: core/bytes.cpp before core/
            # had folders, core/protocol/ before core/base/.
            for bytes in core/base/bytes.cpp core/protocol/bytes.cpp core/bytes.cpp; do
                [ -e "$dir/$bytes" ] && break
            done
            touch "$dir/$bytes"
            echo "$commit $preset after touching $bytes: $(cd "$dir" && timed cmake --build --preset "$preset")"
        fi
    done
done
