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
sorting (sort, stable argsort, unique) and indexing (integers, slices, take, masks, slice writes).
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
REDUCE = ["sum", "prod", "max", "min", "ptp", "mean", "var", "std", "any", "all",
          "count_nonzero", "argmax", "argmin", "cumsum", "cumprod"]
SORT_OPS = ["sort", "argsort", "unique"]
INDEX_OPS = ["getitem", "getslice", "take", "mask", "setslice"]
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
        if op in BINARY:
            return np.asarray(getattr(np, op)(args[0], args[1]))
        if op in ("negative", "positive", "absolute", "invert", "logical_not"):
            return np.asarray(getattr(np, op)(args[0]))
        if op in ("ravel", "flatten"):
            return np.ravel(args[0]) if op == "ravel" else args[0].flatten()
        a = args[0]
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
            return np.take(a, [int(i) for i in kw["indices"].split(",")], axis=axis)
        if op == "mask":
            return a[args[1].astype(bool)]
        if op == "setslice":
            y = a.copy()
            y[lead + (parse_slice(kw["slice"]),)] = args[1]
            return y
    raise ValueError(op)


def parse_slice(text):
    return slice(*(None if p == "none" else int(p) for p in text.split(":")))


def slice_text(rng, n):
    """A slice over an axis of length n, bounds inside and outside it, steps of either sign."""
    bound = lambda: "none" if rng.random() < 0.3 else str(rng.randint(-n - 2, n + 2))
    return ":".join([bound(), bound(), rng.choice(["none", "1", "2", "-1", "-2", "3"])])


# Steps the generator leaves out: where cupp differs from NumPy on purpose (docs), and the open
# bugs the fuzzer found that are not fixed yet (each to be removed with its fix).
def known(op, args, kw_dtype=None):
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
    return False


def in_range(a, lo, hi):
    x = np.asarray(a).astype(np.float64)
    return bool(np.all(np.isfinite(x) & (x >= lo) & (x < hi)))


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
        checks[name] = {"scale": 0.0, "tol": tol_of(env[name].dtype), "order": False, "skip": False}
    inputs = dict(env)
    for s in range(steps):
        var = f"v{s}"
        family = rng.choice(["binary", "binary", "scalar", "unary", "reduce", "shape", "sort",
                             "index"])
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
        elif family == "unary":
            op = rng.choice(UNARY)
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
            n = x.shape[ax]
            words, args = [a], [x]
            if op in ("getitem", "getslice", "take", "setslice"):
                kw["axis"] = str(ax)
            if op == "getitem":
                kw["index"] = str(rng.randint(-n - 1, n))  # out of bounds now and then
            elif op in ("getslice", "setslice"):
                kw["slice"] = slice_text(rng, n)
            elif op == "take":
                kw["indices"] = ",".join(str(rng.randint(-n - 1, n)) for _ in range(rng.randint(1, 4)))
            if op in ("mask", "setslice"):
                same = [m for m in names if env[m].shape == x.shape]
                b = rng.choice(same if op == "mask" or rng.random() < 0.3 else names)
                words, args = [a, b], [x, env[b]]
                if op == "setslice" and known("astype", [env[b]], name_of(x.dtype)):
                    continue
        elif family == "index":  # a 0-d array: no axis to index
            continue
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
        if known(op, args, kw.get("dtype")):
            continue
        lines.append(" ".join([var, "=", op] + words + [f"{k}={v}" for k, v in kw.items()]))
        try:
            r = np.asarray(numpy_step(op, args, kw))  # NumPy gives scalars for some 0-d cases
            outcome[var] = r
            env[var] = r
            used = [checks[w] for w in words if w in checks]
            checks[var] = {
                "scale": magnitude(args[0]) if op in REDUCE and r.dtype.kind in "fc" else 0.0,
                "tol": max([tol_of(r.dtype)] + [c["tol"] for c in used if inexact(r.dtype)]),
                "order": order_dependent(op, args),
                "skip": any(c["order"] or c["skip"] for c in used),
            }
        except Exception as e:  # NumPy's error class is the expected outcome
            outcome[var] = e
    return inputs, lines, outcome, checks


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
    atol = max(tol, 8 * float(np.finfo(np.float32 if tol > 1e-12 else np.float64).eps) * scale)
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
        if isinstance(want, Exception):
            if var not in errors:
                return var, f"NumPy raised {type(want).__name__}: {want}; cupp did not"
            import builtins
            cls = getattr(builtins, errors[var], Exception)
            if not isinstance(want, cls):
                return var, f"NumPy raised {type(want).__name__}, cupp {errors[var]}"
            continue
        if var in errors:
            return var, f"cupp raised {errors[var]}, NumPy gave {name_of(want.dtype)} {want.shape}"
        got = load_result(d / f"{var}.npy")
        if name_of(got.dtype) != name_of(want.dtype):
            return var, f"dtype {name_of(got.dtype)}, NumPy {name_of(want.dtype)}"
        if checks[var]["skip"]:
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
