#!/usr/bin/env bash
# Installs the Debian packages gifscan builds, tests and runs with; only the
# missing ones, and silently when nothing is missing, so every entry point can
# call it first.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-websockets-dev qt6-httpserver-dev qt6-charts-dev qt6-svg-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n qt6-gtk-platformtheme
  libgif-dev libssl-dev libsecp256k1-dev libboost-dev
  libgtest-dev libgmock-dev googletest libbenchmark-dev
  xvfb xauth xdotool
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "gifscan setup: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
