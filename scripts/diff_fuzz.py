#!/usr/bin/env python3
"""Differential fuzzing of cupp against NumPy: random small programs over arrays of random dtypes,
shapes and values, run by NumPy here and by cupp's runtime-dtype array in test/fuzz/diff_numpy.cpp,
compared step by step (dtype, shape, values with per-dtype tolerances, or the error's class).

    scripts/diff_fuzz.py --binary BUILD/test/diff_numpy [--seeds 0:200] [--steps 8] [--keep DIR]
    scripts/diff_fuzz.py --binary ... --forever        new seeds until interrupted

Each program: 1 to 3 inputs (bool, integers, float16, float32, float64, complex64, complex128;
bfloat16 with ml_dtypes) of 0 to 3 dimensions with lengths 0, 1, 2, 3 or 5, broadcastable against
each other, values drawn with NaN, +-0, +-inf, subnormals and integer extremes; then steps drawn
from the ufuncs (with arrays and with weak Python scalars), the reductions over an axis or all,
the shape functions (views with negative strides, transposes, broadcasts, reshapes, joins),
sorting (sort, stable argsort, unique), indexing (integers, slices, take, masks; writes through
slices, integer lists and masks), numpy.fft's transforms (n/axis/s/axes/norm) and numpy.linalg
(matmul, dot, inv, solve, det, norm) on fresh finite or well-conditioned inputs, and
numpy.random.Generator's integers, random, uniform, normal, permutation, permuted and choice
(checked for dtype, shape, error and what their values must satisfy: scripts/diff_fuzz_random.py).
A mismatch prints the program cut to the steps the failing one depends on, and the exit status is
1. Known, documented differences are skipped (known() below).
"""
import argparse
import itertools
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import warnings

import numpy as np

from diff_fuzz_random import RANDOM_OPS, random_known, random_numpy, random_property, random_step

try:
    import ml_dtypes
except ImportError:
    ml_dtypes = None
# ml_dtypes before 0.7 promotes bfloat16 with a Python float to float32 (not NEP 50) and does not
# sort NaN last; cupp follows NumPy's rules for every float dtype (docs/dtypes.md)
OLD_ML_DTYPES = ml_dtypes is not None and tuple(
    int(p) for p in ml_dtypes.__version__.split(".")[:2]) < (0, 7)

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "float32", "float64", "complex64", "complex128"]
BINARY = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "power",
          "maximum", "minimum", "equal", "not_equal", "less", "less_equal", "greater",
          "greater_equal", "logical_and", "logical_or", "logical_xor", "bitwise_and",
          "bitwise_or", "bitwise_xor", "left_shift", "right_shift"]
UNARY = ["negative", "positive", "absolute", "invert", "logical_not", "ravel", "flatten"]
# a sample of each math family: exponentials and logarithms, trigonometric and hyperbolic,
# rounding, powers, predicates
MATH = ["sqrt", "exp", "log", "sin", "tanh", "arctan", "expm1", "log1p", "rint", "sign", "square",
        "reciprocal", "isnan", "isfinite", "floor", "trunc", "cbrt", "signbit"]
# correctly rounded (or exact) in both libraries for real input; the others' results are compared
# within the dtype's tolerance, and the steps that use them are run, not compared
MATH_EXACT = ["sqrt", "rint", "sign", "square", "reciprocal", "isnan", "isfinite", "floor", "trunc",
              "signbit"]
REDUCE = ["sum", "prod", "max", "min", "ptp", "mean", "var", "std", "any", "all",
          "count_nonzero", "argmax", "argmin", "cumsum", "cumprod"]
SORT_OPS = ["sort", "argsort", "unique"]
INDEX_OPS = ["getitem", "getslice", "take", "mask", "setslice", "setitems", "setmask"]
FFT1 = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]  # n=, axis=
FFTN = ["fftn", "ifftn", "rfftn", "irfftn"]  # s=, axes=
LINALG_OPS = ["matmul", "dot", "inv", "solve", "det", "norm"]
# the steps that move values without computing new ones (a reduction's rounding goes with them)
MOVES = ["transpose", "flip", "reshape", "broadcast_to", "squeeze", "expand_dims", "swapaxes",
         "concatenate", "stack", "ravel", "flatten", "sort", "getitem", "getslice", "take",
         "setslice", "setitems", "negative", "positive", "astype"]  # (not masks, unique: which
# values they keep depends on the last bits)
SHAPE_OPS = ["transpose", "flip", "reshape", "broadcast_to", "squeeze", "expand_dims",
             "swapaxes", "astype", "concatenate", "stack"]
TOL = {"float16": 2e-3, "bfloat16": 2e-2, "float32": 2e-5, "complex64": 2e-5}


def dtype_of(name):
    if name == "bfloat16":
        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(name)


def name_of(dt):
    return "bfloat16" if ml_dtypes is not None and dt == np.dtype(ml_dtypes.bfloat16) else str(dt)


