#!/usr/bin/env bash
# The code's layout is .clang-format's (clang-format 14, Debian 12).
# Usage: scripts/format.sh          formats every C++ file in place
#        scripts/format.sh --check  lists the files that differ, fails if any
set -euo pipefail
cd "$(dirname "$0")/.."
# Files git does not know yet too: one formatted before it was added passed
# here and failed CI, which reads a clone.
# A file deleted but not yet committed is not read: clang-format would
# answer 1 for it, as for a difference, without naming it.
# NUL-separated: git quotes a name with spaces or other than ASCII in lines.
files=()
while IFS= read -r -d '' f; do
  [ -f "$f" ] && files+=("$f")
done < <(git ls-files -z --cached --others --exclude-standard '*.cpp' '*.h')
if [ "${1:-}" = "--check" ]; then
  # Batches of 200 files, one batch a core: a clang-format process per file
  # spent 38 s of CI starting up (743 files), a batch spends 2 s. Each
  # difference is reported as "FILE:LINE:COL: error: code should be
  # clang-formatted"; clang-format exits 1 for it, but also for a file it
  # cannot read or a .clang-format it cannot parse. So each batch writes its
  # report and status to a file of its own (batches on one pipe interleave
  # their lines), and the check did not run when a batch's status is other
  # than 0 or 1, when a 1 names no difference, when a report has an error
  # that is not a difference, or when xargs could not start every batch.
  batches=$(mktemp -d)
  trap 'rm -rf "$batches"' EXIT
  set +e
  printf '%s\0' "${files[@]}" | xargs -0 -P "$(nproc)" -n 200 sh -c \
    'out=$(mktemp "$0/batch.XXXXXX") || exit 255; clang-format --dry-run -Werror "$@" >"$out" 2>&1; echo $? >"$out.rc"' "$batches"
  xargs_rc=$?
  set -e
  failed=()
  [ "$xargs_rc" -eq 0 ] || failed+=("xargs exited $xargs_rc")
  for rc_file in "$batches"/*.rc; do
    [ -e "$rc_file" ] || continue
    out=${rc_file%.rc}
    rc=$(<"$rc_file")
    violations=$(grep -c ': error: code should be clang-formatted' "$out" || true)
    if [ "$rc" -gt 1 ] || { [ "$rc" -eq 1 ] && [ "$violations" -eq 0 ]; }; then
      failed+=("clang-format exited $rc: $(head -c 300 "$out")")
    elif grep -E '^(Error|YAML:)|: error: ' "$out" | grep -vq 'code should be clang-formatted'; then
      failed+=("$(grep -E '^(Error|YAML:)|: error: ' "$out" | grep -v 'code should be clang-formatted' | head -3)")
    fi
  done
  if [ ${#failed[@]} -gt 0 ]; then
    printf 'format-check: %s\n' "${failed[@]}" >&2
    echo "format-check: clang-format did not run" >&2
    exit 2
  fi
  report=$(cat "$batches"/batch.?????? 2>/dev/null || true)
  mapfile -t differ < <(sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' <<<"$report" |
    sort -u | sed '/^$/d')
  if [ ${#differ[@]} -gt 0 ]; then
    printf 'not as .clang-format says (scripts/format.sh fixes them):\n' >&2
    printf '  %s\n' "${differ[@]}" >&2
    exit 1
  fi
  echo "all ${#files[@]} C++ files as .clang-format says"
else
  clang-format -i "${files[@]}"
fi
