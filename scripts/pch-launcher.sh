#!/usr/bin/env bash
# The compiler launcher of every target that makes or uses a precompiled
# header (cmake/PrecompiledHeaders.cmake), in front of ccache's:
#   pch-launcher.sh COMPILER LAUNCHER... COMPILER ARGS...
# so that ccache finds such a unit in a clone in another folder, as it
# finds every other (a warm CI run compiled the whole asan tree again):
#
# - Using a header, a path in the build folder behind -Xclang is passed
#   relative to it (the folder ninja compiles in): CMake names the header
#   so, as an absolute path, where ccache does not make it relative to
#   CCACHE_BASEDIR, and so hashed the checkout's folder into the unit.
#   Making one, the path stays: the .pch names its folder, and one found
#   in the cache must be this checkout's, not a clone's gone since.
# - Making a header (-o X.pch), it writes X.pch.sum, the SHA-256 of what
#   the header holds: the headers it reads, preprocessed with the same
#   options, without line markers. clang writes the checkout's folder into
#   the .pch itself, and ccache finds a unit that uses it by its bytes;
#   with pch_external_checksum (cmake/CompilerCache.cmake) it reads the
#   .sum instead, which is the same in every checkout and differs when a
#   header it reads does (a package upgraded). The options are the unit's
#   own, which ccache hashes.
set -euo pipefail
compiler=$1
shift
out=
previous=
for arg in "$@"; do
    [ "$previous" = -o ] && out=$arg
    previous=$arg
done
if [[ "$out" != *.pch ]]; then
    here=$PWD/
    command=()
    previous=
    for arg in "$@"; do
        if [ "$previous" = -Xclang ] && [[ "$arg" == "$here"* ]]; then
            command+=("${arg#"$here"}")
        else
            command+=("$arg")
        fi
        previous=$arg
    done
    exec "${command[@]}"
fi
"$@"
# The compiler's own arguments, after the launcher (cmake -E env ... ccache),
# without what makes a file: preprocessed to the standard output instead.
args=()
found=
skip=0
for arg in "$@"; do
    if [ -z "$found" ]; then
        [ "$arg" = "$compiler" ] && found=1
        continue
    fi
    if [ "$skip" -gt 0 ]; then
        skip=$((skip - 1))
        continue
    fi
    case "$arg" in
    -o | -MT | -MF | -MQ) skip=1 ;;
    -MD | -MMD | -c | -fpch-instantiate-templates) ;;
    -emit-pch) unset 'args[${#args[@]}-1]' ;; # and its -Xclang
    *) args+=("$arg") ;;
    esac
done
[ -n "$found" ] || { echo "pch-launcher.sh: $compiler is not in the command" >&2; exit 1; }
"$compiler" "${args[@]}" -E -P -o - | sha256sum | cut -d' ' -f1 >"$out.sum.tmp"
mv -f "$out.sum.tmp" "$out.sum"
