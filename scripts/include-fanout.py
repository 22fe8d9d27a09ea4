#!/usr/bin/env python3
"""Include fan-out: for each of the project's headers, how many of its .cpp
files include it, directly or through other headers. A header high on this
list is one whose change rebuilds much of the tree, and one whose reader
learns more than it needs. A report, not a gate.

    scripts/include-fanout.py [--top N] [--root DIR] [HEADER ...]

With headers named, prints only those (their fan-out and direct includers).
"""
import argparse
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
FOLDERS = ("app", "chain", "core", "server", "indexer", "models", "session", "views")


def sources(root):
    for folder in FOLDERS:
        for dirpath, _, names in os.walk(os.path.join(root, folder)):
            for name in names:
                if name.endswith((".h", ".cpp")):
                    yield os.path.relpath(os.path.join(dirpath, name), root)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    parser.add_argument("headers", nargs="*")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    files = set(sources(root))
    direct = {}
    for f in files:
        with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
            direct[f] = [i for i in INCLUDE.findall(fh.read()) if i in files]
    memo = {}

    def closure(f, stack=()):
        if f in memo:
            return memo[f]
        seen = set()
        for i in direct.get(f, []):
            if i in stack:
                continue
            seen.add(i)
            seen |= closure(i, stack + (f,))
        memo[f] = seen
        return seen

    units = [f for f in files if f.endswith(".cpp")]
    fanout = {h: 0 for h in files if h.endswith(".h")}
    for u in units:
        for h in closure(u):
            fanout[h] = fanout.get(h, 0) + 1
    if args.headers:
        for h in args.headers:
            includers = sorted(f for f in files if h in direct[f])
            print(f"{fanout.get(h, 0):4d}  {h}  (included directly by {len(includers)})")
        return 0
    print(f"include fan-out: .cpp files that include each header, of {len(units)}")
    for h, n in sorted(fanout.items(), key=lambda kv: (-kv[1], kv[0]))[: args.top]:
        print(f"{n:4d}  {h}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
