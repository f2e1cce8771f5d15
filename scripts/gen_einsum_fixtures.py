#!/usr/bin/env python3
"""Writes NumPy's einsum and einsum_path results into test/fixtures/einsum.txt, read by
test/linalg/test_einsum*.cpp. Run from anywhere with NumPy 2: python3 scripts/gen_einsum_fixtures.py.
The output is committed.

Lines, fields separated by '|':
  value|<subscripts>|<dtype>|<shapes>|<operands>|<output shape>|<output>
  mixed|<subscripts>|<dtype>,<dtype>|<result dtype>|<shapes>|<operands>|<output shape>|<output>
  error|<subscripts>|<shapes>|<message>
  path|<subscripts>|<optimize>|<shapes>|<path>|<report>
Shapes are space-separated, each comma-separated ("2,3"; "-" for 0-d); operands are separated by
';', values space-separated in C order (complex ones as "re,im", bool as 0/1, integers exact);
a path is "1,2;0,1" (NumPy's ['einsum_path', (1, 2), (0, 1)]); a report has its newlines as "\\n".
Values come from NumPy's einsum (optimize=False, its C loop); bfloat16, which NumPy lacks, is
computed in float32 from the same small integers.
"""
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "einsum.txt"
rng = np.random.default_rng(20261203)

ALL = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
       "float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
WIDE = ["int64", "float32", "float64", "complex128"]

# (subscripts, shapes, dtypes): the NumPy forms every dtype runs, then the wider forms
CASES = [
    ("ij,jk->ik", [(3, 4), (4, 5)], ALL),  # matmul
    ("ij,jk", [(2, 3), (3, 4)], ALL),  # implicit output
    ("bij,bjk->bik", [(3, 2, 4), (3, 4, 5)], ALL),  # batched matmul
    ("i,j->ij", [(3,), (4,)], ALL),  # outer
    ("i,i", [(5,), (5,)], ALL),  # inner
    ("ii", [(4, 4)], ALL),  # trace
    ("ii->i", [(4, 4)], ALL),  # diagonal
    ("ji", [(2, 3)], ALL),  # transpose
    ("ij->", [(3, 4)], ALL),  # sum
    ("ij->j", [(3, 4)], ALL),  # sum over an axis
    ("ij,ij->ij", [(3, 4), (3, 4)], ALL),  # elementwise
    ("ij,ij->", [(3, 4), (3, 4)], ALL),  # sum of the product
    ("ij,ij->i", [(3, 4), (3, 4)], ALL),  # row dot products
    ("ij,j->i", [(3, 4), (4,)], ALL),  # matvec
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)], ALL),
    ("...ij,...jk->...ik", [(2, 1, 3, 4), (5, 4, 2)], WIDE),  # ellipsis, batch broadcast
    ("...ij,...jk", [(2, 3, 4), (4, 2)], WIDE),
    ("i...->...", [(3, 2, 2)], WIDE),
    ("...ii->...i", [(2, 3, 3)], WIDE),
    ("ij...,jk...->ik...", [(2, 3, 4), (3, 5, 4)], WIDE),
    ("...,...", [(2, 3), (3,)], WIDE),
    ("iij,jk->ik", [(3, 3, 4), (4, 2)], WIDE),  # a diagonal inside a product
    ("ij,jj->i", [(2, 3), (3, 3)], WIDE),
    ("iii->i", [(3, 3, 3)], WIDE),
    ("ijk,jl->il", [(2, 3, 4), (3, 5)], WIDE),  # k summed in its one operand
    ("ab,cd->", [(2, 3), (4, 2)], WIDE),
    ("ab,cd->dacb", [(2, 3), (4, 2)], WIDE),
    ("ijk,ikl->lji", [(2, 3, 4), (2, 4, 3)], WIDE),  # batch axis, output permuted
    ("ij,jk->ki", [(3, 4), (4, 2)], WIDE),
    ("ab,bc,cd,de->ae", [(2, 3), (3, 4), (4, 5), (5, 2)], WIDE),  # four operands
    ("ea,fb,abcd,gc,hd->efgh", [(2, 2), (3, 2), (2, 2, 2, 2), (2, 2), (3, 2)], WIDE),
    ("ijk,ilm,njm,nlk,abc->", [(2, 3, 2)] * 5, WIDE),
    ("ij,jk,ki->", [(3, 4), (4, 5), (5, 3)], WIDE),
    ("a,ab,abc->abc", [(2,), (2, 3), (2, 3, 4)], WIDE),
    ("ab,ab,ab->ab", [(2, 3), (2, 3), (2, 3)], WIDE),
    ("i,j,k", [(2,), (3,), (2,)], WIDE),
    ("ij,jk", [(2, 1), (3, 4)], WIDE),  # extent 1 broadcast against 3
    ("ij,ij->ij", [(2, 1), (1, 3)], WIDE),
    ("ij,jk->ik", [(2, 0), (0, 3)], WIDE),  # empty: zeros
    ("ij,jk->ik", [(0, 3), (3, 4)], WIDE),
    ("ij,ij->", [(0, 3), (0, 3)], WIDE),
    ("ii->", [(0, 0)], WIDE),
    ("ij->", [(2, 0)], WIDE),
    (",->", [(), ()], WIDE),  # 0-d operands
    ("i,->i", [(3,), ()], WIDE),
    ("->", [()], WIDE),
    ("ij,->ji", [(2, 3), ()], WIDE),
    ("Ab,bC->CA", [(2, 3), (3, 2)], WIDE),  # upper-case letters
    (" i j , j k ", [(2, 3), (3, 2)], WIDE),  # spaces
]

