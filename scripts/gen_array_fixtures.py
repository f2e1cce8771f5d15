#!/usr/bin/env python3
"""Writes test/fixtures/array_ops.txt: NumPy 2's (and ml_dtypes' for bfloat16) results of the
runtime-dtype array's ufuncs and reductions (test/interop/test_array_ops.cpp) for every dtype,
every pair of dtypes and every kind of Python scalar. Run from anywhere:
python3 scripts/gen_array_fixtures.py.

Inputs, cast from float64 with astype: A = [[0, 1, 2], [3, 5, 7]] (shape (2, 3)) and
B = [3, 1, 2] (shape (3,), broadcast against A); the scalars True, 2, 2.5 and (1+2j).
Each line: a record kind, its names, the result dtype (or "error" and the exception's class),
the result's shape ("-" for 0-d) and its values in C order (complex ones as "real imag"):
  binary <op> <dtype A> <dtype B> <result> <shape> <values>            op(A, B)
  scalar <op> <dtype A> <b|i|f|c> <l|r> <result> <shape> <values>     op(A, s) (l), op(s, A) (r)
  unary <op> <dtype A> <result> <shape> <values>
  reduce <name> <dtype A> <axis|n> <result> <shape> <values>          n: no axis (every axis)
"""
import pathlib

import ml_dtypes
import numpy as np

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
BINARY = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "power",
          "maximum", "minimum", "equal", "not_equal", "less", "less_equal", "greater",
          "greater_equal", "logical_and", "logical_or", "logical_xor", "bitwise_and",
          "bitwise_or", "bitwise_xor", "left_shift", "right_shift"]
UNARY = ["negative", "positive", "absolute", "invert", "logical_not"]
REDUCE = ["sum", "prod", "max", "min", "ptp", "mean", "var", "std", "any", "all",
          "count_nonzero", "argmax", "argmin", "cumsum", "cumprod"]
SCALARS = {"b": True, "i": 2, "f": 2.5, "c": 1 + 2j}
# bfloat16 has no common dtype with these in ml_dtypes 0.4, which cupp's promotion follows (as
# scripts/gen_fixtures.py; 0.5 on gives float32/float64): cupp raises type_error there
NO_COMMON = {"float16", "int16", "int32", "int64", "uint16", "uint32", "uint64"}


def dt(name):
    return np.dtype(ml_dtypes.bfloat16) if name == "bfloat16" else np.dtype(name)


def inputs(name):
    a = np.array([[0, 1, 2], [3, 5, 7]], dtype=np.float64).astype(dt(name))
    b = np.array([3, 1, 2], dtype=np.float64).astype(dt(name))
    return a, b


def result(fn):
    try:
        with np.errstate(all="ignore"):
            r = np.asarray(fn())
    except Exception as e:  # the error NumPy raises, by class
        return f"error {type(e).__name__}"
    name = "bfloat16" if r.dtype == dt("bfloat16") else str(r.dtype)
    shape = ",".join(str(s) for s in r.shape) or "-"
    if r.dtype.kind == "c":
        vals = [f"{v.real:.17g} {v.imag:.17g}" for v in r.astype(np.complex128).ravel()]
    else:
        vals = [f"{v:.17g}" for v in r.astype(np.float64).ravel()]
    return f"{name} {shape} " + " ".join(vals)


def main():
    out = ["# NumPy 2's results for cupp::array's ufuncs and reductions, written by "
           "scripts/gen_array_fixtures.py"]
    for op in BINARY:
        f = getattr(np, op)
        for x in DTYPES:
            for y in DTYPES:
                if "bfloat16" in {x, y} and NO_COMMON.intersection({x, y}):
                    out.append(f"binary {op} {x} {y} error NoCommonDType")
                    continue
                out.append(f"binary {op} {x} {y} " +
                           result(lambda: f(inputs(x)[0], inputs(y)[1])))
        for x in DTYPES:
            for k, s in SCALARS.items():
                out.append(f"scalar {op} {x} {k} l " + result(lambda: f(inputs(x)[0], s)))
                out.append(f"scalar {op} {x} {k} r " + result(lambda: f(s, inputs(x)[0])))
    for op in UNARY:
        f = getattr(np, op)
        for x in DTYPES:
            out.append(f"unary {op} {x} " + result(lambda: f(inputs(x)[0])))
    for name in REDUCE:
        f = getattr(np, name)
        for x in DTYPES:
            for axis in (None, 0, 1):
                tag = "n" if axis is None else str(axis)
                out.append(f"reduce {name} {x} {tag} " +
                           result(lambda: f(inputs(x)[0], axis=axis)))
    path = pathlib.Path(__file__).resolve().parent.parent / "test/fixtures/array_ops.txt"
    path.write_text("\n".join(out) + "\n")
    print(f"{path}: {len(out) - 1} lines")


if __name__ == "__main__":
    main()
