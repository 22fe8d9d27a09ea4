#!/usr/bin/env bash
# Looks at gifscan as a person would: the explorer under Xvfb on a fresh
# profile and its own embedded devnet, at 1600x1000 and 1024x700, light and
# dark; every list page (Live, Blocks, Collections, Activity, Watchlist), a
# collection and its analytics, an object before and after Verify (the proof inspector), a
# block, an address after its audit, and Settings. PNGs go to OUT (default
# docs/screenshots, where the README shows them).
# Usage: scripts/screenshots.sh [OUT]   (after cmake --build --preset release)
#        SIZES=1024x700 THEMES=dark scripts/screenshots.sh   for fewer
#        LANGUAGE_CODE=de scripts/screenshots.sh /tmp/de     in German (or es)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs/screenshots}"
bin=build/release/app/gifscan
[ -x "$bin" ] || { echo "build first: cmake --build --preset release" >&2; exit 2; }
# ImageMagick's import takes the screenshots, ss finds the embedded node's
# ports: tools of this script only.
sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
command -v import >/dev/null || $sudo apt-get install -y -qq --no-install-recommends imagemagick >/dev/null
command -v ss >/dev/null || $sudo apt-get install -y -qq --no-install-recommends iproute2 >/dev/null
mkdir -p "$out"
home=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$home"' EXIT
export HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_RUNTIME_DIR="$home/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
export LANG=C.UTF-8

# The mnemonics that differ by language: German audits with Alt+P ("&Prüfen").
audit_key=alt+a
[ "${LANGUAGE_CODE:-en}" = de ] && audit_key=alt+p
shoot() { import -display "$DISPLAY" -window root "$out/$1.png"; echo "$out/$1.png"; }
# The window's own coordinates of a widget are not known from outside: keys
# drive the app (the search box, links), and clicks go where the layout puts
# the buttons at each size.
search() {
  xdotool windowfocus --sync "$win"
  xdotool key --clearmodifiers ctrl+l; sleep 0.3
  xdotool type --delay 20 "$1"; xdotool key Return; sleep "${2:-2}"
}

display=99
for size in ${SIZES:-1600x1000 1024x700}; do
  for theme in ${THEMES:-light dark}; do
    export DISPLAY=":$display"
    Xvfb "$DISPLAY" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
    xvfb=$!
    sleep 1
    mkdir -p "$XDG_CONFIG_HOME/gifscan"
    printf '[look]\ntheme=%s\nlanguage=%s\n' "$([ $theme = light ] && echo 1 || echo 2)" \
      "${LANGUAGE_CODE:-en}" > "$XDG_CONFIG_HOME/gifscan/gifscan.conf"
    "$bin" --devnet --devnet-block-time 2 >/dev/null 2>&1 &
    app=$!
    # The embedded devnet builds its genesis first (2,000 objects).
    for _ in $(seq 60); do
      win=$(xdotool search --name "gifscan —" 2>/dev/null | head -1 || true)
      [ -n "$win" ] && break; sleep 1
    done
    [ -n "$win" ] || { echo "no window at $size $theme" >&2; exit 1; }
    xdotool windowsize "$win" "${size%x*}" "${size#*x}"; xdotool windowmove "$win" 0 0
    sleep 8
    shoot "live-$size-$theme"
    # The list pages by their keys (Ctrl+1 … Ctrl+5, in the navigation's order).
    page=2
    for name in blocks collections activity; do
      xdotool windowfocus --sync "$win"; xdotool key --clearmodifiers "ctrl+$page"; sleep 2
      shoot "$name-$size-$theme"; page=$((page + 1))
    done
    search "pixel-cats" 4
    shoot "collection-$size-$theme"
    # Its analytics tab (Alt+N), read when opened.
    xdotool windowfocus --sync "$win"; xdotool key --clearmodifiers alt+n; sleep 4
    shoot "collection-analytics-$size-$theme"
    search "pixel-cats#1" 3
    # Watched (Ctrl+D), so the Watchlist page has a row to show.
    xdotool windowfocus --sync "$win"; xdotool key --clearmodifiers ctrl+d; sleep 1
    shoot "object-$size-$theme"
    # Verify (Alt+V), then the proof inspector shows every check.
    xdotool windowfocus --sync "$win"; xdotool key --clearmodifiers alt+v
    sleep 2
    shoot "object-verified-$size-$theme"
    xdotool windowfocus --sync "$win"; xdotool key --clearmodifiers ctrl+5; sleep 2
    shoot "watchlist-$size-$theme"
    search "1" 2
    shoot "block-$size-$theme"
    # The owner of pixel-cats#1, asked of the embedded node's REST port.
    owner=""
    for port in $(ss -ltnp 2>/dev/null | awk '/gifscan-devnet/ {sub(/.*:/, "", $4); print $4}'); do
      owner=$(curl -sf "http://127.0.0.1:$port/v1/objects/pixel-cats/1" 2>/dev/null |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["owner"])' 2>/dev/null || true)
      [ -n "$owner" ] && break
    done
    if [ -n "$owner" ]; then
      search "$owner" 3
      xdotool windowfocus --sync "$win"; xdotool key --clearmodifiers "$audit_key"; sleep 4
      shoot "address-audited-$size-$theme"
    else
      echo "no REST port found: the address page is not shot" >&2
    fi
    # Settings (Ctrl+,), the local devnet's profile: the pages it answers.
    xdotool windowfocus --sync "$win"; xdotool key --clearmodifiers ctrl+comma; sleep 2
    shoot "settings-$size-$theme"
    kill "$app"; wait "$app" 2>/dev/null || true
    kill "$xvfb"; wait "$xvfb" 2>/dev/null || true
    display=$((display + 1))
  done
done
