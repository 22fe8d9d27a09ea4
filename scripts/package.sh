#!/usr/bin/env bash
# Builds the Debian package from the release build:
#   build/package/gifscan_<version>_amd64.deb
# The release build is configured once more with GIFSCAN_PACKAGE=ON (man
# pages, PNG icons, changelog; cmake/Packaging.cmake), built, and handed to
# CPack's DEB generator, whose Depends come from dpkg-shlibdeps.
# Usage: scripts/package.sh        (scripts/package-check.sh then checks it)
set -euo pipefail
source "$(dirname "$0")/jobs.sh"
cd "$(dirname "$0")/.."
scripts/setup.sh --package
cmake --preset release -DGIFSCAN_PACKAGE=ON >/dev/null
# Back off again however this ends: the README's commands need no packaging tools.
trap 'cmake --preset release -DGIFSCAN_PACKAGE=OFF >/dev/null' EXIT
cmake --build --preset release
rm -f build/package/gifscan_*.deb
(cd build/release && cpack -G DEB >/dev/null)
ls build/package/gifscan_*.deb
