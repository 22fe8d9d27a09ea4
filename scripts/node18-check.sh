#!/usr/bin/env bash
# clients/ts as a fresh Debian 12 runs it: Debian's own Node 18 and npm 9.
# A machine with a newer Node (this one has NodeSource's 20) would never
# notice what only 18 does, so this fetches bookworm's nodejs and libnode
# packages with apt-get download (they are unpacked, not installed) and npm
# 9.2.0, Debian's version, from the npm registry; then installs, builds,
# documents and tests a copy of clients/ts with them.
#   scripts/node18-check.sh BUILD_DIR     (ClientTs runs it when GIFSCAN_TS_NODE=debian, as CI does)
#   scripts/node18-check.sh --prepare DIR (all but the tests, in DIR; its exit code in DIR/status)
# With GIFSCAN_TS_PREPARED=DIR the first form only tests, in the copy a
# --prepare made there, once it is done: a run started with DIR/lock held
# (flock) is waited for. CI starts the preparation beside the release
# build (.ci/run): fetching, npm ci, the build and the API reference were
# some 95 s of ClientTs under the suite's load, and ClientTs is the release
# suite's longest test.
# Debian's node loads some of its builtins from /usr/share/nodejs (acorn,
# cjs-module-lexer, undici: packages of their own). They are bound over
# that folder in a mount namespace of this run only, so it needs root, as
# CI has; without it the script says so and fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/gifscan/node18
if [[ ${1:-} == --prepare ]]; then
    mode=prepare
    work=$(cd "${2:?--prepare DIR}" && pwd)
else
    mode=test
    build=$(cd "${1:-$root/build/release}" && pwd)
fi

# Bookworm's Node 18 unpacked in the cache, and a copy of the tracked files
# of clients/ts in $work; then the rest in a mount namespace.
prepare() {
    # bookworm's own version (the newest of bookworm and its security
    # updates), whichever Node this machine has installed.
    local version
    version=$(apt-cache madison nodejs | awk -F' *[|] *' '$2 ~ /dfsg/ { print $2; exit }')
    [[ -n $version ]] || { echo "node18-check: apt knows no Debian nodejs" >&2; exit 1; }
    if [[ ! -x $cache/$version/usr/bin/node ]]; then
        rm -rf "$cache/$version.tmp" && mkdir -p "$cache/$version.tmp/debs"
        (cd "$cache/$version.tmp/debs" &&
            apt-get download -q "nodejs=$version" "libnode108=$version" \
                node-acorn node-cjs-module-lexer node-undici 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
        for deb in "$cache/$version.tmp"/debs/*.deb; do dpkg-deb -x "$deb" "$cache/$version.tmp"; done
        (cd "$cache/$version.tmp" && npm pack --silent npm@9.2.0 >/dev/null && tar xzf npm-9.2.0.tgz && mv package npm9)
        rm -rf "$cache/$version" && mv "$cache/$version.tmp" "$cache/$version"
    fi
    echo "$cache/$version" >"$work/node18"
    # A copy of the tracked files: node_modules and dist of this tree stay
    # as Node 20 left them. shared/ sits beside it, as beside the tree.
    mkdir -p "$work/main"
    (cd "$root" && git ls-files -z clients/ts | xargs -0 tar cf - | tar xf - -C "$work/main")
    ln -sfn "$(cd "$root/../shared" && pwd)" "$work/shared"
    in_namespace --prepare "$work"
}

in_namespace() {
    local node18
    node18=$(cat "$work/node18")
    GIFSCAN_NODE18_INNER=1 GIFSCAN_NODE18=$node18 GIFSCAN_NODE18_WORK=$work unshare -m "$0" "$@"
}

if [[ ${GIFSCAN_NODE18_INNER:-} != 1 ]]; then
    if [[ $(id -u) != 0 ]] || ! unshare -m true 2>/dev/null; then
        echo "node18-check: needs root for a mount namespace (unshare -m)" >&2
        exit 1
    fi
    if [[ $mode == prepare ]]; then
        trap 'echo "$?" >"$work/status"' EXIT
        prepare
        exit 0
    fi
    if [[ -n ${GIFSCAN_TS_PREPARED:-} ]]; then
        work=$GIFSCAN_TS_PREPARED
        [[ -e $work/lock ]] || { echo "node18-check: no preparation in $work" >&2; exit 1; }
        # Within ClientTs' own 600 s, so that a preparation that hangs is
        # reported with its log rather than as the test's timeout.
        flock -w 480 "$work/lock" true || {
            echo "node18-check: the preparation in $work took over 480 s:" >&2
            cat "$work/log" >&2 2>/dev/null || true
            exit 1
        }
        if [[ $(cat "$work/status" 2>/dev/null) != 0 ]]; then
            echo "node18-check: the preparation in $work failed ($(cat "$work/status" 2>/dev/null || echo 'no status')):" >&2
            cat "$work/log" >&2 2>/dev/null || true
            exit 1
        fi
    else
        work=$(mktemp -d)
        trap 'rm -rf "$work"' EXIT
        prepare
    fi
    in_namespace "$build"
    exit
fi

# In the mount namespace.
mount --bind "$GIFSCAN_NODE18/usr/share/nodejs" /usr/share/nodejs
bin=$GIFSCAN_NODE18_WORK/bin
mkdir -p "$bin"
printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s "$@"\n' \
    "$GIFSCAN_NODE18/usr/lib/x86_64-linux-gnu" "$GIFSCAN_NODE18/usr/bin/node" >"$bin/node"
printf '#!/bin/sh\nexec %s %s "$@"\n' "$bin/node" "$GIFSCAN_NODE18/npm9/bin/npm-cli.js" >"$bin/npm"
chmod +x "$bin/node" "$bin/npm"
export PATH=$bin:$PATH
cd "$GIFSCAN_NODE18_WORK/main/clients/ts"
if [[ $mode == prepare ]]; then
    echo "node18-check: node $(node --version), npm $(npm --version)"
    npm ci --no-audit --no-fund --loglevel=error
    npm run --silent build
    npm run --silent docs >/dev/null
    exit
fi
# The long tests (a 750-object holder at the node's rate) run unless the
# caller says otherwise (a sanitized build does).
GIFSCAN_TS_LONG=${GIFSCAN_TS_LONG:-1} GIFSCAN_DEVNET="$build/app/gifscan-devnet" GIFSCAN_CLI="$build/app/gifscan-cli" \
    npm test --silent
