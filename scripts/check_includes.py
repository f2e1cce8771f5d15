#!/usr/bin/env python3
"""Checks the layering rules of include/cupp (and of include/cupx, SciPy's layer on top of it).

    scripts/check_includes.py [-v]

Prints the folder import graph of include/cupp: "A -> B, C" when a header in folder A includes a
header of folder B (top-level folders; the headers at the top, cupp.hpp, ndarray.hpp, ..., belong
to no folder and are not in the graph). -v also names, for each arrow, one include that makes it.
Exit status 1 on any of:

  - a folder cycle (A reaches B and B reaches A, directly or through other folders);
  - an include from core/ of a cupp header outside core/ and memory/ (core is the ground floor);
  - a test of a backend macro (CUPP_BACKEND_*) in a header outside include/cupp/detail/, but for
    core/config.hpp, which defines the macros (the rest of the library calls the one backend
    interface of each facility, in detail/);
  - an include of a cupp header that does not exist (a stale path after a move);
  - a header outside detail/ that no umbrella reaches: cupp/cupp.hpp has everything but cupp::dist
    (cupp/dist.hpp: it needs the cupp::dist library and its engine), the STL-style algorithms
    (cupp/algorithm.hpp) and the Thrust interop (cupp/interop/thrust.hpp), whose Thrust and CUB
    headers would cost every user translation unit seconds of nvcc;
  - a header reached from cupp/cupp.hpp that includes one of those heavy headers (Thrust's
    device_vector and device_ptr, CUB's device-wide sort and select: UMBRELLA_MAY_NOT_REACH);
  - an include of a cupx header from cupp (cupx is built on cupp, never the reverse), a test of a
    backend macro in a cupx header, or an include of a cupx or cupp header that does not exist.

Every `#include <cupp/...>` counts, also those under an #if.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = os.path.join(ROOT, "include")
CUPP = os.path.join(INCLUDE, "cupp")

INCLUDE_LINE = re.compile(r'^\s*#\s*include\s*[<"]((?:cupp|cupx)/[^>"]+)[>"]')
BACKEND_TEST = re.compile(r"\bCUPP_BACKEND_\w+")
CORE_MAY_INCLUDE = {"core", "memory"}
BACKEND_ALLOWED = ("cupp/detail/", "cupp/core/config.hpp")
LINE_COMMENT = re.compile(r"//.*$")
OTHER_INCLUDE = re.compile(r'^\s*#\s*include\s*<((?:thrust|cub)/[^>]+)>')
# What cupp.hpp leaves to algorithm.hpp and interop/thrust.hpp (docs/building.md: a fifth of a
# user translation unit's nvcc time); the detail/ headers compiled in src/ may include them.
UMBRELLA_MAY_NOT_REACH = {
    "thrust/device_vector.h", "thrust/device_ptr.h", "thrust/execution_policy.h",
    "cub/device/device_radix_sort.cuh", "cub/device/device_segmented_sort.cuh",
    "cub/device/device_select.cuh",
}
OPT_IN = ["cupp/algorithm.hpp", "cupp/interop/thrust.hpp"]  # umbrellas of their own


def folder(rel):
    """cupp/core/ndarray.hpp -> core; cupp/ndarray.hpp -> None."""
    parts = rel.split("/")
    return parts[1] if len(parts) > 2 else None


def headers(top=CUPP):
    for dirpath, _, files in os.walk(top):
        for name in sorted(files):
            path = os.path.join(dirpath, name)
            yield os.path.relpath(path, INCLUDE).replace(os.sep, "/"), path


def code_lines(rel, path):
    """(where, code, include match) for each line of a header, its // comment removed."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for lineno, line in enumerate(lines, 1):
        code = LINE_COMMENT.sub("", line)
        yield f"include/{rel}:{lineno}", code, INCLUDE_LINE.match(code)


def check_cupx(errors):
    """cupx's headers: every include exists, no backend test (cupx calls cupp's interfaces)."""
    for rel, path in headers(os.path.join(INCLUDE, "cupx")):
        for where, code, m in code_lines(rel, path):
            if m and not os.path.exists(os.path.join(INCLUDE, m.group(1))):
                errors.append(f"{where}: includes <{m.group(1)}>, which does not exist")
            test = BACKEND_TEST.search(code) if code.lstrip().startswith("#") else None
            if test:
                errors.append(f"{where}: tests {test.group(0)}; backend tests belong in "
                              f"include/cupp/detail/")


