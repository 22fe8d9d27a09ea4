#!/usr/bin/env bash
# Checks the Debian package scripts/package.sh built, as a clean machine
# would meet it: lintian without errors or warnings, AppStream and the
# desktop entry valid, man pages that render, completion for every command
# and option of the CLI; then installed with apt, its programs run from the
# installed paths (a devnet answering JSON-RPC, the explorer from its
# desktop entry under Xvfb opening a gif:// link), and removed without a trace.
# Usage: scripts/package-check.sh   (after scripts/package.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --package
arch=$(dpkg --print-architecture)
deb=$(ls build/package/gifscan_*_"$arch".deb)
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
fail() { echo "package-check: $*" >&2; exit 1; }

# The package's own files, as dpkg lays them out.
# Once, its words kept (lintian takes some 6 s a run).
if said=$(lintian --fail-on error,warning "$deb" 2>&1); then lintian_rc=0; else lintian_rc=$?; fi
grep -v "running with root privileges" <<<"$said" || true
[ "$lintian_rc" -eq 0 ] || fail "lintian reports errors or warnings"
appstreamcli validate --no-net build/release/package/org.gifscan.Gifscan.metainfo.xml
said=$(desktop-file-validate resources/org.gifscan.Gifscan.desktop 2>&1) || fail "desktop entry: $said"
[ -z "$said" ] || fail "desktop entry: $said"
# The explorer speaks German: so does its entry in a German menu.
for key in 'GenericName\[de\]' 'Comment\[de\]'; do
  grep -q "^$key=" resources/org.gifscan.Gifscan.desktop || fail "desktop entry: no $key"
done
for page in build/release/package/*.1.gz; do
  warnings=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null || true)
  [ -z "$warnings" ] || fail "$page: $warnings"
  ! zgrep -q "QStandardPaths\|qt\.qpa" "$page" || fail "$page holds a Qt warning"
  # Each page says where to read on; none has Qt's "Arguments:" as a stray heading.
  rendered=$(MANWIDTH=80 man -l "$page" 2>/dev/null)
  grep -q "^SEE ALSO" <<<"$rendered" || fail "$page has no SEE ALSO"
  ! grep -q "Arguments:" <<<"$rendered" || fail "$page has a stray \"Arguments:\""
done
# The explorer's page: where its files are, and what "verified" rests on.
explorer=$(MANWIDTH=80 man -l build/release/package/gifscan.1.gz 2>/dev/null)
for section in FILES TRUST; do
  grep -q "^$section" <<<"$explorer" || fail "man gifscan has no $section"
done
grep -q "node.json" <<<"$explorer" || fail "man gifscan does not name node.json"
# Completion knows every command the CLI's help lists, and every option:
# each word exactly, in the script's own lists.
help=$(build/release/app/gifscan-cli --help)
completion=build/release/package/completion/gifscan-cli # made from the command table
listed() { # the words of the completion's `local NAME="…"` list, one per line
  sed -n "/local $1=\"/,/\"/p" "$completion" | sed "s/.*$1=\"//; s/\".*//" | tr -s ' \n' '\n' |
    sed '/^$/d'
}
commands=$(sed -n '/^Commands:/,/^Exit status/p' <<<"$help" | awk '/^  [a-z]/ {print $1}')
options=$(sed -n '/^Options:/,$p' <<<"$help" | grep -oE -- '(^  -[a-z]|--[a-z-]+)' | sed 's/^ *//')
[ "$(wc -w <<<"$commands")" -gt 10 ] && [ "$(wc -w <<<"$options")" -gt 10 ] ||
  fail "gifscan-cli --help no longer reads as expected: the completion check would check nothing"
for word in $commands; do listed commands | grep -qx -- "$word" || fail "no completion for $word"; done
for word in $options; do listed options | grep -qx -- "$word" || fail "no completion for $word"; done

