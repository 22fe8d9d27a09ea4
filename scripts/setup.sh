#!/usr/bin/env bash
# Installs the Debian packages gifscan builds, tests and runs with; only the
# missing ones, and silently when nothing is missing, so every entry point can
# call it first. Tested on Debian 12 (bookworm).
#
#   scripts/setup.sh          install what is missing
#   scripts/setup.sh --check  prove that the list below is enough for a clean
#                             machine, even on one that has everything (CI runs it)
#   scripts/setup.sh --package  also the packaging tools (scripts/package.sh,
#                             scripts/package-check.sh), which the README's two
#                             commands do not need
set -euo pipefail
cd "$(dirname "$0")/.."

# clang's own package does not carry libFuzzer and the sanitizer runtimes:
# libclang-rt-14-dev does (scripts/fuzz.sh, the fuzz preset). curl and python3
# are what scripts/fuzzcorpus.sh asks a devnet with; a minimal image lacks them.
# qt6-charts-dev's CMake config asks for Qt6OpenGL, which its package does not
# depend on: libqt6opengl6-dev must be named here, or a clean machine cannot
# configure (it was missing once, hidden by machines that had it by chance).
# nodejs and node-graphql: graphql-js, the independent oracle the GraphQL
# tests check the devnet's schema and validation against (NODE_PATH
# /usr/share/nodejs, where Debian puts it); npm installs clients/ts's locked
# packages (scripts/ts-test.sh), and chromium is the browser its tests load
# a page in (playwright-core drives it). ccache: the compiler cache
# cmake/CompilerCache.cmake puts in front of the compiler. postgresql: the
# indexer's database, which its tests start in a scratch folder (initdb,
# pg_ctl); libpq-dev: its client library. lld: wasm-ld, which links
# clients/ts's WebAssembly SHA-256 when its test rebuilds it from the C
# source (clang does not pull it in). groff-base: groff, which renders
# gifscan-cli's man page in its test. prometheus: its promtool, which
# checks the servers' /metrics as a Prometheus server would read it (its
# service is not needed; without recommends, nothing else comes).
# pgbouncer: the pooler in transaction mode that read servers and workers
# are tested through (the tests start their own, in a scratch folder).
# libpng-dev: the PNG writer of gifscan-cli's `decode`, which links no QtGui.
# wrk: the load generator of the read benchmarks (tests/bench/indexerbench.cpp),
# lighter on the two cores than a Qt client in the benchmark's own process.
packages=(
  cmake ninja-build g++ pkg-config ccache
  qt6-base-dev qt6-websockets-dev qt6-httpserver-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n qt6-gtk-platformtheme
  libgif-dev libpng-dev libssl-dev libsecp256k1-dev libboost-dev libsqlitecpp-dev
  postgresql libpq-dev
  libgtest-dev libgmock-dev googletest libbenchmark-dev
  clang clang-format libclang-rt-14-dev lld curl python3 groff-base
  xvfb xauth xdotool
  nodejs node-graphql npm chromium
  prometheus pgbouncer wrk
)

# Only where packaging runs: CPack's DEB generator asks dpkg-shlibdeps
# (dpkg-dev) for Depends; help2man makes the man pages and rsvg-convert the
# PNG icons; lintian, appstreamcli and desktop-file-validate check the result.
# file is what CPack's shlibdeps step reads the binaries with; imagemagick's
# import takes package-check's screenshot of the installed explorer.
packaging=(dpkg-dev fakeroot file help2man librsvg2-bin lintian appstream desktop-file-utils
  imagemagick)

