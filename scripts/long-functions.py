#!/usr/bin/env python3
"""Lists the functions longer than a limit (80 lines by default) in the C++
tree, longest first: the house rule's report. CI fails on any in the
product's folders (--fail) and prints the tests' (whose scenarios may run
longer: docs/ARCHITECTURE.md).

A function is what .clang-format lays out as one: a signature, then its
opening brace alone at column 0 and its closing brace at column 0. Lambdas
and functions defined inside a class body are counted with the function
around them.

    scripts/long-functions.py [--limit N] [--fail] [FOLDER...]
"""
import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FOLDERS = ["app", "chain", "core", "server", "indexer", "models", "session", "views"]


def functions(path):
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    start = None
    for number, line in enumerate(lines, 1):
        if line == "{" and start is None:
            above = next((lines[b].strip() for b in range(number - 2, -1, -1) if lines[b].strip()), "")
            if re.match(r"^(class|struct|enum|union|namespace|extern)\b", above):
                continue  # a type's body, not a function: its braces are skipped
            # The signature is the nearest line above that names a function.
            signature = ""
            for back in range(number - 2, max(number - 8, -1), -1):
                text = lines[back].strip()
                signature = text + " " + signature
                if re.match(r"^[A-Za-z_~].*\(", text) and not text.startswith(("//", "*")):
                    break
            start = (number, signature.strip())
        elif line == "}" and start is not None:
            yield start[1], start[0], number - start[0] + 1
            start = None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=80)
    parser.add_argument("--fail", action="store_true", help="exit 1 when any is found")
    parser.add_argument("folders", nargs="*", default=FOLDERS)
    args = parser.parse_args()
    found = []
    total = 0
    for folder in args.folders:
        for path in sorted((ROOT / folder).rglob("*.cpp")):
            for signature, line, length in functions(path):
                total += 1
                if length > args.limit:
                    found.append((length, f"{path.relative_to(ROOT)}:{line}", signature))
    found.sort(reverse=True)
    for length, where, signature in found:
        name = re.sub(r"\s+", " ", signature)[:100]
        print(f"{length:5d}  {where:45s} {name}")
    print(f"long-functions: {len(found)} of {total} functions are over {args.limit} lines")
    return 1 if args.fail and found else 0


if __name__ == "__main__":
    sys.exit(main())
