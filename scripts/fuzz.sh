#!/usr/bin/env bash
# Builds the libFuzzer binaries (clang, ASan + UBSan) and runs each target
# for SECONDS (60 by default), one a core, from its kept seeds
# (tests/fuzz/corpus/<target>, and ../shared/gifs for the GIF targets). New
# inputs go to build/<preset>/corpus/<target>; a crash is written to
# build/<preset>/artifacts/ and fails the run, with how to minimise it and
# where to keep it as a regression test.
#
# The fuzz preset (-O1) is for long runs by hand. CI runs the targets the
# asan preset built beside its suites (GIFSCAN_FUZZ_PRESET=asan, -O0): the
# same tree compiled once, not twice.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#   RUNS=10000000 scripts/fuzz.sh 0 gif_scan     run a number of inputs instead of a time
set -euo pipefail
source "$(dirname "$0")/jobs.sh"
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
scripts/setup.sh
preset="${GIFSCAN_FUZZ_PRESET:-fuzz}"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" --target fuzzers
out=build/$preset
bin=$out/tests/fuzz
mapfile -t all < <(find "$bin" -maxdepth 1 -name 'fuzz_*' ! -name fuzz_corpus_tests -type f -executable -printf '%f\n' | sed 's/^fuzz_//' | sort)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")
mkdir -p "$out/artifacts" "$out/logs"

run_one() {
  local t=$1 seeds=(tests/fuzz/corpus/"$1") limits=()
  case $t in
    gif_*) limits=(-max_len=65536)
           [ -d ../shared/gifs ] && seeds+=(../shared/gifs ../shared/gifs/artificial) ;;
  esac
  [ -d tests/fuzz/grown/"$t" ] && seeds+=(tests/fuzz/grown/"$t")
  local work=$out/corpus/$t
  mkdir -p "$work"
  local budget=(-max_total_time="$seconds")
  [ -n "${RUNS:-}" ] && budget=(-runs="$RUNS")
  # Leaks are bugs too; a slow input (10 s) or 2 GB of RSS is one.
  if ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
      "$bin/fuzz_$t" "${budget[@]}" "${limits[@]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$out/artifacts/$t-" "$work" "${seeds[@]}" >"$out/logs/$t.log" 2>&1; then
    local runs cov
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/logs/$t.log")
    cov=$(grep -o 'cov: [0-9]*' "$out/logs/$t.log" | tail -1)
    echo "fuzz $t: $runs inputs, $cov, no crash"
  else
    echo "fuzz $t: FAILED, see $out/logs/$t.log" >&2
    grep -E '^(==[0-9]+==ERROR|SUMMARY|.*broken promise|artifact_prefix|Test unit written)' "$out/logs/$t.log" >&2 || tail -20 "$out/logs/$t.log" >&2
    echo "  minimise: $bin/fuzz_$t -minimize_crash=1 -runs=100000 $out/artifacts/$t-crash-*" >&2
    echo "  then keep the smallest as tests/fuzz/regressions/$t/<what it found> and fix it" >&2
    return 1
  fi
}
export -f run_one
export seconds bin out RUNS
printf '%s\n' "${targets[@]}" | xargs -P "${FUZZ_JOBS:-$GIFSCAN_JOBS}" -I{} bash -c 'run_one {}'
