#!/usr/bin/env python3
"""Writes NumPy's results for cupp's ufuncs (compare.hpp, bitwise.hpp, functions.hpp) into
test/fixtures/ufunc_{compare,bitwise,functions,numeric}_<k>.inc, which test/math/ufunc_{compare,
bitwise,functions,numeric}_<k>.cpp include. Run from anywhere with NumPy 2:
python3 scripts/gen_ufunc_fixtures.py. The outputs are committed.

Each family's cases are cut into PARTS[family] files, consecutive runs of lines of about equal
compile time, each its own translation unit: every line compiles its own kernels, and one unit of
a whole family took nvcc several minutes, serial in a parallel build.

Each line is one call of a macro the test defines:
  CUPP_UNARY(EXPR, T, R, TOL, ({in}), ({out}))
  CUPP_BINARY(EXPR, TA, TB, R, TOL, ({a}), ({b}), ({out}))
  CUPP_TERNARY(EXPR, TA, TB, TC, R, TOL, ({a}), ({b}), ({c}), ({out}))
EXPR is the C++ expression of operands a, b, c (in parentheses); R is NumPy's result dtype; TOL
is 0 where the result must be exact (zeros with their sign), 1 where a few ulp are allowed
(transcendental functions, whose libm differs from NumPy's SIMD loops) and 2 where the result
cancels (logaddexp2(-1, -0.75) = -0.75 + 0.880...: a few ulp of the terms, CUDA's log1p/exp2
land 7 ulp of the result away from glibc's).
"""
import itertools
import math
import pathlib
import warnings

import numpy as np

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures"
CPP = {"bool": "bool", "int8": "std::int8_t", "int16": "std::int16_t", "int32": "std::int32_t",
       "int64": "std::int64_t", "uint8": "std::uint8_t", "uint16": "std::uint16_t",
       "uint32": "std::uint32_t", "uint64": "std::uint64_t", "float32": "float", "float64": "double"}
INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float32", "float64"]
NUMERIC = INTS + FLOATS
ALL = ["bool"] + NUMERIC
# dtypes whose float functions NumPy computes in float32 / float64 (bool, int8, uint8 need float16)
FLOAT_INPUT = ["int16", "uint16", "int32", "uint32", "int64", "uint64"] + FLOATS

nan, inf = float("nan"), float("inf")

# Values for unary functions (edge values of each dtype).
VALUES = {
    "bool": [False, True],
    "int8": [0, 1, -1, 2, -2, 3, 7, -7, 100, -100, 127, -128],
    "int16": [0, 1, -1, 2, -3, 7, -7, 1000, -1000, 32767, -32768],
    "int32": [0, 1, -1, 2, -3, 7, -7, 100000, -100000, 2**31 - 1, -2**31],
    "int64": [0, 1, -1, 2, -3, 7, -7, 10**12, -10**12, 2**63 - 1, -2**63],
    "uint8": [0, 1, 2, 3, 7, 100, 200, 254, 255],
    "uint16": [0, 1, 2, 3, 7, 1000, 40000, 65535],
    "uint32": [0, 1, 2, 3, 7, 100000, 3000000000, 2**32 - 1],
    "uint64": [0, 1, 2, 3, 7, 10**12, 2**63, 2**64 - 1],
    "float32": [nan, inf, -inf, -0.0, 0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -2.5, 2.5, 0.1, -0.75, 0.999,
                1e-6, 3.75, -7.25, 10.0, 100.0, -1000.0, 3e38, -3e38, 1e-40],
    "float64": [nan, inf, -inf, -0.0, 0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -2.5, 2.5, 0.1, -0.75, 0.999,
                1e-12, 3.75, -7.25, 10.0, 100.0, -1000.0, 1e300, -1e300, 5e-324],
}
# Smaller sets whose pairs (every a with every b) feed the binary functions.
PAIR_VALUES = {
    "bool": [False, True],
    "int8": [0, 1, -1, 3, -7, 127, -128],
    "int16": [0, 1, -1, 3, -7, 32767, -32768],
    "int32": [0, 1, -1, 3, -7, 2**31 - 1, -2**31],
    "int64": [0, 1, -1, 3, -7, 2**63 - 1, -2**63],
    "uint8": [0, 1, 3, 7, 128, 255],
    "uint16": [0, 1, 3, 7, 40000, 65535],
    "uint32": [0, 1, 3, 7, 3000000000, 2**32 - 1],
    "uint64": [0, 1, 3, 7, 2**63, 2**64 - 1],
    "float32": [nan, inf, -inf, -0.0, 0.0, 1.0, -1.0, 2.5, -0.75, 3e38],
    "float64": [nan, inf, -inf, -0.0, 0.0, 1.0, -1.0, 2.5, -0.75, 1e300],
}


