#!/usr/bin/env python3
"""Writes NumPy's numpy.linalg results into test/fixtures/linalg.txt, read by test/linalg/. Run
from anywhere with NumPy 2: python3 scripts/gen_linalg_fixtures.py. The output is committed.

One line per case and input dtype (float64, complex128; the tests also run them in float32 and
complex64, with those dtypes' tolerances):
  <function> <dtype> <shape of a> [<shape of b>] | <a> [| <b>] | <output> [| <output> ...]
Shapes are comma-separated ("2,4,4"; "-" for a missing b), values row-major, complex values as
re im pairs, every number the repr of a float64.
"""
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "linalg.txt"
rng = np.random.default_rng(20261202)


def values(x):
    x = np.asarray(x)
    if np.iscomplexobj(x):
        return " ".join(f"{float(v.real)!r} {float(v.imag)!r}" for v in x.ravel())
    return " ".join(repr(float(v)) for v in x.ravel())


def shape(x):
    return ",".join(str(e) for e in x.shape) if x is not None else "-"


def random(dtype, *shape_):
    a = rng.standard_normal(shape_)
    if dtype == "complex128":
        a = a + 1j * rng.standard_normal(shape_)
    return a


def hermitian(dtype, batch, n, definite):
    b = random(dtype, *batch, n, n)
    h = b @ np.conj(np.swapaxes(b, -1, -2))
    return h + n * np.eye(n) if definite else h - 2 * np.eye(n)


def cases(dtype):
    a = random(dtype, 3, 4, 4)
    yield "det", a, None, [np.linalg.det(a)]
    s = random(dtype, 2, 5, 5)
    s[1, 2, :] = 0  # one exactly singular member: sign 0, logabsdet -inf
    r = np.linalg.slogdet(s)
    yield "slogdet", s, None, [r.sign, r.logabsdet]
    a = random(dtype, 2, 4, 4) + 4 * np.eye(4)
    b = random(dtype, 2, 4, 3)
    yield "solve", a, b, [np.linalg.solve(a, b)]
    v = random(dtype, 4)
    yield "solve", a, v, [np.linalg.solve(a, v)]
    a = random(dtype, 3, 3) + 3 * np.eye(3)
    yield "inv", a, None, [np.linalg.inv(a)]
    h = hermitian(dtype, (2,), 6, False)
    yield "eigvalsh", h, None, [np.linalg.eigvalsh(h)]
    p = hermitian(dtype, (2,), 4, True)
    yield "cholesky", p, None, [np.linalg.cholesky(p)]
    for shp in [(2, 5, 3), (4, 7), (3, 3)]:
        a = random(dtype, *shp)
        yield "svdvals", a, None, [np.linalg.svd(a, compute_uv=False)]
    a = random(dtype, 6, 4)
    b = random(dtype, 6, 2)
    x, res, rank, sv = np.linalg.lstsq(a, b)
    yield "lstsq", a, b, [x, res, np.array([rank]), sv]
    a = random(dtype, 5, 3)
    yield "pinv", a, None, [np.linalg.pinv(a)]
    # norms: "norm:<ord>:<axis>" (NumPy's spellings; axis "None" or comma-separated)
    x = random(dtype, 2, 3, 4)
    for ord_, axis in [(None, None), (None, (1, 2)), ("fro", (1, 2)), ("nuc", (1, 2)),
                       (2, (1, 2)), (-2, (1, 2)), (1, (1, 2)), (-1, (2, 1)), (np.inf, (1, 2)),
                       (-np.inf, (1, 2)), (None, 2), (1, 0), (np.inf, 1), (-np.inf, 2),
                       (0, 2), (3.5, 1), (-1, 2)]:
        ax = "None" if axis is None else ",".join(str(e) for e in np.atleast_1d(axis))
        yield f"norm:{ord_}:{ax}", x, None, [np.linalg.norm(x, ord_, axis)]
    c = random(dtype, 3, 4, 4)
    for p in [None, 2, -2, "fro", "nuc", 1, -1, np.inf, -np.inf]:
        yield f"cond:{p}:None", c, None, [np.linalg.cond(c, p)]


def eig_cases(dtype):
    """eigvals of general matrices, always written complex (cupp's eig is complex for every
    input); from a generator of their own, so that the cases above keep their values."""
    g = np.random.default_rng(20261203)
    for shp in [(3, 4, 4), (5, 5), (1, 1)]:
        a = g.standard_normal(shp)
        if dtype == "complex128":
            a = a + 1j * g.standard_normal(shp)
        yield "eigvals", a, None, [np.asarray(np.linalg.eigvals(a), dtype=complex)]


def write(out, title, case_lists):
    """Writes the lines of every case of case_lists(dtype), for float64 and complex128, to out."""
    lines = []
    for dtype in ["float64", "complex128"]:
        for name, a, b, outs in case_lists(dtype):
            head = f"{name} {dtype} {shape(a)} {shape(b)}"
            parts = [head, values(a)] + ([values(b)] if b is not None else [])
            parts += [values(o) for o in outs]
            lines.append(" | ".join(parts))
    out.write_text(f"# {title}\n" + "\n".join(lines) + "\n")


def main():
    write(OUT, "numpy.linalg results, written by scripts/gen_linalg_fixtures.py",
          lambda dtype: list(cases(dtype)) + list(eig_cases(dtype)))


if __name__ == "__main__":
    main()