# Every path under the system's folders before the package, to compare after
# its removal (caches the desktop's triggers rebuild are not the package's).
snapshot() {
  find /usr /etc /opt /var/lib -xdev 2>/dev/null | grep -v -e '^/var/lib/dpkg' -e '^/var/lib/apt' \
    -e 'icon-theme.cache$' -e 'mimeinfo.cache$' -e '^/var/cache' -e '^/usr/share/man/index' |
    sort
}
work=$(mktemp -d)
snapshot >"$work/before"
cleanup() {
  kill $(jobs -p) 2>/dev/null || true
  wait 2>/dev/null || true
  # A check that failed midway leaves no package behind on the machine.
  dpkg-query -W -f='${Status}' gifscan 2>/dev/null | grep -q installed &&
    $sudo apt-get purge -y -qq gifscan >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# Installed as a person installs it.
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y -qq "./$deb" >/dev/null
[ "$(command -v gifscan-cli)" = /usr/bin/gifscan-cli ] || fail "gifscan-cli is not on the PATH"
gifscan-cli --version | grep -Fxq "gifscan-cli $(dpkg-query -W -f='${Version}' gifscan)" ||
  fail "gifscan-cli --version does not say the package's version"

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
answer=$(curl -s -H 'Content-Type: application/json' \
  -d '{"jsonrpc":"2.0","id":1,"method":"gif_chainId","params":[]}' "$rpc" || true)
grep -q '"result":6464' <<<"$answer" || fail "the installed devnet answered: '$answer'"
kill "$node"; wait "$node" 2>/dev/null || true

# The indexer's systemd units are ones systemd takes (their programs and man
# page installed), and each one's command line is one gifscan-indexer takes:
# its options, with the example environment file's values, parsed by the
# installed program's --help run on the same words.
units=(gifscan-indexer.service gifscan-indexer-serve@8545.service gifscan-indexer-webhooks@9101.service)
unitdir="$work/units"
mkdir -p "$unitdir"
for unit in /usr/lib/systemd/system/gifscan-indexer*.service; do
  sed "s|^EnvironmentFile=.*|EnvironmentFile=/usr/share/doc/gifscan/examples/indexer.env|" "$unit" \
    >"$unitdir/$(basename "$unit")"
done
cp "$unitdir/gifscan-indexer-serve@.service" "$unitdir/gifscan-indexer-serve@8545.service"
cp "$unitdir/gifscan-indexer-webhooks@.service" "$unitdir/gifscan-indexer-webhooks@9101.service"
said=$(cd "$unitdir" && systemd-analyze verify "${units[@]}" 2>&1) || fail "systemd units: $said"
[ -z "$said" ] || fail "systemd units: $said"
for unit in "${units[@]}"; do
  # As systemd reads it: ${VAR} one word, $VAR split on spaces, %i the instance.
  python3 - "$unitdir/$unit" /usr/share/doc/gifscan/examples/indexer.env <<'PY' 2>"$work/unit.err" ||
import re, subprocess, sys
unit, envfile = sys.argv[1], sys.argv[2]
env = dict(l.strip().split("=", 1) for l in open(envfile) if "=" in l and not l.startswith("#"))
instance = re.search(r"@([^.]*)\.service$", unit)
line = next(l[len("ExecStart="):] for l in open(unit) if l.startswith("ExecStart="))
words = []
for word in line.split():
    word = word.replace("%i", instance.group(1) if instance else "")
    if re.fullmatch(r"\$\{\w+\}", word):
        words.append(env[word[2:-1]])
    elif re.fullmatch(r"\$\w+", word):
        words += env[word[1:]].split()
    else:
        words.append(word)
sys.exit(subprocess.run(words + ["--help"], stdout=subprocess.DEVNULL).returncode)
PY
    fail "$unit: gifscan-indexer refuses its command line: $(cat "$work/unit.err")"
done

# The explorer from its desktop entry's Exec line, handed a gif:// link; it
# says in its log which link it opened.
exec_line=$(sed -n 's/^Exec=//p' /usr/share/applications/org.gifscan.Gifscan.desktop)
[[ $exec_line == *%u* ]] || fail "the desktop entry's Exec line takes no link: $exec_line"
link='gif://6464/pixel-cats#1'
# A display no other job has: Xvfb picks it and writes its number.
Xvfb -displayfd 5 -screen 0 1024x700x24 -nolisten tcp 5>"$work/display" >/dev/null 2>&1 &
for _ in $(seq 20); do [ -s "$work/display" ] && break; sleep 0.5; done
[ -s "$work/display" ] || fail "Xvfb did not start"
export DISPLAY=":$(head -1 "$work/display")"
${exec_line/\%u/$link} >"$work/gifscan.log" 2>&1 &
app=$!
for _ in $(seq 90); do
  grep -q "opened pixel-cats#1" "$work/gifscan.log" && break
  kill -0 "$app" 2>/dev/null || fail "gifscan ended: $(tail -5 "$work/gifscan.log")"
  sleep 1
done
grep -q "opened pixel-cats#1" "$work/gifscan.log" ||
  fail "gifscan did not open $link in 90 s: $(grep -i link "$work/gifscan.log" | tail -3)"
# Its first start copied the installed genesis rather than building it.
grep -q "the genesis is a copy of /usr/share/gifscan/genesis/" "$work/gifscan.log" ||
  fail "the explorer's devnet did not start from the installed genesis: $(grep -i genesis "$work/gifscan.log" | tail -3)"
sleep 3
kill -0 "$app" 2>/dev/null || fail "gifscan ended after opening the link"
# What it showed, for a person to look at.
shot=build/package/installed-gifscan.png
rm -f "$shot"
import -display "$DISPLAY" -window root "$shot" && echo "package-check: what it showed: $shot"
kill "$app"; wait "$app" 2>/dev/null || true

# Removed: nothing of it stays anywhere under the system's folders.
$sudo apt-get remove -y -qq gifscan >/dev/null
left=$(comm -13 "$work/before" <(snapshot))
[ -z "$left" ] || fail "left after apt-get remove: $left"
echo "package-check: $(basename "$deb") is clean, installs, runs, opens a link and leaves nothing behind"
