#!/usr/bin/env python3
"""Functions that unity builds could merge: file-scope functions of internal linkage.

A unity unit includes several .cpp files of one target, so the anonymous
namespaces and `static` functions of those files share one scope. A type,
alias or constant defined twice there fails to compile, which is loud; two
functions of one name with different parameters form one overload set, in
which a call can silently pick the other file's function. This lists every
function name defined at file scope by two files of one target (over all of
its units, so that a new batching cannot bring two together unseen) and
fails if any.

    scripts/unity-names.py BUILD_DIR      (a configured unity build, e.g. build/release)
"""
import pathlib
import re
import sys

# A return type, then the function's name and its parameter list.
DEFINITION = re.compile(r"^\s*(?:static\s+)?(?:inline\s+)?(?:constexpr\s+)?[\w:<>,*&\s]+?[\s*&](\w+)\s*\(")
KEYWORDS = {"if", "for", "while", "switch", "return", "case", "else", "do", "sizeof", "namespace",
            "operator", "new", "delete", "throw", "catch", "try", "static_assert", "template"}


def strip(text):
    """Comments, string and character literals blanked; lines kept."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r'R"(\w*)\(.*?\)\1"', lambda m: '""' + "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"'(?:\\.|[^'\\\n])*'", "''", text)


def internal_names(path):
    """Names declared at the top of an anonymous namespace, or `static` at namespace scope."""
    names = set()
    depth = 0
    scopes = []  # per open brace: "anon", "ns" or "block"
    pending_anon = pending_ns = False
    statement = ""
    for line in strip(path.read_text(errors="replace")).split("\n"):
        in_anon = scopes and scopes[-1] == "anon"
        at_namespace = all(s in ("anon", "ns") for s in scopes)
        if re.match(r"^\s*namespace\s*\{", line):
            pending_anon = True
        elif re.match(r"^\s*namespace\s+[\w:]+\s*\{", line):
            pending_ns = True
        elif at_namespace and not line.strip().startswith("#"):
            statement = (statement + " " + line) if statement else line
            m = DEFINITION.match(statement)
            name = m.group(1) if m else ""
            macro = re.fullmatch(r"[A-Z0-9_]+", name) is not None
            if m and name not in KEYWORDS and not macro and (in_anon or re.match(r"^\s*static\s", statement)):
                names.add(name)
            if re.search(r"[;{}]", line):
                statement = ""
        for ch in line:
            if ch == "{":
                scopes.append("anon" if pending_anon else "ns" if pending_ns else "block")
                pending_anon = pending_ns = False
                depth += 1
            elif ch == "}" and scopes:
                scopes.pop()
                depth -= 1
    return names


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    build = pathlib.Path(sys.argv[1])
    clashes = []
    targets = 0
    # cmake/UnityUnits.cmake writes <build>/unity/<target>_<n>.cxx, each
    # source named relative to the unit.
    units = {}
    for unit in sorted(build.glob("unity/*.cxx")):
        units.setdefault(re.sub(r"_[0-9]+\.cxx$", "", unit.name), []).append(unit)
    for target, target_units in sorted(units.items()):
        files = []
        for unit in target_units:
            files += [(unit.parent / p).resolve()
                      for p in re.findall(r'#include "([^"]+\.cpp)"', unit.read_text())]
        # Configure removes the units no target has; a tree not configured
        # again since a source moved still names it.
        if not all(f.exists() for f in files):
            continue
        targets += 1
        seen = {}
        for f in files:
            for name in internal_names(f):
                seen.setdefault(name, []).append(f)
        for name, where in sorted(seen.items()):
            if len(where) > 1:
                clashes.append((target, name, where))
    for target, name, where in clashes:
        print(f"unity-names: {target}: '{name}()' is file-scope in " + ", ".join(str(w) for w in where),
              file=sys.stderr)
    if targets == 0:
        print(f"unity-names: no unity units under {build}: configure a unity build first", file=sys.stderr)
        return 2
    if clashes:
        print(f"unity-names: {len(clashes)} functions could merge in a unity unit; give each a name of its own",
              file=sys.stderr)
        return 1
    print(f"unity-names: no file-scope function is defined twice in any of {targets} unity targets")
    return 0


if __name__ == "__main__":
    sys.exit(main())
