#!/usr/bin/env bash
# Builds gifscan and starts it on the embedded devnet. Extra arguments go to
# the program.
set -euo pipefail
source "$(dirname "$0")/jobs.sh"
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release
if [ -x build/release/app/gifscan ]; then
  exec build/release/app/gifscan "$@"
fi
exec build/release/app/gifscan-devnet "$@"
