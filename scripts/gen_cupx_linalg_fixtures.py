#!/usr/bin/env python3
"""Writes SciPy's scipy.linalg results into test/fixtures/cupx_linalg.txt, read by
test/cupx/test_linalg.cpp. Run from anywhere with NumPy 2 and SciPy >= 1.15 (batched calls):
python3 scripts/gen_cupx_linalg_fixtures.py. The output is committed.

The format is test/fixtures/linalg.txt's (scripts/gen_linalg_fixtures.py), one line per case and
input dtype (float64, complex128; the tests also run them in float32 and complex64):
  <case> <dtype> <shape of a> [<shape of b>] | <a> [| <b>] | <output> [| <output> ...]
A case names the function and its arguments after colons: "lu_solve:<trans>",
"solve_triangular:<trans>:<lower>:<unit_diagonal>", "cho_factor:<lower>", "cho_solve:<lower>".
Integer outputs (pivots, p_indices) are written as floats.
"""
import pathlib
import sys

import numpy as np
import scipy.linalg as sl

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from gen_linalg_fixtures import random, write  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "cupx_linalg.txt"


def hermitian_pd(dtype, batch, n):
    b = random(dtype, *batch, n, n)
    return b @ np.conj(np.swapaxes(b, -1, -2)) + n * np.eye(n)


def cases(dtype):
    for shp in [(4, 4), (2, 5, 3), (2, 3, 5), (1, 1)]:
        a = random(dtype, *shp)
        yield "lu", a, None, list(sl.lu(a))
    a = random(dtype, 2, 4, 6)
    yield "lu_permute_l", a, None, list(sl.lu(a, permute_l=True))
    a = random(dtype, 5, 3)
    yield "lu_p_indices", a, None, list(sl.lu(a, p_indices=True))
    for shp in [(4, 4), (2, 5, 5), (3, 5), (5, 3)]:
        a = random(dtype, *shp)
        yield "lu_factor", a, None, list(sl.lu_factor(a))
    a = random(dtype, 2, 4, 4) + 4 * np.eye(4)
    for trans in [0, 1, 2]:
        for b in [random(dtype, 2, 4, 3), random(dtype, 4)]:
            yield f"lu_solve:{trans}", a, b, [sl.lu_solve(sl.lu_factor(a), b, trans=trans)]
    # a full matrix: solve_triangular reads one triangle and ignores the other
    a = random(dtype, 4, 4) + 4 * np.eye(4)
    b = random(dtype, 4, 2)
    stack = random(dtype, 2, 3, 3) + 3 * np.eye(3)
    v = random(dtype, 3)
    for trans in [0, 1, 2]:
        for lower in [0, 1]:
            for unit in [0, 1]:
                name = f"solve_triangular:{trans}:{lower}:{unit}"
                kw = dict(trans=trans, lower=bool(lower), unit_diagonal=bool(unit))
                yield name, a, b, [sl.solve_triangular(a, b, **kw)]
                yield name, stack, v, [sl.solve_triangular(stack, v, **kw)]
    p = hermitian_pd(dtype, (2,), 4)
    for lower in [0, 1]:
        c, _ = sl.cho_factor(p, lower=bool(lower))
        # the other triangle is unspecified ("random data"): only the factor's is compared
        c = np.tril(c) if lower else np.triu(c)
        yield f"cho_factor:{lower}", p, None, [c]
        b = random(dtype, 2, 4, 3)
        yield f"cho_solve:{lower}", p, b, [sl.cho_solve(sl.cho_factor(p, lower=bool(lower)), b)]


def main():
    write(OUT, "scipy.linalg results, written by scripts/gen_cupx_linalg_fixtures.py", cases)


if __name__ == "__main__":
    main()