def strongly_connected(nodes, edges):
    """Tarjan's algorithm: the components of more than one folder (or with a self-arrow)."""
    index, low, stack, on_stack, comps = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return comps


def reach(includes, roots):
    """The headers that `roots` include, directly or through others (the roots too)."""
    reached, todo = set(), list(roots)
    while todo:
        rel = todo.pop()
        if rel in reached or rel not in includes:
            continue
        reached.add(rel)
        todo.extend(includes[rel])
    return reached


def main():
    verbose = "-v" in sys.argv[1:]
    edges, why, nodes, errors, includes, heavy = {}, {}, set(), [], {}, {}
    for rel, path in headers():
        includes[rel] = []
        src = folder(rel)
        if src:
            nodes.add(src)
        for where, code, m in code_lines(rel, path):
            other = OTHER_INCLUDE.match(code)
            if other and other.group(1) in UMBRELLA_MAY_NOT_REACH:
                heavy.setdefault(rel, f"{where} <{other.group(1)}>")
            if m and m.group(1).startswith("cupx/"):
                errors.append(f"{where}: includes <{m.group(1)}>; cupp may not include cupx "
                              f"(cupx is built on cupp)")
            elif m:
                target = m.group(1)
                includes[rel].append(target)
                if not os.path.exists(os.path.join(INCLUDE, target)):
                    errors.append(f"{where}: includes <{target}>, which does not exist")
                dst = folder(target)
                if src and dst and dst != src:
                    edges.setdefault(src, set()).add(dst)
                    why.setdefault((src, dst), f"{where} <{target}>")
                    if src == "core" and dst not in CORE_MAY_INCLUDE:
                        errors.append(f"{where}: core/ includes <{target}>; core/ may include "
                                      f"only core/ and memory/")
            test = BACKEND_TEST.search(code) if code.lstrip().startswith("#") else None
            if test and not rel.startswith(BACKEND_ALLOWED):
                errors.append(f"{where}: tests {test.group(0)}; backend tests belong in "
                              f"include/cupp/detail/")

    # cupp.hpp reaches none of the heavy headers it leaves to the opt-in umbrellas
    from_cupp = reach(includes, ["cupp/cupp.hpp"])
    for rel in sorted(from_cupp & heavy.keys()):
        errors.append(f"{heavy[rel]}: reached from cupp/cupp.hpp; include it from "
                      f"{' or '.join(OPT_IN)} only, or compile it in src/")

    # the umbrellas reach every public header: cupp.hpp all but dist/ (dist.hpp), the algorithms
    # and the Thrust interop (their own headers)
    reached = reach(includes, ["cupp/cupp.hpp", "cupp/dist.hpp"] + OPT_IN)
    for rel in sorted(includes):
        if folder(rel) != "detail" and "/detail/" not in rel and rel not in reached:
            umbrella = "cupp/dist.hpp" if folder(rel) == "dist" else "cupp/cupp.hpp"
            errors.append(f"include/{rel}: not reached from {umbrella} (add it to the umbrella, "
                          f"or to {' or '.join(OPT_IN)})")

    print("folder import graph of include/cupp (A -> what A includes):")
    width = max(len(n) for n in nodes)
    for n in sorted(nodes):
        targets = sorted(edges.get(n, ()))
        print(f"  {n:<{width}} -> {', '.join(targets) if targets else '(nothing)'}")
        if verbose:
            for t in targets:
                print(f"  {'':<{width}}      {t}: {why[(n, t)]}")

    check_cupx(errors)
    for comp in strongly_connected(nodes, edges):
        pairs = [f"{a} -> {b} ({why[(a, b)]})" for a in comp for b in comp if (a, b) in why]
        errors.append("folder cycle: " + ", ".join(comp) + "\n    " + "\n    ".join(pairs))

    if errors:
        sys.stdout.flush()
        print(f"\n{len(errors)} problem(s):", file=sys.stderr)
        for e in errors:
            print("  " + e, file=sys.stderr)
        return 1
    print("no folder cycle; core/ includes only core/ and memory/; backend tests only in detail/ "
          "and core/config.hpp; every include exists; cupp.hpp (dist.hpp, algorithm.hpp, "
          "interop/thrust.hpp) reaches every public header, cupp.hpp no Thrust vector or CUB sort; cupp "
          "includes no cupx header")
    return 0


if __name__ == "__main__":
    sys.exit(main())
