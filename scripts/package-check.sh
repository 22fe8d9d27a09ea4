#!/usr/bin/env bash
# Checks the Debian package scripts/package.sh built, as a clean machine
# would meet it: lintian without errors or warnings, AppStream and the
# desktop entry valid, man pages that render, completion for every command
# and option of the CLI; then installed with apt, its programs run from the
# installed paths (a devnet answering JSON-RPC, the explorer from its
# desktop entry under Xvfb with a gif:// link), and removed without a trace.
# Usage: scripts/package-check.sh   (after scripts/package.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --package
deb=$(ls build/package/gifscan_*_amd64.deb)
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
fail() { echo "package-check: $*" >&2; exit 1; }

# The package's own files, as dpkg lays them out.
lintian --fail-on error,warning "$deb" 2>&1 | grep -v "running with root privileges" || true
lintian --fail-on error,warning "$deb" >/dev/null 2>&1 || fail "lintian reports errors or warnings"
appstreamcli validate --no-net build/release/package/org.gifscan.Gifscan.metainfo.xml
desktop-file-validate resources/org.gifscan.Gifscan.desktop || fail "the desktop entry is not valid"
for page in build/release/package/*.1.gz; do
  warnings=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null || true)
  [ -z "$warnings" ] || fail "$page: $warnings"
done
# Completion knows every command the CLI's help lists, and every option.
help=$(build/release/app/gifscan-cli --help)
completion=resources/completion/gifscan-cli
for word in $(sed -n '/^Commands:/,/^Exit status/p' <<<"$help" | awk '/^  [a-z]/ {print $1}') \
            $(sed -n '/^Options:/,$p' <<<"$help" | grep -oE -- '--[a-z-]+'); do
  grep -qw -- "$word" "$completion" || fail "$completion does not complete $word"
done

# Installed as a person installs it.
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y -qq "./$deb" >/dev/null
[ "$(command -v gifscan-cli)" = /usr/bin/gifscan-cli ] || fail "gifscan-cli is not on the PATH"
gifscan-cli --version | grep -q "^gifscan-cli $(dpkg-query -W -f='${Version}' gifscan)" ||
  fail "gifscan-cli --version does not say the package's version"

work=$(mktemp -d)
cleanup() { kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/config" XDG_DATA_HOME="$work/home/data"
export XDG_RUNTIME_DIR="$work/run"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

# The installed devnet answers JSON-RPC.
/usr/bin/gifscan-devnet --port 0 --ephemeral --objects 20 >"$work/devnet.out" 2>/dev/null &
node=$!
for _ in $(seq 60); do grep -q rpc_url "$work/devnet.out" && break; sleep 0.5; done
rpc=$(python3 -c 'import json,sys
for l in open(sys.argv[1]):
    if "rpc_url" in l: print(json.loads(l)["rpc_url"])' "$work/devnet.out")
[ -n "$rpc" ] || fail "the installed gifscan-devnet did not start"
answer=$(curl -sf -H 'Content-Type: application/json' \
  -d '{"jsonrpc":"2.0","id":1,"method":"gif_chainId","params":[]}' "$rpc")
grep -q '"result":6464' <<<"$answer" || fail "the installed devnet answered: $answer"
kill "$node"; wait "$node" 2>/dev/null || true

# The explorer from its desktop entry's Exec line, handed a gif:// link.
exec_line=$(sed -n 's/^Exec=//p' /usr/share/applications/org.gifscan.Gifscan.desktop)
export DISPLAY=:97
Xvfb "$DISPLAY" -screen 0 1024x700x24 -nolisten tcp >/dev/null 2>&1 &
sleep 1
${exec_line/\%u/gif://6464/pixel-cats#1} >"$work/gifscan.log" 2>&1 &
app=$!
win=""
for _ in $(seq 90); do
  win=$(xdotool search --name "gifscan —" 2>/dev/null | head -1 || true)
  [ -n "$win" ] && break
  kill -0 "$app" 2>/dev/null || fail "gifscan ended: $(tail -5 "$work/gifscan.log")"
  sleep 1
done
[ -n "$win" ] || fail "no gifscan window in 90 s"
# The local devnet's first start builds its genesis; then the link's object.
sleep 12
kill -0 "$app" 2>/dev/null || fail "gifscan ended after showing its window"
# What it showed, for a person to look at (the CI log names the file).
import -display "$DISPLAY" -window root build/package/installed-gifscan.png 2>/dev/null || true
echo "package-check: gifscan showed \"$(xdotool getwindowname "$win")\" for the link" \
  "(build/package/installed-gifscan.png)"
kill "$app"; wait "$app" 2>/dev/null || true

# Removed: no file of the package stays (its folders may, shared with others).
files=$(dpkg -L gifscan | while read -r f; do [ -f "$f" ] && echo "$f"; done)
$sudo apt-get remove -y -qq gifscan >/dev/null
left=$(for f in $files; do [ -e "$f" ] && echo "$f"; done || true)
[ -z "$left" ] || fail "left after apt-get remove: $left"
echo "package-check: $(basename "$deb") is clean, installs, runs and leaves nothing behind"