def values(rng, name, shape):
    """An array of the dtype with the edge values of its kind mixed in."""
    n = int(np.prod(shape)) if shape else 1
    dt = dtype_of(name)
    if name == "bool":
        v = np.array([rng.random() < 0.5 for _ in range(n)])
    elif dt.kind in "iu":
        info = np.iinfo(dt)
        edge = [0, 1, 2, 3, 5, 7, int(info.max), int(info.min), int(info.max) - 1]
        small = range(-9, 10) if dt.kind == "i" else range(0, 10)
        v = np.array([rng.choice(edge) if rng.random() < 0.3 else rng.choice(small)
                      for _ in range(n)], dtype=dt)
    else:
        real = np.float32 if dt in (np.dtype("float16"), np.dtype("complex64")) or name == "bfloat16" else np.float64
        edge = [np.nan, 0.0, -0.0, np.inf, -np.inf, 1e-310 if real == np.float64 else 1e-40, 1.5, -2.25]
        def one():
            return rng.choice(edge) if rng.random() < 0.3 else round(rng.uniform(-8, 8), 3)
        if dt.kind == "c":
            v = np.array([complex(one(), one()) for _ in range(n)]).astype(dt)
        else:
            v = np.array([one() for _ in range(n)]).astype(real).astype(dt)
    return v.reshape(shape)


def broadcastable(rng, shape):
    """A shape that broadcasts against `shape`: leading axes dropped, some lengths set to 1."""
    k = rng.randint(0, len(shape))
    return tuple(1 if rng.random() < 0.3 else s for s in shape[k:])


def scalar(rng):
    kind = rng.choice("bifc")
    if kind == "b":
        v = rng.random() < 0.5
        return f"b:{int(v)}", v
    if kind == "i":
        v = rng.choice([0, 1, 2, 3, -1, 7, 300, -129])
        return f"i:{v}", v
    if kind == "f":
        v = rng.choice([0.5, 2.5, -1.0, 0.0, float("inf"), float("nan")])
        return f"f:{v!r}", v
    re, im = rng.choice([(1.5, -2.0), (0.0, 1.0), (2.0, 0.0)])
    return f"c:{re!r},{im!r}", complex(re, im)


def numpy_step(op, args, kw):
    """NumPy's result of one step (errors propagate)."""
    with np.errstate(all="ignore"):
        if op in RANDOM_OPS:
            return random_numpy(op, args, kw)
        if op in BINARY:
            return np.asarray(getattr(np, op)(args[0], args[1]))
        if op in ("negative", "positive", "absolute", "invert", "logical_not") or op in MATH:
            return np.asarray(getattr(np, op)(args[0]))
        if op in ("ravel", "flatten"):
            return np.ravel(args[0]) if op == "ravel" else args[0].flatten()
        a = args[0]
        if op in FFT1:
            n = int_list(kw.get("n"))
            return getattr(np.fft, op)(a, n=n and n[0], axis=int(kw["axis"]), norm=kw["norm"])
        if op in FFTN:
            return getattr(np.fft, op)(a, s=int_list(kw.get("s")), axes=int_list(kw.get("axes")),
                                       norm=kw["norm"])
        if op in ("matmul", "dot", "solve"):
            return getattr(np.linalg if op == "solve" else np, op)(a, args[1])
        if op in ("inv", "det"):
            return getattr(np.linalg, op)(a)
        if op == "norm":
            o = kw.get("ord", "none")
            o = None if o == "none" else o if o in ("fro", "nuc") else float(o)
            ax = int_list(kw.get("axis"))
            return np.linalg.norm(a, ord=o, axis=None if ax is None else tuple(ax))
        axis = kw.get("axis")
        axis = None if axis in (None, "none") else int(axis)
        if op in REDUCE:
            extra = {}
            if op in ("var", "std"):
                extra["ddof"] = int(kw.get("ddof", 0))
            if op in ("cumsum", "cumprod"):
                return getattr(np, op)(a, axis=axis)
            keep = kw.get("keepdims") == "1"
            return np.asarray(getattr(np, op)(a, axis=axis, keepdims=keep, **extra))
        if op == "transpose":
            return a.T
        if op == "flip":
            return np.flip(a, axis)
        if op == "reshape":
            return a.reshape(tuple(int(x) for x in kw["shape"].split(",") if x))
        if op == "broadcast_to":
            return np.broadcast_to(a, tuple(int(x) for x in kw["shape"].split(",") if x))
        if op == "squeeze":
            return np.squeeze(a, axis)
        if op == "expand_dims":
            return np.expand_dims(a, int(kw["axis"]))
        if op == "swapaxes":
            return np.swapaxes(a, int(kw["axis1"]), int(kw["axis2"]))
        if op == "astype":
            return a.astype(dtype_of(kw["dtype"]))
        if op in ("concatenate", "stack"):
            return getattr(np, op)(args, axis=int(kw["axis"]))
        if op == "sort":
            return np.sort(a, axis=axis)
        if op == "argsort":
            return np.argsort(a, axis=axis, kind="stable")  # cupp's argsort is always stable
        if op == "unique":
            return np.unique(a)
        lead = (slice(None),) * (axis % a.ndim if axis is not None else 0)
        if op == "getitem":
            return a[lead + (int(kw["index"]),)]
        if op == "getslice":
            return a[lead + (parse_slice(kw["slice"]),)]
        if op == "take":
            return np.take(a, int_list(kw["indices"]), axis=axis)
        if op == "mask":
            return a[args[1].astype(bool)]
        if op in ("setslice", "setitems", "setmask"):
            y = a.copy()
            if op == "setmask":
                y[args[1].astype(bool)] = args[2]
            else:
                index = parse_slice(kw["slice"]) if op == "setslice" else int_list(kw["indices"])
                y[lead + (index,)] = args[1]
            return y
    raise ValueError(op)


