#!/usr/bin/env python3
"""Every path docs/ARCHITECTURE.md names exists: the map matches the house.

A `dir/file.ext`, `dir/name.*` or `dir/` in backticks must match a tracked
file or folder (globs allowed); a bare `file.ext` must be some tracked
file's name. Paths outside the repository (`../shared/...`, `/usr/bin`, a
URL's path such as `/v1/blocks`) and names of other projects' trees,
listed below, are not looked for.
Usage: scripts/doc-paths.py [DOC...]   (exit 1 and the list when any is missing)
"""
import fnmatch
import re
import subprocess
import sys
from pathlib import Path

# Named for comparison, not ours: bitcoin-core's interfaces/, the Debian
# packaging tree we do not keep.
ELSEWHERE = {"interfaces/", "debian/"}
SOURCE = r"(?:h|cpp|md|ts|mjs|sh|py|txt|json|cmake|ui|qrc|ts)"
TOKEN = re.compile(r"`([A-Za-z0-9_.*/-]+)`")


def looks_like_path(token: str) -> bool:
    return "/" in token or re.fullmatch(r"[A-Za-z0-9_*-]+\." + SOURCE, token) is not None


def main() -> int:
    root = Path(__file__).resolve().parent.parent
    files = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True,
                           check=True).stdout.split()
    folders = {str(Path(f).parent) + "/" for f in files}
    names = {Path(f).name for f in files}
    missing = []
    for doc in sys.argv[1:] or ["docs/ARCHITECTURE.md"]:
        for lineno, line in enumerate((root / doc).read_text().splitlines(), 1):
            for token in TOKEN.findall(line):
                if not looks_like_path(token) or token.startswith(("../", "http", "/")) or token in ELSEWHERE:
                    continue
                if "/" not in token:
                    found = any(fnmatch.fnmatch(n, token) for n in names)
                elif token.endswith("/"):
                    found = any(f.startswith(token) for f in folders)
                else:
                    found = any(fnmatch.fnmatch(f, token) for f in files) or any(
                        f.startswith(token.rstrip("/") + "/") for f in files)
                if not found:
                    missing.append(f"{doc}:{lineno}: `{token}` names nothing in the repository")
    print("\n".join(missing) if missing else "every path the docs name exists")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
