#!/usr/bin/env bash
# The explorer's first start as a new user has it: a fresh profile, no data
# folder, the embedded devnet at its own (3 to 7 s) block time, under Xvfb.
# Prints, in seconds since the explorer's process began, when the block
# list's first page was in (the session then starts following), when it was
# following the chain live, and when the first and second new heads came. bench_gui's StartToFirstLiveHead measures the same in
# process; this is the real program, its child process and its window.
# Usage: scripts/cold-start.sh [RUNS]     (after cmake --build --preset release)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/release/app/gifscan
[ -x "$bin" ] || { echo "build first: cmake --build --preset release" >&2; exit 2; }
runs="${1:-3}"
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
Xvfb -displayfd 5 -screen 0 1600x1000x24 -nolisten tcp 5>"$work/display" >/dev/null 2>&1 &
for _ in $(seq 20); do [ -s "$work/display" ] && break; sleep 0.5; done
export DISPLAY=":$(head -1 "$work/display")" LANG=C.UTF-8
# The session's own log, each line stamped with the time since its start.
export QT_LOGGING_RULES="gifscan.sync.debug=true" QT_MESSAGE_PATTERN="%{time process} %{category}: %{message}"
for run in $(seq "$runs"); do
  home="$work/home$run"
  mkdir -p "$home/run" && chmod 700 "$home/run"
  log="$work/run$run.log"
  HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache" \
    XDG_RUNTIME_DIR="$home/run" "$bin" >"$log" 2>&1 &
  app=$!
  for _ in $(seq 300); do
    [ "$(grep -c 'gifscan.sync: head' "$log" || true)" -ge 2 ] && break
    sleep 0.1
  done
  kill "$app"; wait "$app" 2>/dev/null || true
  at() { grep -m1 -E "$1" "$log" | awk '{print $1}'; }
  printf 'run %s (genesis %s): first page %ss, live %ss, first new head %ss, second %ss\n' "$run" \
    "$(grep -q 'genesis is a copy' "$log" && echo 'copied' || echo 'built')" \
    "$(at 'gifscan.sync: .* connecting$')" \
    "$(at 'gifscan.sync: .* live$')" \
    "$(at 'gifscan.sync: head ' | head -1)" \
    "$(grep -E 'gifscan.sync: head ' "$log" | sed -n 2p | awk '{print $1}')"
done