def int_list(text):
    """'0,-1,4' as a list; None for 'none' or no keyword."""
    return None if text in (None, "none") else [int(x) for x in text.split(",")]


def parse_slice(text):
    return slice(*(None if p == "none" else int(p) for p in text.split(":")))


def slice_text(rng, n):
    """A slice over an axis of length n, bounds inside and outside it, steps of either sign."""
    bound = lambda: "none" if rng.random() < 0.3 else str(rng.randint(-n - 2, n + 2))
    return ":".join([bound(), bound(), rng.choice(["none", "1", "2", "-1", "-2", "3"])])


# Steps the generator leaves out: where cupp differs from NumPy on purpose (docs), and the open
# bugs the fuzzer found that are not fixed yet (each to be removed with its fix).
def known(op, args, kw):
    if op in RANDOM_OPS:
        return random_known(op, args, kw)
    kw_dtype = kw.get("dtype")
    names = [name_of(a.dtype) for a in args if isinstance(a, np.ndarray)]
    if op in BINARY + ["concatenate", "stack"] and "bfloat16" in names and len(set(names)) > 1:
        return True  # on purpose: bfloat16's promotion follows ml_dtypes 0.4 (docs/dtypes.md)
    if OLD_ML_DTYPES and "bfloat16" in names and (
            op in SORT_OPS or any(isinstance(a, (float, complex)) for a in args)):
        return True  # on purpose: see OLD_ML_DTYPES
    if op == "astype" and names == ["bfloat16"] and dtype_of(kw_dtype).kind in "iu":
        return True  # on purpose: NaN/inf/out-of-range bfloat16 to integers (docs/dtypes.md)
    if op == "astype" and dtype_of(kw_dtype) == np.uint32 and names and \
            dtype_of(names[0]).kind in "fc" and not in_range(args[0].real, -2.0**31, 2.0**32):
        return True  # on purpose: NumPy's own float -> uint32 differs by layout (docs/dtypes.md)
    if op == "unique" and names and np.isnan(args[0].astype(np.complex128)).sum() > 1 and \
            dtype_of(names[0]).kind in "cV":
        return True  # on purpose: which of several complex NaNs unique keeps; ml_dtypes' NaNs
        # stay distinct (docs/dtypes.md)
    if op == "norm" and names in (["float16"], ["bfloat16"]):
        return True  # on purpose: float16 does not compile in cupp::linalg (NumPy's norm takes
        # it; its inv, solve, det raise TypeError, as the interpreter does; docs/dtypes.md)
    if op in ("rfft", "ihfft", "rfftn") and names and dtype_of(names[0]).kind == "c":
        return True  # a compile-time error in C++ (static_assert; NumPy's TypeError)
    if op == "irfftn" and names in (["float16"], ["bfloat16"]) and (
            args[0].ndim == 1 if kw["axes"] == "none" else len(int_list(kw["axes"])) == 1):
        return True  # on purpose: irfftn of float16 over one axis is float32 (docs/fft.md)
    if op in ("irfft", "hfft", "irfftn") and args[0].ndim and args[0].shape[
            int(kw["axis"]) if op != "irfftn" else
            -1 if kw["axes"] == "none" else int_list(kw["axes"])[-1]] == 0:
        return True  # NumPy's bug (2.4): its complex-to-real transform of an empty axis padded
        # with zeros reads memory it never wrote (np.fft.irfft(np.zeros(0), 8)); cupp's are 0
    if op in ("cumsum", "cumprod") and names in (["float16"], ["bfloat16"]):
        return True  # on purpose: accumulated in float32, each result rounded once; NumPy rounds
        # every step to 16 bits (its sums drift, its products reach inf sooner; docs/dtypes.md)
    if op == "signbit" and names and dtype_of(names[0]).kind != "c" and inexact(
            dtype_of(names[0])) and np.isnan(args[0].astype(np.float64)).any():
        return True  # the sign of a NaN is not defined: NumPy on x86 makes -nan where a GPU
        # makes +nan (inf - inf, 0 * inf), and which NaN a reduction keeps is its own
    if op in ("max", "min", "ptp") and names and dtype_of(names[0]).kind == "c" and \
            not args[0].flags.c_contiguous and np.isnan(args[0]).sum() > 1:
        return True  # on purpose: which complex NaN element max and min keep (NumPy: the first
        # in memory order; cupp: in index order; docs/dtypes.md)
    if op == "reciprocal" and names and dtype_of(names[0]).kind in "iub" and not np.all(args[0]):
        return True  # NumPy's integer reciprocal of 0 is C's division by zero (undefined)
    if op == "setitems":
        n = args[0].shape[int(kw["axis"])]
        idx = [i % n for i in int_list(kw["indices"]) if -n <= i < n]
        if len(set(idx)) < len(idx):
            return True  # on purpose: which write of a repeated index wins (docs/indexing.md)
        k = int(kw["axis"]) % args[0].ndim
        target = args[0].shape[:k] + (len(idx),) + args[0].shape[k + 1:]
        if args[1].size == 0 and not broadcasts(args[1].shape, target):
            return True  # on purpose: NumPy's integer-array write of an empty value that does not
            # broadcast to an empty selection passes; cupp raises as NumPy's slices do
            # (docs/indexing.md)
    return False


