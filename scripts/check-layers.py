#!/usr/bin/env python3
"""Checks that the layers only look down.

    check-layers.py SOURCE_DIR                 every #include "layer/..." goes to the same or a lower layer
    check-layers.py SOURCE_DIR --libs A.a ...  and no layer's library needs a symbol that only a
                                               higher layer's library defines (libraries lowest first)

The layers, lowest first: runtime, numeric, gemm, ops, interpreter, conformance, cli. Inside ops/,
the helpers shared by families (ops/*.h) include no family. Families may build on each other's
helpers (activation on math's ladders, say). Exits 1 naming every back-arrow.
"""
import pathlib
import re
import subprocess
import sys

LAYERS = ["runtime", "numeric", "gemm", "ops", "interpreter", "conformance", "cli"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def include_problems(root):
    problems = []
    for rank, layer in enumerate(LAYERS):
        for path in sorted((root / layer).rglob("*")):
            if path.suffix not in (".h", ".cpp"):
                continue
            rel = path.relative_to(root).as_posix()
            for target in INCLUDE.findall(path.read_text(errors="replace")):
                top = target.split("/")[0]
                if top in LAYERS and LAYERS.index(top) > rank:
                    problems.append(f"{rel} includes {target}: {layer} is below {top}")
                if layer == "ops" and top == "ops":
                    problems += family_problem(rel, target)
    return problems


def family_problem(rel, target):
    """ops/y (a helper shared by families) includes no family."""
    own = rel.split("/")
    their = target.split("/")
    if len(their) == 2:
        return []
    if len(own) == 2:
        return [f"{rel} includes {target}: a helper shared by families includes no family"]
    return []


def symbols(lib, defined):
    flag = "--defined-only" if defined else "--undefined-only"
    out = subprocess.run(["nm", "-g", "-P", flag, lib], check=True, capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and not parts[0].endswith(":") and (not defined or parts[1] not in "Uvw"):
            names.add(parts[0])
    return names


def symbol_problems(libs):
    problems = []
    defined = [symbols(lib, True) for lib in libs]
    for low, lib in enumerate(libs):
        below = set().union(*defined[: low + 1])
        for name in sorted(symbols(lib, False) - below):
            for high in range(low + 1, len(libs)):
                if name in defined[high]:
                    pretty = subprocess.run(["c++filt", name], capture_output=True, text=True).stdout.strip()
                    problems.append(f"{pathlib.Path(lib).name} calls {pretty}, defined in {pathlib.Path(libs[high]).name}")
                    break
    return problems


def main():
    root = pathlib.Path(sys.argv[1])
    problems = include_problems(root)
    if "--libs" in sys.argv:
        problems += symbol_problems(sys.argv[sys.argv.index("--libs") + 1:])
    for p in problems:
        print(p)
    print(f"layers: {len(problems)} back-arrow(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
