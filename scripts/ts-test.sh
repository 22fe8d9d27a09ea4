#!/usr/bin/env bash
# The TypeScript client's tests (clients/ts): installs its locked
# dependencies when the lock file changed, builds it, and runs `npm test`
# against the gifscan-devnet and gifscan-cli of a C++ build.
#   scripts/ts-test.sh BUILD_DIR     (CTest runs it as the ClientTs suite)
#   GIFSCAN_TS_NODE=debian: with Debian 12's own Node 18 and npm 9, as a
#   fresh machine has them (scripts/node18-check.sh; CI sets it, so the
#   suite runs once, on the oldest Node the client promises); there CI
#   prepares the copy beside the build and this only tests
#   (GIFSCAN_TS_PREPARED, .ci/run).
set -euo pipefail
build=$(cd "${1:-build/release}" && pwd)
if [[ ${GIFSCAN_TS_NODE:-} == debian ]]; then
    exec "$(dirname "$0")/node18-check.sh" "$build"
fi
cd "$(dirname "$0")/../clients/ts"
# npm ci only when package-lock.json changed since the last install: it
# deletes node_modules and fetches everything again.
if ! cmp -s package-lock.json node_modules/.gifscan-installed-lock 2>/dev/null; then
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.gifscan-installed-lock
fi
npm run --silent build
# The API reference builds from the types without a warning.
npm run --silent docs >/dev/null
GIFSCAN_DEVNET="$build/app/gifscan-devnet" GIFSCAN_CLI="$build/app/gifscan-cli" npm test --silent
