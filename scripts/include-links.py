#!/usr/bin/env python3
"""Includes against links, for every target of the build: a file may
include a header of its own target, or of a target its target links
(directly or through what those link). The repository's root is on every
include path, so "no view includes the session" would otherwise hold by
habit only: a header-only use builds without the link.

What the targets are, their sources (headers listed, as the house rule
says) and what each links come from CMake's file API (codemodel-v2) of a
configured build tree; the script configures one when it has no answer.
A few links are also refused outright (FORBIDDEN): the CLI is headless.

    scripts/include-links.py [--build DIR]
    scripts/include-links.py --plant FILE=HEADER --plant-link TARGET=LIBRARY
        (tests: as if FILE included HEADER, or TARGET linked LIBRARY)
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
# Links a program must not have, whatever builds: the CLI, the node and the
# indexer run where there is no display; the CLI's settings and its frames'
# PNG come from core (docs/ARCHITECTURE.md). None of them links QtGui,
# directly or through a library.
GUI_SIDE = {"gifscan_models", "gifscan_views", "gifscan_session", "gifscan_app",
            "gifscan_frameimage", "Qt6::Gui"}
FORBIDDEN = {program: GUI_SIDE for program in ("gifscan-cli", "gifscan-devnet", "gifscan-indexer")}


def codemodel(root, build):
    query = os.path.join(build, ".cmake", "api", "v1", "query", "codemodel-v2")
    reply = os.path.join(build, ".cmake", "api", "v1", "reply")
    if not os.path.exists(query) or not glob.glob(os.path.join(reply, "index-*.json")):
        os.makedirs(os.path.dirname(query), exist_ok=True)
        open(query, "w").close()
        preset = os.path.basename(os.path.normpath(build))
        subprocess.run(["cmake", "--preset", preset], cwd=root, check=True, stdout=subprocess.DEVNULL)
    index = json.load(open(sorted(glob.glob(os.path.join(reply, "index-*.json")))[-1]))
    model = next(o for o in index["objects"] if o["kind"] == "codemodel")
    config = json.load(open(os.path.join(reply, model["jsonFile"])))["configurations"][0]
    targets = {}
    for entry in config["targets"]:
        t = json.load(open(os.path.join(reply, entry["jsonFile"])))
        if t["type"] == "UTILITY":
            continue
        fragments = " ".join(f["fragment"] for f in t.get("link", {}).get("commandFragments", []))
        targets[t["id"]] = {
            "name": t["name"],
            "sources": [s["path"] for s in t.get("sources", []) if not os.path.isabs(s["path"])
                        and not s["path"].startswith("build")],
            "deps": [d["id"] for d in t.get("dependencies", [])],
            "fragments": fragments,
        }
    names = {i: t["name"] for i, t in targets.items()}
    out = {}
    for t in targets.values():
        # The file API lists what a target depends on, through its links.
        out[t["name"]] = {"sources": t["sources"], "fragments": t["fragments"],
                          "links": {names[d] for d in t["deps"] if d in names}}
    return out


def check(root, targets, planted, planted_links):
    owners = {}
    for name, t in targets.items():
        for path in t["sources"]:
            owners.setdefault(path, set()).add(name)
    for target, library in planted_links:
        targets[target]["links"].add(library)
    breaches = []
    for name, t in sorted(targets.items()):
        for path in t["sources"]:
            with open(os.path.join(root, path), encoding="utf-8") as f:
                included = INCLUDE.findall(f.read())
            included += [h for p, h in planted if p == path]
            for header in included:
                if not os.path.exists(os.path.join(root, header)):
                    continue  # a generated header, or one of a system package
                of = owners.get(header)
                if not of:
                    breaches.append(f"{path} includes {header}, which no target lists")
                elif name not in of and not (of & t["links"]):
                    breaches.append(f"{path} ({name}) includes {header} of "
                                    f"{', '.join(sorted(of))}, which {name} does not link")
        for library in sorted(FORBIDDEN.get(name, set()) & t["links"]):
            breaches.append(f"{name} links {library}, which it must not")
        # Imported targets are not in the file API's dependencies: QtGui
        # shows in the link line, however it came.
        if name in FORBIDDEN and "Qt6Gui" in t["fragments"]:
            breaches.append(f"{name} links Qt6::Gui, which it must not")
    return sorted(set(breaches))


def main():
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(root, "build", "release"))
    parser.add_argument("--plant", action="append", default=[], metavar="FILE=HEADER")
    parser.add_argument("--plant-link", action="append", default=[], metavar="TARGET=LIBRARY")
    args = parser.parse_args()
    targets = codemodel(root, os.path.abspath(args.build))
    planted = [tuple(p.split("=", 1)) for p in args.plant]
    planted_links = [tuple(p.split("=", 1)) for p in args.plant_link]
    breaches = check(root, targets, planted, planted_links)
    for b in breaches:
        print(f"include-links: {b}")
    if breaches:
        print("include-links: an include of a target that is not linked, or a link refused; "
              "see docs/ARCHITECTURE.md")
        return 1
    files = len({p for t in targets.values() for p in t["sources"]})
    print(f"include-links: every include of {files} files is of a target its own links "
          f"({len(targets)} targets)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