def broadcasts(shape, target):
    try:
        np.broadcast_shapes(shape, target)
        return len(shape) <= len(target) or all(d == 1 for d in shape[:len(shape) - len(target)])
    except ValueError:
        return False


def in_range(a, lo, hi):
    x = np.asarray(a).astype(np.float64)
    return bool(np.all(np.isfinite(x) & (x >= lo) & (x < hi)))


def signed_zeros(a):
    """Whether a holds both -0.0 and +0.0: equal keys, whose order after NumPy's sort (not stable)
    is its own; the sorted values are compared, the steps that use them are run, not compared."""
    if not inexact(a.dtype) or a.size == 0:
        return False
    x = np.asarray(a).astype(np.complex128).ravel()
    parts = np.concatenate([x.real, x.imag]) if a.dtype.kind == "c" else x.real
    zeros = parts[parts == 0]
    return bool(np.signbit(zeros).any() and not np.signbit(zeros).all())


def inexact(dt):
    return dt.kind in "fc" or name_of(dt) == "bfloat16"  # ml_dtypes' kind is 'V'


def tol_of(dt):
    """The relative tolerance of a value computed in dtype dt (0: exact)."""
    return TOL.get(name_of(dt), 1e-12) if inexact(dt) else 0.0


def order_dependent(op, args):
    """Complex products with an infinite part: which parts come out NaN depends on the order of the
    multiplications (NumPy left to right, cupp in a tree; docs/dtypes.md)."""
    return op in ("prod", "cumprod") and any(
        isinstance(a, np.ndarray) and a.dtype.kind == "c" and np.isinf(a).any() for a in args)