install_missing() {
  local missing=()
  # A package is there when it is installed or an installed one provides
  # it (a newer Node.js from elsewhere provides npm and conflicts with
  # Debian's).
  local provided
  provided=$(dpkg-query -W -f='${Status}|${Provides}\n' 2>/dev/null | sed -n 's/^install ok installed|//p' |
      tr ',' '\n' | sed 's/ *(.*//; s/^ *//' | sort -u)
  for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' &&
        ! grep -qx "$p" <<<"$provided"; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "gifscan setup: installing ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Configures a throw-away build, then asks dpkg which package owns every CMake
# config, pkg-config file, header and library that configure actually used,
# and checks that each owner is one of the packages above or something they
# depend on. A file owned by a package outside that closure is exactly what a
# clean machine would lack.
check() {
  local dir
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' RETURN
  if ! cmake -S . -B "$dir" -G Ninja -DGIFSCAN_BUILD_TESTS=ON -DGIFSCAN_BUILD_BENCHMARKS=ON \
      >"$dir/configure.log" 2>&1; then
    echo "setup --check: configure failed:" >&2
    grep -E "Could not find|could not be found|not found" "$dir/configure.log" >&2 || tail -20 "$dir/configure.log" >&2
    return 1
  fi
  local used=()
  # <Package>_DIR entries point at the CMake config folders that were loaded.
  while IFS= read -r d; do
    for f in "$d"/*Config.cmake "$d"/*-config.cmake; do
      [ -e "$f" ] && used+=("$(readlink -f "$f")") && break
    done
  done < <(sed -n 's/^[A-Za-z0-9_]*_DIR:PATH=\(\/.*\)$/\1/p' "$dir/CMakeCache.txt")
  # Libraries found by module-mode searches (FindGIF, FindOpenSSL, FindOpenGL
  # for Qt's Gui). GLU is looked for by FindOpenGL but used by nothing here.
  while IFS= read -r f; do
    [ -f "$f" ] && used+=("$(readlink -f "$f")")
  done < <(sed -n 's/^[A-Za-z0-9_]*_LIBRARY[A-Za-z_]*:FILEPATH=\(\/.*\)$/\1/p' "$dir/CMakeCache.txt" | grep -v libGLU)
  # The fuzz preset's compiler and the runtime libFuzzer links with.
  used+=("$(readlink -f "$(command -v clang++)")" "$(readlink -f "$(clang++ --print-file-name=libclang_rt.fuzzer-x86_64.a)")")
  # The formatter .ci/run checks the layout with (scripts/format.sh).
  used+=("$(readlink -f "$(command -v clang-format)")")
  # The compiler cache configure found (cmake/CompilerCache.cmake).
  local cache
  cache=$(sed -n 's/^GIFSCAN_CCACHE_PROGRAM:FILEPATH=\(\/.*\)$/\1/p' "$dir/CMakeCache.txt")
  [ -n "$cache" ] && used+=("$(readlink -f "$cache")")
  # The GraphQL oracle: node, and graphql-js where Debian installs it.
  used+=("$(readlink -f "$(command -v node)")" /usr/share/nodejs/graphql/package.json)
  # npm, which installs the TypeScript client's packages.
  used+=("$(readlink -f "$(command -v npm)")")
  # The browser the client's tests drive.
  used+=("$(readlink -f /usr/bin/chromium)")
  # promtool, which the metrics test runs.
  used+=("$(readlink -f "$(command -v promtool)")")
  # wrk, the read benchmarks' load generator.
  used+=("$(readlink -f "$(command -v wrk)")")
  for pc in libsecp256k1; do
    used+=("$(readlink -f "$(pkg-config --variable=pcfiledir "$pc")/$pc.pc")")
  done

  # The dependency closure needs apt's package lists, which a cleaned image
  # may lack even when every package is installed.
  if ! apt-cache show cmake >/dev/null 2>&1; then
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
  fi
  local closure
  closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
      --no-replaces --no-enhances "${packages[@]}" 2>/dev/null \
      | sed -n 's/^\([a-z0-9][^ :<>]*\).*/\1/p; s/^ *\(Pre\)\{0,1\}Depends: \([^<>: ]*\).*/\2/p' | sort -u)
  # One dpkg -S for every file, then one for the paths it did not know
  # under their /usr-less name (/lib -> /usr/lib): dpkg reads its whole
  # database once a call, 0.16 s, 41 files one by one took 7 s of CI.
  local bad=0 owner f files
  mapfile -t files < <(printf '%s\n' "${used[@]}" | sort -u)
  declare -A owners=()
  owners_of() { # owners_of PATH...: "package path" for each path dpkg knows
    dpkg -S "$@" 2>/dev/null | grep -v '^diversion ' | sed -n 's/^\([^:,]*\).*: \(\/.*\)$/\1 \2/p' || true
  }
  while read -r owner f; do owners[$f]=$owner; done < <(owners_of "${files[@]}")
  local unknown=()
  for f in "${files[@]}"; do [ -n "${owners[$f]:-}" ] || unknown+=("${f#/usr}"); done
  if [ ${#unknown[@]} -gt 0 ]; then
    while read -r owner f; do owners[/usr$f]=$owner; done < <(owners_of "${unknown[@]}")
  fi
  for f in "${files[@]}"; do
    owner=${owners[$f]:-}
    if [ -z "$owner" ]; then
      echo "setup --check: $f belongs to no Debian package" >&2
      bad=1
    elif ! grep -qx "$owner" <<<"$closure"; then
      echo "setup --check: $f comes from $owner, which scripts/setup.sh does not install" >&2
      bad=1
    fi
  done
  [ $bad -eq 0 ] && echo "setup --check: every package configure used (${#files[@]} files) is installed by scripts/setup.sh"
  return $bad
}

case "${1:-}" in
  --check) install_missing; check ;;
  --package) packages+=("${packaging[@]}"); install_missing ;;
  "") install_missing ;;
  *) echo "usage: scripts/setup.sh [--check | --package]" >&2; exit 2 ;;
esac