def lit(v, dt):
    """A C++ literal of value v of dtype dt."""
    if dt == "bool":
        return "true" if v else "false"
    if dt in FLOATS:
        v = float(v)
        if np.isnan(v):
            return "NAN"
        if np.isinf(v):
            return "INFINITY" if v > 0 else "-INFINITY"
        if dt == "float32":
            s = str(np.float32(v))
            return s + "f" if ("." in s or "e" in s) else s + ".0f"
        return repr(v)
    v = int(v)
    if dt == "int64" and v == -2**63:
        return "INT64_MIN"
    if dt == "int32" and v == -2**31:
        return "INT32_MIN"
    if dt == "uint64" and v > 2**63 - 1:
        return f"{v}ULL"
    if dt in ("int64", "uint32", "uint64"):
        return f"{v}{'U' if dt.startswith('u') else ''}LL"
    return str(v)


def arr_lit(a, dt):
    return "({" + ", ".join(lit(v, dt) for v in np.asarray(a).reshape(-1).tolist()) + "})"


def cyc(values, n):
    return [values[i % len(values)] for i in range(n)]


class Writer:
    """Collects a family's lines with their weights; save() writes them in parts."""

    def __init__(self):
        self.lines = []

    def write(self, line, weight):
        """weight: 1 for one operand, 2 for two or three, whose kernels load and compute more
        (nvcc for sm_90 spends about 0.4 s on a unary line, 0.5 to 1.3 s on a binary one, the
        powers and divisions the most)."""
        self.lines.append((line, weight))

    def save(self, stem, parts):
        """Writes ufunc_<stem>_1.inc ... ufunc_<stem>_<parts>.inc: consecutive runs of lines of
        about equal weight."""
        for old in OUT.glob(f"ufunc_{stem}_*.inc"):  # parts of an earlier PARTS
            old.unlink()
        total = sum(w for _, w in self.lines)
        runs = [[] for _ in range(parts)]
        done = 0
        for line, w in self.lines:  # a line goes to the part its middle falls in
            runs[min(parts - 1, (2 * done + w) * parts // (2 * total))].append(line)
            done += w
        for k, run in enumerate(runs):
            with open(OUT / f"ufunc_{stem}_{k + 1}.inc", "w") as f:
                f.write(f"// Generated by scripts/gen_ufunc_fixtures.py with NumPy "
                        f"{np.__version__}; do not edit. Part {k + 1} of {parts}.\n")
                f.writelines(run)

    def unary(self, label, expr, dt, values, fn, tol=0, skip=None):
        a = np.array(values, dtype=dt)
        if skip is not None:
            a = a[~np.array([skip(v) for v in a.tolist()], dtype=bool)]
        r = np.asarray(fn(a))
        self.write(f"CUPP_UNARY(({expr}), {CPP[dt]}, {CPP[r.dtype.name]}, {tol}, "
                   f"{arr_lit(a, dt)}, {arr_lit(r, r.dtype.name)})\n", 1)

    def binary(self, label, expr, dta, dtb, fn, tol=0, a_values=None, b_values=None, keep=None):
        av = PAIR_VALUES[dta] if a_values is None else a_values
        bv = PAIR_VALUES[dtb] if b_values is None else b_values
        pairs = [(x, y) for x, y in itertools.product(av, bv) if keep is None or keep(x, y)]
        a = np.array([p[0] for p in pairs], dtype=dta)
        b = np.array([p[1] for p in pairs], dtype=dtb)
        r = np.asarray(fn(a, b))
        self.write(f"CUPP_BINARY(({expr}), {CPP[dta]}, {CPP[dtb]}, {CPP[r.dtype.name]}, {tol}, "
                   f"{arr_lit(a, dta)}, {arr_lit(b, dtb)}, {arr_lit(r, r.dtype.name)})\n", 2)

    def zipped(self, label, expr, dta, dtb, av, bv, fn, tol=0):
        """A binary function of the pairs (av[i], bv[i])."""
        a, b = np.array(av, dtype=dta), np.array(bv, dtype=dtb)
        r = np.asarray(fn(a, b))
        self.write(f"CUPP_BINARY(({expr}), {CPP[dta]}, {CPP[dtb]}, {CPP[r.dtype.name]}, {tol}, "
                   f"{arr_lit(a, dta)}, {arr_lit(b, dtb)}, {arr_lit(r, r.dtype.name)})\n", 2)

    def ternary(self, label, expr, dts, cols, fn, tol=0):
        arrs = [np.array(c, dtype=d) for c, d in zip(cols, dts)]
        r = np.asarray(fn(*arrs))
        lits = ", ".join(arr_lit(x, d) for x, d in zip(arrs, dts))
        self.write(f"CUPP_TERNARY(({expr}), {', '.join(CPP[d] for d in dts)}, "
                   f"{CPP[r.dtype.name]}, {tol}, {lits}, {arr_lit(r, r.dtype.name)})\n", 2)


COMPARISONS = [("equal", "=="), ("not_equal", "!="), ("less", "<"), ("less_equal", "<="),
               ("greater", ">"), ("greater_equal", ">=")]
# operand dtype pairs of different kinds (NumPy 2 promotion decides where they compare)
MIXED = [("int32", "float32"), ("uint8", "int8"), ("int8", "float64"), ("bool", "int32"),
         ("uint32", "int32"), ("int16", "float32"), ("uint16", "int64"), ("int64", "uint64"),
         ("uint64", "float64")]


def zero_signs_agree(x, y):
    """False for the pairs (0, -0.0) and (-0.0, 0), whose fmax/fmin depend on NumPy's SIMD path
    (the array length), so no fixed answer exists."""
    return not (x == 0 and y == 0 and math.copysign(1, x) != math.copysign(1, y))


def compare(w):
    for dt in ALL:
        for fn, op in COMPARISONS:
            w.binary(fn, f"cupp::{fn}(a, b)", dt, dt, getattr(np, fn))
            if dt in ("bool", "int8", "float32"):
                w.binary(f"operator{op}", f"a {op} b", dt, dt, getattr(np, fn))
        for fn in ("logical_and", "logical_or", "logical_xor"):
            w.binary(fn, f"cupp::{fn}(a, b)", dt, dt, getattr(np, fn))
        for fn in ("logical_not", "isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit"):
            w.unary(fn, f"cupp::{fn}(a)", dt, VALUES[dt], getattr(np, fn))
        for fn in ("maximum", "minimum", "fmax", "fmin"):
            w.binary(fn, f"cupp::{fn}(a, b)", dt, dt, getattr(np, fn),
                     keep=zero_signs_agree if fn in ("fmax", "fmin") else None)
    for da, db in MIXED:
        for fn, op in COMPARISONS:
            w.binary(fn, f"cupp::{fn}(a, b)", da, db, getattr(np, fn))
        w.binary("operator<", "a < b", da, db, np.less)
        w.binary("operator==", "b == a", da, db, lambda a, b: np.equal(b, a))
        for fn in ("maximum", "minimum", "fmax", "fmin", "logical_and"):
            w.binary(fn, f"cupp::{fn}(a, b)", da, db, getattr(np, fn),
                     keep=zero_signs_agree if fn in ("fmax", "fmin") else None)
    # int64 with uint64 compares exactly, though they promote to float64: values around 2**53 and
    # 2**63 that float64 cannot tell apart
    near = [2**53, 2**53 + 1, 2**63 - 1, -1, 0]
    unear = [2**53, 2**53 + 1, 2**63 - 1, 2**63, 2**64 - 1]
    for da, db, av, bv in (("int64", "uint64", near, unear), ("uint64", "int64", unear, near),
                           ("int8", "uint64", [-1, 0, 127], unear)):
        for fn, op in COMPARISONS:
            w.binary(fn, f"cupp::{fn}(a, b)", da, db, getattr(np, fn), a_values=av, b_values=bv)
            w.binary(f"operator{op}", f"a {op} b", da, db, getattr(np, fn), a_values=av,
                     b_values=bv)
    # values that round to the same float: 16777217 (int32) vs 16777216 (float32) compare in float64
    w.binary("equal", "cupp::equal(a, b)", "int32", "float32", np.equal,
             a_values=[16777217, 16777216, -16777217], b_values=[16777216.0, 16777218.0])
    # clip(a, lo, hi) = minimum(maximum(a, lo), hi), NaN propagating, lo > hi gives hi
    for dt in NUMERIC:
        v = PAIR_VALUES[dt]
        lo = [v[(i * 3) % len(v)] for i in range(len(v) * 2)]
        hi = [v[(i * 5 + 1) % len(v)] for i in range(len(v) * 2)]
        a = (v * 2)[: len(lo)]
        w.ternary("clip", "cupp::clip(a, b, c)", [dt] * 3, [a, lo, hi], np.clip)
    w.ternary("clip", "cupp::clip(a, b, c)", ["int8", "int16", "float32"],
              [[-128, 5, 127, 0], [-100, 10, -1000, 1], [1.5, 20.0, 100.0, -2.0]], np.clip)
    # where(cond, x, y) in the promoted dtype of x and y; a non-bool condition is truthy
    for dc, dx, dy in (("bool", "int8", "int8"), ("bool", "int8", "uint8"),
                       ("bool", "int32", "float32"), ("bool", "uint64", "int64"),
                       ("float64", "float32", "float64"), ("int32", "bool", "bool"),
                       ("bool", "float64", "float64")):
        c = [True, False, True, False, True, False] if dc == "bool" else [0, 1, -2, 0, 3, 0]
        if dc == "float64":
            c = [nan, 0.0, -0.0, 1.0, inf, 0.0]
        x, y = cyc(PAIR_VALUES[dx], 6), cyc(PAIR_VALUES[dy][::-1], 6)
        w.ternary("where", "cupp::where(a, b, c)", [dc, dx, dy], [c, x, y], np.where)
    # isclose: |a - b| <= atol + rtol |b|, infinities equal only to themselves, NaN by equal_nan
    ia = [1.0, 1.0, 1.0, 0.0, 0.0, nan, nan, inf, inf, -inf, 1e10, 1e-9, 100.0, -0.0]
    ib = [1.0, 1.00001, 1.0001, 1e-9, 1e-7, nan, 1.0, inf, -inf, -inf, 1.00001e10, 0.0, 100.01, 0.0]
    for dt in FLOATS:
        for args, extra in (("", {}), (", 1e-5, 1e-8, true", {"equal_nan": True}),
                            (", 0.0, 0.0", {"rtol": 0.0, "atol": 0.0}),
                            (", 1e-3, 0.0", {"rtol": 1e-3, "atol": 0.0})):
            w.zipped(f"isclose{args}", f"cupp::isclose(a, b{args})", dt, dt, ia, ib,
                     lambda a, b, e=extra: np.isclose(a, b, **e))
    for dt in ("int64", "int32", "uint8"):
        w.zipped("isclose", "cupp::isclose(a, b)", dt, dt, [0, 1, 100, 127], [0, 2, 100, 126],
                 np.isclose)


def bitwise(w):
    for dt in ["bool"] + INTS:
        for fn, op in (("bitwise_and", "&"), ("bitwise_or", "|"), ("bitwise_xor", "^")):
            w.binary(fn, f"cupp::{fn}(a, b)", dt, dt, getattr(np, fn))
            if dt in ("bool", "int8", "uint32", "int64"):
                w.binary(op, f"a {op} b", dt, dt, getattr(np, fn))
        w.unary("bitwise_not", "cupp::bitwise_not(a)", dt, VALUES[dt], np.bitwise_not)
        w.unary("invert", "cupp::invert(a)", dt, VALUES[dt], np.invert)
        w.unary("~", "~a", dt, VALUES[dt], np.invert)
    for dt in INTS:
        info = np.iinfo(dt)
        bits = info.bits
        counts = [c for c in (0, 1, 3, bits - 1, bits, bits + 1, 100, 200, -1, -bits, -100)
                  if info.min <= c <= info.max]
        vals = PAIR_VALUES[dt] + [5] + ([-5] if info.min < 0 else [])
        for fn, op in (("left_shift", "<<"), ("right_shift", ">>")):
            w.binary(fn, f"cupp::{fn}(a, b)", dt, dt, getattr(np, fn), a_values=vals,
                     b_values=counts)
            if dt in ("int8", "uint16", "int32", "uint64"):
                w.binary(op, f"a {op} b", dt, dt, getattr(np, fn), a_values=vals, b_values=counts)
        g = [0, 1, -1, 6, -4, 12, 18, -18, 35, info.max, info.min, info.max - 1]
        g = [v for v in g if info.min <= v <= info.max]
        for fn in ("gcd", "lcm"):
            w.binary(fn, f"cupp::{fn}(a, b)", dt, dt, getattr(np, fn), a_values=g, b_values=g)
    # NumPy has no bool loop for shifts: bool computes in int8
    for fn in ("left_shift", "right_shift"):
        w.binary(fn, f"cupp::{fn}(a, b)", "bool", "bool", getattr(np, fn))
    # mixed dtypes promote first (uint8 << int8 computes in int16)
    for da, db in (("uint8", "int8"), ("int16", "uint8"), ("int32", "int64")):
        counts = [0, 1, 7, 8, 9, 15, 16, -1]
        for fn in ("left_shift", "right_shift"):
            w.binary(fn, f"cupp::{fn}(a, b)", da, db, getattr(np, fn), a_values=[0, 1, 5, 127],
                     b_values=int_ok(db, counts))
        for fn in ("bitwise_and", "bitwise_or", "bitwise_xor", "gcd", "lcm"):
            w.binary(fn, f"cupp::{fn}(a, b)", da, db, getattr(np, fn), a_values=[0, 1, 6, 100, 127],
                     b_values=[0, 4, 9, 15, 127])


FLOAT_UNARY = ["exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan",
               "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh",
               "arctanh", "degrees", "radians", "rad2deg", "deg2rad", "cbrt", "spacing", "sinc"]
EXACT = {"spacing"}


def int_ok(dt, vals):
    info = np.iinfo(dt)
    return [v for v in vals if info.min <= v <= info.max]


def around_differs(dt, v, d):
    """Both round integers to negative decimals in float64 and convert back; where the result
    leaves an unsigned dtype NumPy's x86 conversion gives 0 and cupp's wraps through int64."""
    if dt in FLOATS or d >= 0 or not dt.startswith("uint"):
        return False
    info = np.iinfo(dt)
    r = round(v / 10**-d) * 10**-d
    return not info.min <= r <= info.max


def functions(w):
    for fn in FLOAT_UNARY:
        # NumPy's sinc is Python (pi * x): float64 for every integer dtype and bool
        for dt in FLOAT_INPUT + (["bool", "int8", "uint8"] if fn == "sinc" else []):
            w.unary(fn, f"cupp::{fn}(a)", dt, VALUES[dt], getattr(np, fn),
                    tol=0 if fn in EXACT else 1)
    for dt in FLOAT_INPUT:
        for part in (0, 1):
            w.unary("modf", f"cupp::modf(a).{'first' if part == 0 else 'second'}", dt, VALUES[dt],
                    lambda a, p=part: np.modf(a)[p])
            w.unary("frexp", f"cupp::frexp(a).{'first' if part == 0 else 'second'}", dt,
                    VALUES[dt], lambda a, p=part: np.frexp(a)[p])
    # binary functions of floats
    for dt in FLOAT_INPUT:
        for fn, tol in (("arctan2", 1), ("hypot", 1), ("copysign", 0), ("nextafter", 0),
                        ("logaddexp", 2), ("logaddexp2", 2), ("heaviside", 0)):
            w.binary(fn, f"cupp::{fn}(a, b)", dt, dt, getattr(np, fn), tol=tol)
    for da, db in (("int16", "float32"), ("int32", "float32"), ("float32", "float64")):
        for fn, tol in (("arctan2", 1), ("hypot", 1), ("copysign", 1), ("logaddexp", 2)):
            w.binary(fn, f"cupp::{fn}(a, b)", da, db, getattr(np, fn), tol=tol)


def numeric(w):
    # rounding (integers unchanged), sign, square, reciprocal, around, nan_to_num
    for dt in NUMERIC:
        for fn in ("floor", "ceil", "trunc", "fix", "sign", "square", "reciprocal", "positive"):
            w.unary(fn, f"cupp::{fn}(a)", dt, VALUES[dt], getattr(np, fn))
        more = [v for v in (15, 25, 35, 45, 150, 250, -15, -25, -150)
                if dt in FLOATS or int_ok(dt, [v])]
        for d in (0, 1, 2, -1, -2):
            w.unary("around", f"cupp::around(a, {d})", dt, VALUES[dt] + more,
                    lambda a, d=d: np.round(a, d),
                    skip=lambda v, dt=dt, d=d: around_differs(dt, v, d))
        w.unary("round", "cupp::round(a, -1)", dt, VALUES[dt], lambda a: np.round(a, -1),
                skip=lambda v, dt=dt: around_differs(dt, v, -1))
        w.unary("nan_to_num", "cupp::nan_to_num(a)", dt, VALUES[dt], np.nan_to_num)
    # rounding of bool keeps bool; NumPy has no bool loop for square, reciprocal, power and the
    # divisions: bool computes in int8
    for fn in ("floor", "ceil", "trunc", "fix", "square", "reciprocal"):
        w.unary(fn, f"cupp::{fn}(a)", "bool", VALUES["bool"], getattr(np, fn))
    for fn in ("power", "floor_divide", "remainder", "mod", "fmod"):
        w.binary(fn, f"cupp::{fn}(a, b)", "bool", "bool", getattr(np, fn))
    for part in (0, 1):
        w.binary("divmod", f"cupp::divmod(a, b).{'first' if part == 0 else 'second'}", "bool",
                 "bool", lambda a, b, p=part: np.divmod(a, b)[p])
    # rint and fabs give floats (float16 for 8-bit input, which cupp refuses)
    for dt in FLOAT_INPUT:
        halves = [0.5, 1.5, 2.5, -3.5, 4.5] if dt in FLOATS else []
        w.unary("rint", "cupp::rint(a)", dt, VALUES[dt] + halves, np.rint)
        w.unary("fabs", "cupp::fabs(a)", dt, VALUES[dt], np.fabs)
    for dt in FLOATS:
        w.unary("around", "cupp::around(a, 3)", dt, [2.0005, 1.2345, -0.0015, 0.0625, 1e-5],
                lambda a: np.round(a, 3))
        w.unary("nan_to_num", "cupp::nan_to_num(a, 1.5, 100.0, -100.0)", dt, VALUES[dt],
                lambda a: np.nan_to_num(a, nan=1.5, posinf=100.0, neginf=-100.0))
        w.unary("nan_to_num", "cupp::nan_to_num(a, -1.0, 7.0)", dt, VALUES[dt],
                lambda a: np.nan_to_num(a, nan=-1.0, posinf=7.0))
    for dt in ALL:
        w.binary("float_power", "cupp::float_power(a, b)", dt, dt, np.float_power, tol=1)
    # power: exponents >= 0 for integers (negative ones raise, tested by hand), wrapping
    for dt in NUMERIC:
        if dt in FLOATS:
            w.binary("power", "cupp::power(a, b)", dt, dt, np.power, tol=1)
            continue
        bases = int_ok(dt, [0, 1, -1, 2, -2, 3, 10, -7, 127, 255, 2**31 - 1, 2**63 - 1, -2**63])
        exps = int_ok(dt, [0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 63, 64, 127])
        w.binary("power", "cupp::power(a, b)", dt, dt, np.power, a_values=bases, b_values=exps)
    w.binary("power", "cupp::power(a, b)", "uint8", "int8", np.power, a_values=[0, 2, 3, 255],
             b_values=[0, 1, 7, 9])
    # floor_divide, remainder (mod), fmod, true_divide, divmod: Python's sign rules, x // 0 = 0
    for dt in NUMERIC:
        if dt in FLOATS:
            big = 3e38 if dt == "float32" else 1e300
            av = [nan, inf, -inf, -0.0, 0.0, 7.5, -7.5, 1.0, 6.0, big]
            bv = [nan, inf, -inf, -0.0, 0.0, 2.0, -2.0, 0.5, -3.0, 1e-30]
        else:
            info = np.iinfo(dt)
            av = int_ok(dt, [0, 7, -7, 1, -1, 6, -6, info.min, info.max])
            bv = int_ok(dt, [0, 2, -2, 1, -1, 3, -3, info.min, info.max])
        for fn in ("floor_divide", "remainder", "mod", "fmod", "true_divide"):
            w.binary(fn, f"cupp::{fn}(a, b)", dt, dt, getattr(np, fn), a_values=av, b_values=bv)
        if dt in ("int8", "int64", "uint32", "float32", "float64"):
            w.binary("divmod", "cupp::divmod(a, b).first", dt, dt, lambda a, b: np.divmod(a, b)[0],
                     a_values=av, b_values=bv)
            w.binary("divmod", "cupp::divmod(a, b).second", dt, dt,
                     lambda a, b: np.divmod(a, b)[1], a_values=av, b_values=bv)
    for da, db in (("int8", "uint8"), ("int32", "float32"), ("uint64", "int64")):
        for fn in ("floor_divide", "remainder", "fmod"):
            w.binary(fn, f"cupp::{fn}(a, b)", da, db, getattr(np, fn), a_values=[0, 7, 100, 127],
                     b_values=[0, 1, 2, 3, 50])
    # ldexp(x, i): x's float dtype, any integer exponent
    for dt in FLOATS:
        tiny, big = (1e-40, 3e38) if dt == "float32" else (5e-324, 1e300)
        xs = [1.0, -1.5, 0.0, -0.0, nan, inf, -inf, big, tiny, 0.75]
        for di in ("int32", "int64"):
            es = [0, 1, -1, 10, -10, 200, -200, 1100, -1100, 2**31 - 1, -2**31]
            w.binary("ldexp", "cupp::ldexp(a, b)", dt, di, np.ldexp, a_values=xs, b_values=es)
    # astype: float NaN, infinities and out-of-range values give x86 NumPy's results
    specials = [nan, inf, -inf, 300.0, -300.0, 1e10, -1e10, 2.0**31, -2.0**31, 2.0**31 - 1,
                -2.0**31 - 1, 2.0**63, -2.0**63, 127.9, -128.9, 255.5, 65535.0, 65536.0, -1.0,
                -0.0, 0.5, -0.5, 1e20, -1e20, 42.99]
    for src in FLOATS:
        for to in ("int8", "int16", "int32", "int64", "uint8", "uint16", "bool", "float32",
                   "float64"):
            w.unary("astype", f"cupp::astype<{CPP[to]}>(a)", src, specials, lambda a: a.astype(to))
        w.unary("astype", "cupp::astype<std::uint64_t>(a)", src,
                specials + [1.5e19, 1.8e19, 2.0**64, 1e30], lambda a: a.astype("uint64"))
        # to uint32 NumPy's contiguous SIMD loop and its strided loop differ for NaN, infinities
        # and values outside int32: cupp gives the strided loop's values
        w.unary("astype", "cupp::astype<std::uint32_t>(a)", src,
                specials + [3e9, 4294967040.0, 5e9],
                lambda a: np.repeat(a, 2)[::2].astype("uint32"))
    for src, to in (("int64", "int8"), ("int32", "uint8"), ("int8", "uint64"),
                    ("uint64", "float32"), ("int64", "float64"), ("int16", "bool"),
                    ("bool", "float32"), ("bool", "int32"), ("uint32", "int16"),
                    ("uint64", "int64"), ("float64", "uint64")):
        vals = VALUES[src] if src not in FLOATS else [0.0, 1.0, 1e18, 2.0**63, 1.8e19]
        w.unary("astype", f"cupp::astype<{CPP[to]}>(a)", src, vals, lambda a: a.astype(to))


# Parts per family, each a test/math/ufunc_<stem>_<k>.cpp: about a minute of nvcc (sm_90) each.
PARTS = {"compare": 4, "bitwise": 2, "functions": 3, "numeric": 4}


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for stem, gen in (("compare", compare), ("bitwise", bitwise), ("functions", functions),
                          ("numeric", numeric)):
            w = Writer()
            gen(w)
            w.save(stem, PARTS[stem])
            print(f"ufunc_{stem}_*.inc: {len(w.lines)} cases in {PARTS[stem]} parts")


if __name__ == "__main__":
    main()