# named lines the tests look up: exact integer arithmetic at its limits
SPECIAL = [
    ("i,i", "int8", [np.array([100, 100]), np.array([3, 3])]),  # wraps to 88 as NumPy's
    ("i,i", "uint8", [np.array([200, 100]), np.array([2, 1])]),  # wraps to 244
    ("ij,jk->ik", "int64", [np.array([[2**40, 3], [5, -(2**41)]]),
                            np.array([[3, 1], [2**20, 7]])]),  # exact beyond 2**53
    ("i,i->", "uint64", [np.array([2**63, 1], dtype=np.uint64),
                         np.array([1, 2**62], dtype=np.uint64)]),
    ("ij,jk", "bool", [np.array([[1, 0], [0, 0]]), np.array([[1, 1], [1, 0]])]),
]

MIXED = [
    ("ij,jk->ik", "float32", "int64"),
    ("i,i", "int8", "uint8"),
    ("ij,j->i", "bool", "float16"),
    ("ij,jk", "complex64", "float64"),
    ("bij,bjk->bik", "int32", "float32"),
]

ERRORS = [
    ("ij,jk->ik", [(2, 3), (4, 5)]),
    ("ij,jk", [(2, 3), (4, 3)]),
    ("...ij,...jk", [(2, 2, 3), (3, 3, 4)]),
    ("ij,ij->ij", [(2, 3), (3, 3)]),
    ("i,i,i", [(2,), (3,), (2,)]),
    ("i,,i", [(2,), (), (3,)]),
    ("ij,kj->", [(2, 3), (4, 5)]),
    ("ab,b", [(2, 0), (3,)]),
    ("iij,j", [(2, 2, 3), (4,)]),
    ("ijk", [(2, 3)]),
    ("i", [(2, 3)]),
    ("i->", [()]),
    ("ij->ii", [(2, 3)]),
    ("ij->k", [(2, 3)]),
    ("i$", [(2, 3)]),
    ("ij,jk", [(2, 3)]),
    ("ij", [(2, 3), (2, 3)]),
    ("ij->", [(2, 3), (2, 3)]),
    ("i.j", [(2, 3)]),
    ("..i", [(2,)]),
    ("i...j...", [(2, 3, 4)]),
    ("ij->i.", [(2, 3)]),
    ("ij-", [(2, 3)]),
    ("i->i->", [(2,)]),
    ("ij>k", [(2, 3)]),
    ("...i,...i->i", [(2, 3), (3,)]),
    ("ii", [(2, 3)]),
    ("ii->i", [(2, 3)]),
    ("ii->i", [(2, 1)]),
    ("iji->ij", [(2, 3, 3)]),
]