def generate(rng, steps):
    """(inputs {var: array}, program lines, NumPy's outcome per step)."""
    kinds = DTYPES + (["bfloat16"] if ml_dtypes is not None else [])
    base = tuple(rng.choice([0, 1, 2, 3, 5]) for _ in range(rng.randint(0, 3)))
    # per variable: the ulps a sum may lose (scale), the loosest tolerance of the dtypes it was
    # computed through (a float32 variance widened to float64 keeps float32's), and whether its
    # NaN/inf pattern depends on the order of operations (then only finiteness is compared, and
    # the steps that use it are run but not compared)
    env, lines, outcome, checks = {}, [], {}, {}
    for i in range(rng.randint(1, 3)):
        shape = base if i == 0 else broadcastable(rng, base)
        name = f"x{i}"
        env[name] = values(rng, rng.choice(kinds), shape)
        # ml_dtypes' bfloat16 files name no dtype ('<V2'): the interpreter is told
        bf16 = " dtype=bfloat16" if name_of(env[name].dtype) == "bfloat16" else ""
        lines.append(f"{name} = load {name}.npy{bf16}")
        checks[name] = {"scale": 0.0, "tol": tol_of(env[name].dtype), "order": False, "skip": False,
                        "approx": False}
    inputs = dict(env)

    def fresh(name, a):
        """A new input of the program, loaded where a step needs it."""
        inputs[name] = env[name] = a
        lines.append(f"{name} = load {name}.npy")
        checks[name] = {"scale": 0.0, "tol": tol_of(a.dtype), "order": False, "skip": False,
                        "approx": False}
        return name

    for s in range(steps):
        var = f"v{s}"
        family = rng.choice(["binary", "binary", "scalar", "unary", "math", "reduce", "shape",
                             "sort", "index", "index", "fft", "linalg", "random"])
        names = list(env)
        a = rng.choice(names)
        kw, words, args = {}, [], []
        if family in ("binary", "scalar"):
            op = rng.choice(BINARY)
            if family == "binary":
                b = rng.choice(names)
                words, args = [a, b], [env[a], env[b]]
            else:
                text, value = scalar(rng)
                if rng.random() < 0.5:
                    words, args = [a, text], [env[a], value]
                else:
                    words, args = [text, a], [value, env[a]]
        elif family in ("unary", "math"):
            op = rng.choice(UNARY if family == "unary" else MATH)
            words, args = [a], [env[a]]
        elif family == "reduce":
            op = rng.choice(REDUCE)
            nd = env[a].ndim
            kw["axis"] = "none" if nd == 0 or rng.random() < 0.3 else str(rng.randint(-nd, nd - 1))
            if op not in ("cumsum", "cumprod") and rng.random() < 0.3:
                kw["keepdims"] = "1"
            if op in ("var", "std") and rng.random() < 0.3:
                kw["ddof"] = "1"
            words, args = [a], [env[a]]
        elif family == "sort":
            op = rng.choice(SORT_OPS)
            nd = env[a].ndim
            if op != "unique":
                kw["axis"] = "none" if nd == 0 or rng.random() < 0.3 else str(rng.randint(-nd, nd - 1))
            words, args = [a], [env[a]]
        elif family == "index" and env[a].ndim > 0:
            op = rng.choice(INDEX_OPS)
            x = env[a]
            nd = x.ndim
            ax = rng.randint(-nd, nd - 1)
            if op == "setitems" and ax % nd > 4:  # the interpreter's are along the first 5 axes
                continue
            n = x.shape[ax]
            words, args = [a], [x]
            if op in ("getitem", "getslice", "take", "setslice", "setitems"):
                kw["axis"] = str(ax)
            if op == "getitem":
                kw["index"] = str(rng.randint(-n - 1, n))  # out of bounds now and then
            elif op in ("getslice", "setslice"):
                kw["slice"] = slice_text(rng, n)
            elif op == "take":
                kw["indices"] = ",".join(str(rng.randint(-n - 1, n)) for _ in range(rng.randint(1, 4)))
            if op == "setitems":  # in range mostly (any index out of it raises)
                pick = lambda: rng.randint(-n, n - 1) if n and rng.random() < 0.9 else \
                    rng.choice([n, -n - 1])
                kw["indices"] = ",".join(str(pick()) for _ in range(rng.randint(1, 3)))
            if op in ("mask", "setslice", "setmask"):
                same = [m for m in names if env[m].shape == x.shape]
                b = rng.choice(same if op in ("mask", "setmask") or rng.random() < 0.3 else names)
                words, args = [a, b], [x, env[b]]
            if op in ("setitems", "setmask"):  # the value: mostly one that fits the selection
                if op == "setitems":
                    k = ax % nd
                    target = x.shape[:k] + (len(int_list(kw["indices"])),) + x.shape[k + 1:]
                else:
                    target = (int(np.count_nonzero(env[b])),)
                if rng.random() < 0.7:
                    c = fresh(f"w{s}", values(rng, rng.choice(DTYPES), broadcastable(rng, target)))
                else:
                    c = rng.choice(names)
                words, args = words + [c], args + [env[c]]
            if op in ("setslice", "setitems", "setmask") and \
                    known("astype", [args[-1]], {"dtype": name_of(x.dtype)}):
                continue
        elif family == "index":  # a 0-d array: no axis to index
            continue
        elif family == "fft":
            op, words, args = fft_step(rng, s, env, fresh, kw)
        elif family == "linalg":
            op, words, args = linalg_step(rng, s, env, fresh, kw)
        elif family == "random":
            op, words = random_step(rng, inputs, kw)
            args = [env[w] for w in words]
        else:
            op = rng.choice(SHAPE_OPS)
            x = env[a]
            nd = x.ndim
            words, args = [a], [x]
            if op == "flip":
                kw["axis"] = "none" if nd == 0 or rng.random() < 0.3 else str(rng.randint(-nd, nd - 1))
            elif op == "reshape":
                kw["shape"] = ",".join(str(d) for d in (x.shape[::-1] if rng.random() < 0.5 else (x.size,)))
            elif op == "broadcast_to":
                kw["shape"] = ",".join(str(d) for d in ((2,) + x.shape))
            elif op == "squeeze":
                ones = [i for i, d in enumerate(x.shape) if d == 1]
                kw["axis"] = str(rng.choice(ones)) if ones and rng.random() < 0.7 else "none"
            elif op == "expand_dims":
                kw["axis"] = str(rng.randint(0, nd))
            elif op == "swapaxes":
                if nd == 0:
                    op = "transpose"
                else:
                    kw["axis1"], kw["axis2"] = str(rng.randint(0, nd - 1)), str(rng.randint(0, nd - 1))
            elif op == "astype":
                kw["dtype"] = rng.choice(kinds)
            elif op in ("concatenate", "stack"):
                same = [n for n in names if env[n].shape == x.shape]
                words = [a, rng.choice(same)]
                args = [env[w] for w in words]
                kw["axis"] = str(rng.randint(0, max(0, nd - 1)) if op == "concatenate" else rng.randint(0, nd))
                if op == "concatenate" and nd == 0:
                    op = "stack"
        if known(op, args, kw):
            continue
        lines.append(" ".join([var, "=", op] + words + [f"{k}={v}" for k, v in kw.items()]))
        try:
            r = np.asarray(numpy_step(op, args, kw))  # NumPy gives scalars for some 0-d cases
            outcome[var] = r
            if op not in RANDOM_OPS:  # a random result is no step's operand (diff_fuzz_random.py)
                env[var] = r
            used = [checks[w] for w in words if w in checks]
            checks[var] = {
                # a float reduction's rounding, carried by the steps that move its values
                "scale": magnitude(args[0]) if op in REDUCE and r.dtype.kind in "fc" else
                max([c["scale"] for c in used] + [0.0]) if op in MOVES else 0.0,
                "atol": atol_of(op, args, r),
                "tol": max([tol_of(r.dtype)] + [c["tol"] for c in used if inexact(r.dtype)]),
                "order": order_dependent(op, args),
                # a random result is checked by its property; its values are cupp's own
                "property": random_property(op, args, kw) if op in RANDOM_OPS else None,
                # FFT and linalg results are not bit-equal: the steps that use them would turn
                # their roundoff into different comparisons, integers or NaN (compared: the
                # dtype, the shape, the error)
                "approx": r.dtype.kind in "fc" and op in FFT1 + FFTN + LINALG_OPS or
                op in ("sort", "unique") and signed_zeros(args[0]) or
                inexact(r.dtype) and op in MATH and (
                    op not in MATH_EXACT or args[0].dtype.kind == "c") or
                any(c["approx"] for c in used),
                # other steps of a float reduction's result (remainder, comparisons, casts to
                # integers) turn its last-bit rounding into different values
                "skip": any(c["order"] or c["skip"] or c["approx"] for c in used) or
                any(c["scale"] for c in used) and (op not in MOVES or not inexact(r.dtype)),
            }
        except Exception as e:  # NumPy's error class is the expected outcome
            outcome[var] = e
    return inputs, lines, outcome, checks


