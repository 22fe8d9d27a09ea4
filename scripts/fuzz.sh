#!/usr/bin/env bash
# Builds the libFuzzer binaries (the fuzz preset: clang, ASan + UBSan) and
# runs each target for SECONDS (60 by default), one a core, from its kept
# seeds (tests/fuzz/corpus/<target>, and ../shared/gifs for the GIF
# targets). New inputs go to build/fuzz/corpus/<target>; a crash is written
# to build/fuzz/artifacts/ and fails the run, with how to minimise it and
# where to keep it as a regression test.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#   RUNS=10000000 scripts/fuzz.sh 0 gif_scan     run a number of inputs instead of a time
set -euo pipefail
source "$(dirname "$0")/jobs.sh"
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
scripts/setup.sh
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
bin=build/fuzz/tests/fuzz
mapfile -t all < <(find "$bin" -maxdepth 1 -name 'fuzz_*' ! -name fuzz_corpus_tests -type f -executable -printf '%f\n' | sed 's/^fuzz_//' | sort)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")
mkdir -p build/fuzz/artifacts build/fuzz/logs

run_one() {
  local t=$1 seeds=(tests/fuzz/corpus/"$1") limits=()
  case $t in
    gif_*) limits=(-max_len=65536)
           [ -d ../shared/gifs ] && seeds+=(../shared/gifs ../shared/gifs/artificial) ;;
  esac
  [ -d tests/fuzz/grown/"$t" ] && seeds+=(tests/fuzz/grown/"$t")
  local work=build/fuzz/corpus/$t
  mkdir -p "$work"
  local budget=(-max_total_time="$seconds")
  [ -n "${RUNS:-}" ] && budget=(-runs="$RUNS")
  # Leaks are bugs too; a slow input (10 s) or 2 GB of RSS is one.
  if ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
      "$bin/fuzz_$t" "${budget[@]}" "${limits[@]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="build/fuzz/artifacts/$t-" "$work" "${seeds[@]}" >"build/fuzz/logs/$t.log" 2>&1; then
    local runs cov
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build/fuzz/logs/$t.log")
    cov=$(grep -o 'cov: [0-9]*' "build/fuzz/logs/$t.log" | tail -1)
    echo "fuzz $t: $runs inputs, $cov, no crash"
  else
    echo "fuzz $t: FAILED, see build/fuzz/logs/$t.log" >&2
    grep -E '^(==[0-9]+==ERROR|SUMMARY|.*broken promise|artifact_prefix|Test unit written)' "build/fuzz/logs/$t.log" >&2 || tail -20 "build/fuzz/logs/$t.log" >&2
    echo "  minimise: $bin/fuzz_$t -minimize_crash=1 -runs=100000 build/fuzz/artifacts/$t-crash-*" >&2
    echo "  then keep the smallest as tests/fuzz/regressions/$t/<what it found> and fix it" >&2
    return 1
  fi
}
export -f run_one
export seconds bin RUNS
printf '%s\n' "${targets[@]}" | xargs -P "${FUZZ_JOBS:-$GIFSCAN_JOBS}" -I{} bash -c 'run_one {}'
