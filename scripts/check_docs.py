#!/usr/bin/env python3
"""Compiles every ```cpp block of README.md and docs/*.md, so that the docs show code that builds.

    scripts/check_docs.py [-j N] [--keep DIR] [--list] [FILE.md ...]

A block holding `int main` is a whole program and compiles as printed. Any other block is a
fragment: it becomes the body of a function of its own, after cupp's umbrella header, a few
standard headers and `namespace cp = cupp;`; its `#include` lines move to the top of the file.
All fragments share one translation unit, so that cupp's headers are parsed once (--per-page: one
unit per page).

HTML comments on the lines right before a block change what is checked:

    <!-- no-compile: why -->       not C++ that compiles on its own (a signature, a sketch)
    <!-- given: cp::ndarray<float> x, int n -->
                                   the fragment's function takes these parameters, so that it can
                                   use arrays the text introduced without declaring them again
    <!-- namespace-scope -->       the fragment goes at namespace scope, not in a function (a
                                   functor's definition, say)

The check is g++ -fsyntax-only on the host backend (what a user's program sees on either backend,
without needing nvcc); it needs CCCL's headers from the CUDA toolkit ($CUDA_HOME, default
/usr/local/cuda). Exit status 1 when a block does not compile, with the compiler's messages pointing
at the Markdown file's lines.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PREAMBLE = """\
#include <cupp/cupp.hpp>

#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace cp = cupp;
"""

FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
DIRECTIVE = re.compile(r"^\s*<!--\s*([a-z-]+)\s*(?::\s*(.*?))?\s*-->\s*$")
KNOWN = {"no-compile", "given", "namespace-scope"}


class Block:
    def __init__(self, path, line, code, directives):
        self.path = path  # relative to the repository root, as the messages name it
        self.line = line  # line number of the block's first code line
        self.code = code
        self.directives = directives

    @property
    def name(self):
        return f"{self.path}:{self.line}"

    def is_program(self):
        return re.search(r"\bint\s+main\s*\(", self.code) is not None


def blocks_of(path):
    """The ```cpp blocks of one Markdown file, with the directives written just above each."""
    rel = os.path.relpath(path, ROOT)
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        lang, start = m.group(2), i
        i += 1
        while i < len(lines) and not FENCE.match(lines[i]):
            i += 1
        if lang == "cpp":
            directives, j = {}, start - 1
            while j >= 0 and DIRECTIVE.match(lines[j]):
                d = DIRECTIVE.match(lines[j])
                if d.group(1) not in KNOWN:
                    sys.exit(f"{rel}:{j + 1}: unknown directive <!-- {d.group(1)} --> "
                             f"(known: {', '.join(sorted(KNOWN))})")
                directives[d.group(1)] = d.group(2) or ""
                j -= 1
            out.append(Block(rel, start + 2, "\n".join(lines[start + 1:i]), directives))
        i += 1  # the closing fence
    return out


def program_source(block):
    return f'#line {block.line} "{block.path}"\n{block.code}\n'


def fragments_source(blocks):
    """One translation unit holding each fragment in a function of its own."""
    includes, bodies = [], []
    for k, b in enumerate(blocks):
        code = []
        for n, text in enumerate(b.code.split("\n")):
            if text.lstrip().startswith("#include"):
                includes.append(f'#line {b.line + n} "{b.path}"\n{text}')
                code.append("")  # keeps the line numbers
            else:
                code.append(text)
        body = "\n".join(code)
        head = f'#line {b.line} "{b.path}"\n'
        if "namespace-scope" in b.directives:
            bodies.append(f"namespace docs_block_{k} {{\nnamespace cp = cupp;\n{head}{body}\n}}")
        else:
            params = b.directives.get("given", "")
            bodies.append(f"[[maybe_unused]] static void docs_block_{k}({params}) {{\n{head}{body}\n}}")
    return PREAMBLE + "\n".join(includes) + "\n" + "\n\n".join(bodies) + "\n"


def compiler_command(cxx):
    cuda = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    return [cxx, "-std=c++20", "-fopenmp", "-fsyntax-only", "-x", "c++",
            "-DCUPP_BACKEND_HOST=1", "-DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_OMP",
            f"-I{os.path.join(ROOT, 'include')}",
            f"-isystem{cuda}/include/cccl", f"-isystem{cuda}/include",
            # the fragments call functions for the reader to see, not to use the result
            "-Wno-unused-result", "-Wno-unused-variable", "-Wno-unused-but-set-variable", "-"]


def compile_unit(cmd, source):
    t0 = time.monotonic()
    r = subprocess.run(cmd, input=source, capture_output=True, text=True, cwd=ROOT)
    return r.returncode, r.stderr, time.monotonic() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="Markdown files (default: README.md docs/*.md)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep", metavar="DIR", help="also write the translation units to DIR")
    ap.add_argument("--list", action="store_true", help="list the blocks and what is checked")
    ap.add_argument("--cxx", default=os.environ.get("CXX", "g++"))
    ap.add_argument("--per-page", action="store_true",
                    help="one translation unit of fragments per page (default: one in all)")
    args = ap.parse_args()

    files = args.files or [os.path.join(ROOT, "README.md")] + sorted(
        os.path.join(ROOT, "docs", f) for f in os.listdir(os.path.join(ROOT, "docs"))
        if f.endswith(".md"))
    units, skipped, n_blocks = [], [], 0  # units: (name, source, blocks)
    fragments = []
    for path in files:
        if args.per_page:
            fragments = []
        for b in blocks_of(path):
            n_blocks += 1
            if "no-compile" in b.directives:
                skipped.append(b)
            elif b.is_program():
                units.append((b.name, program_source(b), [b]))
            else:
                fragments.append(b)
        if fragments and args.per_page:
            rel = os.path.relpath(path, ROOT)
            units.append((f"{rel} ({len(fragments)} fragments)", fragments_source(fragments),
                          fragments))
    if fragments and not args.per_page:
        pages = len({b.path for b in fragments})
        units.append((f"{len(fragments)} fragments of {pages} pages", fragments_source(fragments),
                      fragments))

    if args.list:
        for name, _, blocks in units:
            print(name)
        for b in skipped:
            print(f"{b.name}: no-compile: {b.directives['no-compile']}")
        return 0
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        for k, (name, source, _) in enumerate(units):
            with open(os.path.join(args.keep, f"unit_{k}.cpp"), "w") as f:
                f.write(f"// {name}\n{source}")

    cmd = compiler_command(args.cxx)
    t0 = time.monotonic()
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        jobs = [(name, pool.submit(compile_unit, cmd, source)) for name, source, _ in units]
        for name, job in jobs:
            rc, err, seconds = job.result()
            print(f"{'ok  ' if rc == 0 else 'FAIL'} {name} ({seconds:.1f} s)")
            if rc != 0:
                failed += 1
                sys.stdout.write(err)
    for b in skipped:
        print(f"skip {b.name}: {b.directives['no-compile']}")
    print(f"{n_blocks} cpp blocks in {len(files)} files: {len(units)} translation units, "
          f"{failed} failed, {len(skipped)} not compiled (marked no-compile), "
          f"{time.monotonic() - t0:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