def atol_of(op, args, r):
    """The absolute tolerance of the FFT's and linalg's results, from the roundoff of their sums
    (0: the per-dtype tolerance alone)."""
    if r.dtype.kind not in "fc" or r.size == 0:
        return 0.0
    eps = float(np.finfo(r.real.dtype if r.dtype != np.float16 else np.float32).eps)
    big = lambda x: float(np.abs(x.astype(np.complex128)).max()) if x.size else 0.0
    if op in FFT1 + FFTN:  # ~ eps log2(N) max|x| N for a transform of length N (N >= any axis's)
        n = max(args[0].size, r.size, 2)
        return 4 * eps * (1 + np.log2(n)) * n * big(args[0])
    if op in ("matmul", "dot"):  # k products summed
        k = args[0].shape[-1] if args[0].ndim else 1
        e = float(np.finfo(np.float16).eps) if r.dtype == np.float16 else eps
        return 4 * e * max(k, 1) * big(args[0]) * big(args[1])
    if op in ("inv", "solve", "det"):  # well-conditioned: a few ulps of the largest result
        return 64 * eps * args[0].shape[-1] * big(r)
    if op == "norm":
        return 16 * eps * magnitude(args[0])
    return 0.0


def finite(rng, name, shape, lo=-4.0, hi=4.0):
    """An array of the dtype without NaN or inf (integers as values() draws them)."""
    dt = np.dtype(name)
    if dt.kind in "biu":
        return values(rng, name, shape)
    n = int(np.prod(shape))
    one = lambda: round(rng.uniform(lo, hi), 3)
    v = [complex(one(), one()) if dt.kind == "c" else one() for _ in range(n)]
    return np.array(v).astype(dt).reshape(shape)


def fft_step(rng, s, env, fresh, kw):
    """A transform of numpy.fft of a finite variable or a fresh array: (op, words, args)."""
    op = rng.choice(FFT1 + FFTN)
    ok = [m for m, x in env.items() if x.ndim > 0 and name_of(x.dtype) != "bfloat16" and
          in_range(x.real if x.dtype.kind == "c" else x, -1e20, 1e20) and
          (x.dtype.kind != "c" or in_range(x.imag, -1e20, 1e20))]
    if ok and rng.random() < 0.5:
        a = rng.choice(ok)
    else:
        shape = tuple(rng.choice([1, 2, 3, 4, 5, 8]) for _ in range(rng.randint(1, 3)))
        a = fresh(f"f{s}", finite(rng, rng.choice(DTYPES), shape))
    nd = env[a].ndim
    length = lambda: str(rng.choice([1, 2, 3, 4, 5, 7, 8]) if rng.random() < 0.95 else 0)
    if op in FFT1:
        kw["axis"] = str(rng.randint(-nd, nd - 1))
        kw["n"] = "none" if rng.random() < 0.6 else length()
    elif rng.random() < 0.3:
        kw["axes"] = kw["s"] = "none"
    else:
        axes = rng.sample(range(nd), rng.randint(1, nd))
        kw["axes"] = ",".join(str(x - nd if rng.random() < 0.5 else x) for x in axes)
        kw["s"] = "none" if rng.random() < 0.6 else ",".join(length() for _ in axes)
    kw["norm"] = rng.choice(["backward", "ortho", "forward"])
    return op, [a], [env[a]]


