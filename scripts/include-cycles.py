#!/usr/bin/env python3
"""Include cycles: fails when a file of the project reaches itself through
its includes, or a folder of core/ or server/ reaches itself through its
files' includes, unless the cycle is one of the few still listed below as
known (each to be broken; the list only shrinks). As bitcoin's
lint-circular-dependencies.py does, a header and its .cpp are one module:
a .cpp including what includes its header is a cycle too.

core/'s folders are also layers with an order: each is a static library
(gifscan_core_<folder>, core/CMakeLists.txt) linking only the folders
below it. An include of a folder that the library does not link, itself
or through the libraries it links, fails too: a header-only use would
build, and link, without it.

    scripts/include-cycles.py [--root DIR]
"""
import argparse
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
FOLDERS = ("app", "chain", "core", "server", "indexer", "models", "session", "views", "translations")
# Folders whose sub-folders are layers of one library: no loop between them.
LAYERED = ("core", "server")

# Cycles still there, each written as its members sorted and joined by " -> ".
# Break one, and take it off; a new one fails the check.
KNOWN_FILE_CYCLES = set()
KNOWN_FOLDER_CYCLES = set()
LINKS = re.compile(r"target_link_libraries\(\s*gifscan_core_(\w+)\b([^)]*)\)")


def modules(root):
    found = {}
    for folder in FOLDERS:
        for dirpath, _, names in os.walk(os.path.join(root, folder)):
            for name in names:
                if name.endswith((".h", ".cpp")):
                    path = os.path.relpath(os.path.join(dirpath, name), root)
                    found.setdefault(os.path.splitext(path)[0], []).append(path)
    return found


def graph(root, found):
    edges = {m: set() for m in found}
    for module, paths in found.items():
        for path in paths:
            with open(os.path.join(root, path), encoding="utf-8") as f:
                for target in INCLUDE.findall(f.read()):
                    other = os.path.splitext(target)[0]
                    if other in found and other != module:
                        edges[module].add(other)
    return edges


def cycles(edges):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def folder_of(module):
    parts = module.split("/")
    return "/".join(parts[:2]) if parts[0] in LAYERED and len(parts) > 2 else None


def folder_graph(edges):
    folders = {}
    for module, targets in edges.items():
        source = folder_of(module)
        if not source:
            continue
        folders.setdefault(source, set())
        for target in targets:
            other = folder_of(target)
            if other and other != source and other.split("/")[0] == source.split("/")[0]:
                folders[source].add(other)
                folders.setdefault(other, set())
    return folders


def core_layers(root):
    """Each core folder and the folders its library reaches through its links."""
    with open(os.path.join(root, "core", "CMakeLists.txt"), encoding="utf-8") as f:
        # Comments are no links; a library may be linked in several calls.
        text = re.sub(r"#.*", "", f.read())
    direct = {}
    for name, links in LINKS.findall(text):
        direct.setdefault(name, set()).update(re.findall(r"gifscan_core_(\w+)", links))
    reach = {}

    def below(name, seen=()):
        if name not in reach:
            if name in seen:
                raise SystemExit(f"include cycles: core's libraries link in a loop at {name}")
            found = set()
            for other in direct.get(name, ()):
                found |= {other} | below(other, seen + (name,))
            reach[name] = found
        return reach[name]

    return {f"core/{name}": {f"core/{o}" for o in below(name)} for name in direct}


def layer_breaches(edges, layers):
    out = []
    for module, targets in sorted(edges.items()):
        source = folder_of(module)
        if not source or not source.startswith("core/"):
            continue
        if source not in layers:
            out.append(f"{source} has no library of its own in core/CMakeLists.txt")
            continue
        for target in sorted(targets):
            if not target.startswith("core/"):
                # core sits below every other folder of the project.
                out.append(f"{module} includes {target}, which is not core's")
                continue
            other = folder_of(target)
            if other and other != source and other not in layers[source]:
                out.append(f"{module} includes {target}: gifscan_{source.replace('/', '_')} "
                           f"does not link {other}")
    return sorted(set(out))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    args = parser.parse_args()
    edges = graph(args.root, modules(args.root))
    failed = False
    for kind, found, known in (("file", cycles(edges), KNOWN_FILE_CYCLES),
                               ("folder", cycles(folder_graph(edges)), KNOWN_FOLDER_CYCLES)):
        names = {" -> ".join(c) for c in found}
        for name in sorted(names - known):
            print(f"{kind} cycle: {name}")
            failed = True
        for name in sorted(known - names):
            print(f"broken, take it off the known list: {kind} cycle {name}")
            failed = True
    for breach in layer_breaches(edges, core_layers(args.root)):
        print(f"layer: {breach}")
        failed = True
    if failed:
        print("include cycles: a layer or a file reaches itself, or above its library; "
              "see docs/ARCHITECTURE.md")
        return 1
    print(f"include cycles: none new ({len(KNOWN_FILE_CYCLES)} file, "
          f"{len(KNOWN_FOLDER_CYCLES)} folder cycles still known)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