PATHS = [
    ("ij,jk,kl->il", [(2, 2), (2, 5), (5, 2)]),
    ("ea,fb,abcd,gc,hd->efgh", [(10, 10), (10, 10), (10, 10, 10, 10), (10, 10), (10, 10)]),
    ("ijk,ilm,njm,nlk,abc->", [(2, 4, 8)] * 5),
    ("ab,bc,cd,de,ef,fg->ag", [(3, 40), (40, 5), (5, 60), (60, 2), (2, 30), (30, 4)]),
    ("abc,bcd,cde,def->af", [(3, 4, 5), (4, 5, 6), (5, 6, 7), (6, 7, 8)]),
    ("ij,jk,ki->", [(5, 6), (6, 7), (7, 5)]),
    ("i,j,k", [(3,), (4,), (5,)]),
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ii", [(3, 3)]),
]


def shapes(shps):
    return " ".join(",".join(str(e) for e in s) if s else "-" for s in shps)


def values(x, dtype):
    x = np.asarray(x)
    if dtype.startswith("complex"):
        return " ".join(f"{float(v.real)!r},{float(v.imag)!r}" for v in x.ravel())
    if dtype == "bool" or dtype.startswith(("int", "uint")):
        return " ".join(str(int(v)) for v in x.ravel())
    return " ".join(repr(float(v)) for v in x.ravel())


def operand(shape, dtype):
    if dtype == "bool":
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.startswith("uint"):
        return rng.integers(0, 4, shape).astype(dtype)
    if dtype.startswith("int"):
        return rng.integers(-3, 4, shape).astype(dtype)
    if dtype in ("float64", "complex128"):  # non-integers where the dtype keeps them
        x = rng.standard_normal(shape)
        return (x + 1j * rng.standard_normal(shape)) if dtype == "complex128" else x
    x = rng.integers(-3, 4, shape).astype(np.float64)
    if dtype == "complex64":
        x = x + 1j * rng.integers(-3, 4, shape)
    return x.astype("float32" if dtype == "bfloat16" else dtype)


def main():
    lines = ["# np.einsum / np.einsum_path results, written by scripts/gen_einsum_fixtures.py"]
    for subs, shps, dtypes in CASES:
        for dtype in dtypes:
            ops = [operand(s, dtype) for s in shps]
            r = np.einsum(subs, *ops)
            out_dtype = "bfloat16" if dtype == "bfloat16" else str(r.dtype)
            assert out_dtype == dtype, (subs, dtype, r.dtype)
            lines.append("|".join(["value", subs, dtype, shapes(shps),
                                   ";".join(values(o, dtype) for o in ops),
                                   shapes([r.shape]), values(r, dtype)]))
    for subs, dtype, raw in SPECIAL:
        ops = [np.asarray(o).astype(dtype) for o in raw]
        r = np.einsum(subs, *ops)
        lines.append("|".join(["value", subs, dtype, shapes([o.shape for o in ops]),
                               ";".join(values(o, dtype) for o in ops), shapes([r.shape]),
                               values(r, dtype)]))
    for subs, d0, d1 in MIXED:
        shps = {"ij,jk->ik": [(2, 3), (3, 2)], "i,i": [(4,), (4,)], "ij,j->i": [(2, 3), (3,)],
                "ij,jk": [(2, 3), (3, 2)], "bij,bjk->bik": [(2, 2, 3), (2, 3, 2)]}[subs]
        ops = [operand(shps[0], d0), operand(shps[1], d1)]
        r = np.einsum(subs, *ops)
        rd = str(r.dtype)
        lines.append("|".join(["mixed", subs, f"{d0},{d1}", rd, shapes(shps),
                               values(ops[0], d0) + ";" + values(ops[1], d1), shapes([r.shape]),
                               values(r, rd)]))
    for subs, shps in ERRORS:
        try:
            np.einsum(subs, *[np.ones(s) for s in shps])
        except ValueError as e:
            lines.append("|".join(["error", subs, shapes(shps), str(e)]))
        else:
            raise AssertionError(subs)
    for subs, shps in PATHS:
        for opt in ["none", "greedy", "optimal"]:
            path, report = np.einsum_path(subs, *[np.ones(s) for s in shps],
                                          optimize=False if opt == "none" else opt)
            p = ";".join(",".join(str(i) for i in t) for t in path[1:])
            lines.append("|".join(["path", subs, opt, shapes(shps), p,
                                   report.replace("\n", "\\n")]))
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