def square(rng, singular):
    """A stack of well-conditioned square matrices (random + n I, diagonally dominant) of a
    dtype numpy.linalg computes in or converts; `singular`: one of them with a zero row."""
    dt = rng.choice(["float32", "float64", "complex64", "complex128", "float64", "int32",
                     "int64", "uint8", "float16"])
    n = rng.choice([0, 1, 2, 3, 4]) if rng.random() < 0.1 else rng.choice([1, 2, 3, 4])
    batch = rng.choice([(), (), (2,), (1, 3)])
    if np.dtype(dt).kind in "iu":
        m = np.array([rng.randint(0, 2) for _ in range(int(np.prod(batch + (n, n))))])
        m = m.reshape(batch + (n, n)) + 3 * n * np.eye(n, dtype=int)
    else:
        m = finite(rng, dt, batch + (n, n), -1.0, 1.0) + n * np.eye(n)
    m = m.astype(dt)
    if singular and n:
        m.reshape((-1, n, n))[rng.randrange(m.size // (n * n))][rng.randrange(n)] = 0
    return m


def linalg_step(rng, s, env, fresh, kw):
    """A step of numpy.linalg on fresh inputs: (op, words, args)."""
    op = rng.choice(LINALG_OPS)
    if op in ("matmul", "dot"):
        k = rng.choice([0, 1, 2, 3, 4]) if rng.random() < 0.1 else rng.choice([1, 2, 3, 4])
        m, n, b = rng.choice([1, 2, 3]), rng.choice([1, 2, 3]), rng.choice([2, 3])
        cases = [((k,), (k,)), ((m, k), (k,)), ((k,), (k, n)), ((m, k), (k, n))]
        if op == "matmul":
            cases += [((b, m, k), (k, n)), ((b, m, k), (1, k, n)), ((m, k), (b, k, n)),
                      ((1, b, m, k), (b, 1, k, n)), ((b, m, k), (b,))]
        sa, sb = rng.choice(cases)
        if rng.random() < 0.1:  # the operands do not fit
            sb = sb[:-2] + (k + 1,) + sb[-1:] if len(sb) > 1 else (k + 1,)
        da = rng.choice(DTYPES)
        db = da if rng.random() < 0.6 else rng.choice(DTYPES)
        words = [fresh(f"l{s}a", finite(rng, da, sa)), fresh(f"l{s}b", finite(rng, db, sb))]
    elif op in ("inv", "det", "solve"):
        a = square(rng, rng.random() < 0.15)
        words = [fresh(f"l{s}a", a)]
        if op == "solve":
            n, batch = a.shape[-1], a.shape[:-2]
            if rng.random() < 0.1:
                n += 1
            sb = rng.choice([(n,), batch + (n, rng.choice([1, 2, 3])), (n, 1)])
            kinds = [d for d in DTYPES if d not in ("bool", "float16")]
            words.append(fresh(f"l{s}b", finite(rng, rng.choice(kinds), sb)))
    else:  # norm: of vectors or matrices, every ord
        nd = rng.choice([1, 2, 2, 3])
        shape = tuple(rng.choice([1, 2, 3, 4]) for _ in range(nd))
        words = [fresh(f"l{s}a", finite(rng, rng.choice(DTYPES), shape))]
        vector = ["none", "1", "2", "inf", "-inf", "0", "3", "-1", "-2", "fro"]
        matrix = ["none", "fro", "nuc", "1", "-1", "2", "-2", "inf", "-inf", "3"]
        if nd == 1 or rng.random() < 0.3:
            kw["axis"] = "none" if nd == 1 and rng.random() < 0.5 else str(rng.randint(-nd, nd - 1))
            kw["ord"] = rng.choice(vector)
        else:
            kw["axis"] = "none" if nd == 2 and rng.random() < 0.5 else \
                ",".join(str(x) for x in rng.sample(range(nd), 2))
            kw["ord"] = rng.choice(matrix)
    return op, words, [env[w] for w in words]


def magnitude(a):
    """The sum of |x| over the finite elements: a sum's rounding error is a few ulps of it (a mean
    of int64 extremes cancels to a value far below it)."""
    x = np.asarray(a).astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    return float(np.abs(np.where(np.isfinite(x), x, 0)).sum())


def load_result(path):
    r = np.load(path)
    if r.dtype == np.dtype("V2") and ml_dtypes is not None:
        r = r.view(ml_dtypes.bfloat16)
    return r


def same_values(got, want, check):
    if got.shape != want.shape:
        return False
    if want.dtype.kind in "biu":
        return np.array_equal(got, want)
    tol, scale = check["tol"], check["scale"]
    atol = max(tol, 8 * float(np.finfo(np.float32 if tol > 1e-12 else np.float64).eps) * scale,
               check.get("atol", 0.0))
    g = got.astype(np.complex128) if want.dtype.kind == "c" else got.astype(np.float64)
    w = want.astype(g.dtype)
    if check["order"]:
        finite = np.isfinite(w)
        return np.array_equal(np.isfinite(g), finite) and np.allclose(
            g[finite], w[finite], rtol=tol, atol=atol)
    parts = [(g.real, w.real), (g.imag, w.imag)] if want.dtype.kind == "c" else [(g, w)]
    for x, y in parts:
        if not np.array_equal(np.isnan(x), np.isnan(y)):
            return False
        finite = np.isfinite(y)
        if not np.array_equal(x[~finite & ~np.isnan(y)], y[~finite & ~np.isnan(y)]):
            return False
        if not np.allclose(x[finite], y[finite], rtol=tol, atol=atol):
            return False
    return True


def compare(d, outcome, checks):
    """The first mismatching step's variable and what differs, or None."""
    errors = {}
    if (d / "errors.txt").exists():
        for line in (d / "errors.txt").read_text().splitlines():
            var, _, cls = line.split()
            errors[var] = cls
    for var, want in outcome.items():
        ran = var in errors or (d / f"{var}.npy").exists()  # not when an operand failed
        if isinstance(want, Exception):
            if not ran:
                continue  # its operand's failure was compared (or not, where values are not)
            if var not in errors:
                return var, f"NumPy raised {type(want).__name__}: {want}; cupp did not"
            import builtins
            cls = np.linalg.LinAlgError if errors[var] == "LinAlgError" else getattr(
                builtins, errors[var], Exception)
            if not isinstance(want, cls):
                return var, f"NumPy raised {type(want).__name__}, cupp {errors[var]}"
            continue
        if var in errors and not checks[var]["skip"]:  # (a mask of values not compared may
            # select another count)
            return var, f"cupp raised {errors[var]}, NumPy gave {name_of(want.dtype)} {want.shape}"
        if var in errors or not ran and checks[var]["skip"]:
            continue
        got = load_result(d / f"{var}.npy")
        if name_of(got.dtype) != name_of(want.dtype):
            return var, f"dtype {name_of(got.dtype)}, NumPy {name_of(want.dtype)}"
        if checks[var]["skip"]:
            continue
        if checks[var].get("property"):
            if got.shape != want.shape or not checks[var]["property"](got):
                return var, f"shape {got.shape} (NumPy {want.shape}) or values wrong:\n  cupp  {got!r}"
            continue
        if not same_values(got, want, checks[var]):
            return var, f"values differ:\n  cupp  {got!r}\n  NumPy {want!r}"
    return None


def minimised(lines, var):
    """The program's lines the step `var` depends on."""
    need, keep = {var}, []
    for line in reversed(lines):
        words = line.split()
        if words[0] in need:
            keep.append(line)
            need.update(w for w in words[3:] if "=" not in w and ":" not in w)
    return "\n".join(reversed(keep))


def run_batch(binary, seeds, steps, keep):
    """Runs the programs of `seeds` in one diff_numpy process (a process's start, the device's
    context on the GPU, costs more than a program); (seed, what, lines, var) per program."""
    programs = []
    for seed in seeds:
        inputs, lines, outcome, checks = generate(random.Random(seed), steps)
        d = pathlib.Path(tempfile.mkdtemp(prefix=f"diff_fuzz_{seed}_", dir=keep))
        for name, a in inputs.items():
            np.save(d / f"{name}.npy", a)
        (d / "program.txt").write_text("\n".join(lines) + "\n")
        programs.append((seed, d, lines, outcome, checks))
    try:
        p = subprocess.run([binary] + [str(q[1]) for q in programs], capture_output=True,
                           text=True, timeout=120 + 2 * len(programs))
        if p.returncode != 0:
            if len(programs) > 1:  # which program stopped it: run them one by one
                return [r for s in seeds for r in run_batch(binary, [s], steps, keep)]
            return [(seeds[0], f"diff_numpy failed ({p.returncode}): {p.stderr.strip()}",
                     programs[0][2], None)]
        results = []
        for seed, d, lines, outcome, checks in programs:
            bad = compare(d, outcome, checks)
            results.append((seed, bad[1] if bad else None, lines, bad[0] if bad else None))
        return results
    finally:
        if keep is None:
            for q in programs:
                shutil.rmtree(q[1], ignore_errors=True)


def main():
    if int(np.__version__.split(".")[0]) < 2:
        print(f"diff_fuzz: needs NumPy 2 (NEP 50's promotion), found {np.__version__}: not run")
        return 0
    warnings.simplefilter("ignore")  # NumPy's warnings (mean of empty, complex to real casts)
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--seeds", default="0:200")
    ap.add_argument("--steps", type=int, default=8)
    ap.add_argument("--keep", default=None, help="keep each program's files in this directory")
    ap.add_argument("--forever", action="store_true", help="random seeds until interrupted")
    ap.add_argument("--batch", type=int, default=50, help="programs per diff_numpy process")
    ap.add_argument("--no-bfloat16", action="store_true",
                    help="leave bfloat16 out (as a machine without ml_dtypes does: other programs)")
    args = ap.parse_args()
    if args.no_bfloat16:
        global ml_dtypes
        ml_dtypes = None
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    lo, hi = (int(x) for x in args.seeds.split(":"))
    seeds = (random.randrange(1 << 62) for _ in itertools.count()) if args.forever else range(lo, hi)
    programs = steps = failures = 0
    seeds = iter(seeds)
    while batch := list(itertools.islice(seeds, args.batch)):
        for seed, what, lines, var in run_batch(args.binary, batch, args.steps, args.keep):
            programs += 1
            steps += len(lines)
            if what:
                failures += 1
                print(f"seed {seed}: {what}")
                print(minimised(lines, var) if var else "\n".join(lines))
                print(flush=True)
    print(f"diff_fuzz: {programs} programs, {steps} steps, {failures} mismatches")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
