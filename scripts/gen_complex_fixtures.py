#!/usr/bin/env python3
"""Writes NumPy's results for the complex ufuncs of include/cupp/detail/complex_math.hpp into
test/fixtures/complex_ufuncs.txt, read by the complex math tests. Run from anywhere with NumPy 2:
python3 scripts/gen_complex_fixtures.py. The output is committed.

One line per ufunc and dtype (complex64, complex128; power has three, see POWER_LINES):
  <name> <dtype> <tol> | <a: re im re im ...> [| <b: re im ...>] | <outputs>
Outputs are re im pairs, or one real per input for absolute and angle. Every number is the Python
repr of the float64 value (complex64 parts are exact doubles): "nan", "inf", "-inf", "-0.0"
included. NumPy computes on contiguous arrays, as the ufunc loops a C++ user compares with do.

tol is in units of the dtype's machine epsilon: where NumPy's part is 0, inf or NaN the result's
part must be the same (the sign of zero and of inf included, NaN of either sign); otherwise it must
lie within tol * eps * max(|w|, tiny) of NumPy's, |w| the larger magnitude of NumPy's finite parts
(for absolute and angle the value itself) and tiny the smallest normal number (subnormal results
have fewer bits). tol 0 means bitwise equal.

The inputs cover +-0 in each part, +-inf and NaN in either part, the branch cuts with +0 and -0 on
the other part, |z| near 1, magnitudes near overflow and underflow (subnormals included) and
ordinary values. NumPy multiplies complex arrays with fused multiply-adds (its AVX2/AVX-512 loops):
regenerate on an x86-64 machine with FMA (every one of the last ten years) for the same multiply.
"""
import math
import pathlib
import warnings

import numpy as np

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "complex_ufuncs.txt"
nan, inf = float("nan"), float("inf")
DTYPES = {"complex64": np.float32, "complex128": np.float64}
MAX_PAIRS = 200

# Tolerance per ufunc (see the docstring). 0 where cupp reproduces NumPy operation by operation:
# NumPy's own loops, and csqrt and sign, which need only glibc's hypot (ported bit for bit), sqrt
# and division. Otherwise NumPy calls glibc's libm (cexp, clog, csin, ...), cupp calls CUDA's,
# whose functions differ from glibc's by an ulp or two (CUDA Math API: atan2f 3 ulp, sinf 2, ...)
# and the complex formulas combine several. Largest errors measured on an H200 against NumPy over
# 30000 random inputs per line: arcsinh 3.45 (glibc and Hull et al.'s algorithm both err by 2 ulp
# there, in opposite directions), expm1, tan, tanh 3.0, cos, cosh, sinh 2.95, exp, log 2.1,
# angle, log1p 1.1.
TOL = {
    "add": 0, "subtract": 0, "negative": 0, "conjugate": 0, "multiply": 0, "square": 0,
    "divide": 0, "reciprocal": 0, "absolute": 0, "sqrt": 0, "sign": 0,
    "angle": 3, "log1p": 3,
    "exp": 4, "exp2": 4, "log": 4, "log2": 4, "log10": 4,
    "sin": 5, "cos": 5, "sinh": 5, "cosh": 5,
    "expm1": 6, "tan": 6, "tanh": 6,
    "arcsin": 6, "arccos": 6, "arctan": 6, "arcsinh": 6, "arccosh": 6, "arctanh": 6,
}

SPECIAL = [0.0, -0.0, inf, -inf, nan, 1.0, -1.0, 2.5, -0.5]
ORDINARY = [(0.5, 0.25), (-1.5, 2.0), (3.0, -4.0), (0.1, -0.7), (-2.3, -0.4), (10.0, 1.0),
            (-7.0, 20.0), (1e-3, 1e3), (0.75, -0.75), (-0.2, 0.3), (1.25, 1e-5), (-30.0, -0.1)]
HUGE = {
    "complex64": [(1e30, 1e30), (-1e30, 3.0), (2.0, -1e30), (3e38, 3e38), (-3e38, 1e-30),
                  (1e15, -1e15), (1e10, 1.0), (-2e38, -3e38)],
    "complex128": [(1e300, 1e300), (-1e300, 3.0), (2.0, -1e300), (1.7e308, 1.7e308),
                   (-1.7e308, 1e-300), (1e30, -1e30), (1e20, 1.0), (-1e308, -1.7e308)],
}
TINY = {
    "complex64": [(1e-30, 1e-30), (-1e-30, 2e-30), (1e-40, -1.4e-45), (1.4e-45, 0.0),
                  (-0.0, 1e-40), (1e-10, -1e-10), (1e-30, 1.0), (1.0, 1e-30), (2e-38, 1e-39)],
    "complex128": [(1e-300, 1e-300), (-1e-300, 2e-300), (1e-310, -5e-324), (5e-324, 0.0),
                   (-0.0, 1e-310), (1e-30, -1e-30), (1e-300, 1.0), (1.0, 1e-300),
                   (3e-308, 1e-309)],
}
# Offsets from 1 that a float of the dtype resolves (about 1e-10 relative, and a few ulp).
NEAR = {"complex64": [1e-6, 2e-7], "complex128": [1e-10, 1e-15]}


def near_one(dt):
    out = []
    for d in NEAR[dt]:
        out += [(1 + d, 0.0), (1 - d, 0.0), (1.0, d), (1 - d, d), (0.0, 1 + d), (-0.0, 1 - d),
                (-1 - d, 0.0), (-1.0, -d), (1 + d, -1e-20)]
    out += [(math.cos(t), math.sin(t)) for t in (0.3, 1.0, 2.0, -2.5, 1e-4)]
    out += [(0.6, 0.8), (0.8, -0.6), (-0.6, 0.8), (0.7071067811865476, 0.7071067811865476)]
    return out


# Real axis beyond +-1 and imaginary axis beyond +-i, with both zeros on the other part.
BRANCH = ([(x, z) for x in (2.0, -2.0, 1.5, -1.5, 1e10, -1e10) for z in (0.0, -0.0)]
          + [(z, y) for y in (2.0, -2.0, 1.5, -1e10) for z in (0.0, -0.0)])

# Per family: what the formulas for it are sensitive to.
EXTRA = {
    # large real parts (overflow thresholds of exp: 88.7 / 709.8), large imaginary parts
    # (argument reduction), poles of tan/tanh; sin/cos/tan get them with the parts swapped.
    "exp": {"complex64": [(88.5, 0.5), (89.0, 1.0), (-88.5, 1.0), (-103.0, 0.5), (200.0, 1e-30),
                          (0.5, 1e5), (1.0, 3e7), (2.0, 1.5707964), (1e-7, 1.5707964),
                          (-0.0, 1.5707964), (45.0, -2.0), (-45.0, 2.0), (1e-20, 1e-20),
                          (0.25, -1e-20), (1e-6, 1e-6)],
            "complex128": [(709.5, 0.5), (710.0, 1.0), (-709.0, 1.0), (-740.0, 0.5),
                           (1000.0, 1e-300), (1400.0, 2.0), (0.5, 1e10), (1.0, 1e22),
                           (2.0, 1.5707963267948966), (1e-12, 1.5707963267948966),
                           (-0.0, 1.5707963267948966), (400.0, -2.0), (-400.0, 2.0),
                           (1e-200, 1e-200), (0.25, -1e-200), (1e-10, 1e-10)]},
    "log": {"complex64": [(-1e-30, 0.0), (-1e-30, -0.0), (-1e30, 0.0), (-1e30, -0.0),
                          (-1.0, 1e-30), (-1 + 1e-6, 0.0), (-1.0, 1e-6), (1e-6, 1e-6),
                          (1e-20, 0.0), (0.9, 0.5), (1.5, 0.9), (0.5, 0.6), (2e-38, 2e-38)],
            "complex128": [(-1e-300, 0.0), (-1e-300, -0.0), (-1e300, 0.0), (-1e300, -0.0),
                           (-1.0, 1e-300), (-1 + 1e-10, 0.0), (-1.0, 1e-10), (1e-10, 1e-10),
                           (1e-20, 0.0), (0.9, 0.5), (1.5, 0.9), (0.5, 0.6),
                           (2e-308, 2e-308)]},
    "arc": {"complex64": [(1.0, 1e-6), (1 + 1e-6, 1e-20), (-1.0, -1e-6), (1e-6, 1.0),
                          (1e-20, 1 + 1e-6), (0.5, 1e-20), (1e-20, 0.5), (1e-20, 1.5),
                          (2.0, 1e-20), (3e3, 3e3), (1e4, 1e-3), (1e-4, 1e-4), (0.99, 0.1),
                          (1.01, -0.1), (1e8, 1.0), (1.0, 1e8), (0.3, 1.2), (1.2, 0.3)],
            "complex128": [(1.0, 1e-10), (1 + 1e-10, 1e-20), (-1.0, -1e-10), (1e-10, 1.0),
                           (1e-20, 1 + 1e-10), (0.5, 1e-20), (1e-20, 0.5), (1e-20, 1.5),
                           (2.0, 1e-20), (1e8, 1e8), (1e17, 1e-3), (1e-8, 1e-8), (0.99, 0.1),
                           (1.01, -0.1), (1e16, 1.0), (1.0, 1e16), (0.3, 1.2), (1.2, 0.3),
                           (1.0, 1e-170), (1e-170, 1.0)]},
}
FAMILY = {name: "exp" for name in "exp exp2 expm1 sinh cosh tanh sin cos tan".split()}
FAMILY.update({name: "log" for name in "log log2 log10 log1p sqrt sign angle absolute".split()})
FAMILY.update({name: "arc" for name in
               "arcsin arccos arctan arcsinh arccosh arctanh reciprocal square".split()})
SWAPPED = {"sin", "cos", "tan"}

# Binary operands: every a with every b.
PAIR_A = {
    "complex64": [(0.0, 0.0), (-0.0, 0.0), (1.0, 2.0), (-3.0, 0.5), (inf, 0.0), (0.0, inf),
                  (inf, -inf), (nan, 0.0), (0.0, nan), (3e38, 3e38), (1e-38, -1e-39),
                  (0.1, -0.2), (-2.5, -1e10), (1e-45, 1.0)],
    "complex128": [(0.0, 0.0), (-0.0, 0.0), (1.0, 2.0), (-3.0, 0.5), (inf, 0.0), (0.0, inf),
                   (inf, -inf), (nan, 0.0), (0.0, nan), (1.7e308, 1.7e308), (1e-308, -1e-309),
                   (0.1, -0.2), (-2.5, -1e10), (5e-324, 1.0)],
}
PAIR_B = {
    "complex64": [(0.0, 0.0), (-0.0, -0.0), (0.0, -0.0), (1.0, 0.0), (0.0, 1.0), (2.0, -3.0),
                  (3e38, 1e-30), (3e38, -3e38), (inf, 0.0), (nan, 1.0), (1e-40, 1e-40),
                  (3.0, 4.0), (-0.5, 0.25), (1e20, -1e-20)],
    "complex128": [(0.0, 0.0), (-0.0, -0.0), (0.0, -0.0), (1.0, 0.0), (0.0, 1.0), (2.0, -3.0),
                   (1.7e308, 1e-300), (1.7e308, -1.7e308), (inf, 0.0), (nan, 1.0),
                   (1e-310, 1e-310), (3.0, 4.0), (-0.5, 0.25), (1e200, -1e-200)],
}
# Power in three lines. NumPy's own cases, exact: b = 0, a = 0, and integer b with |b| < 100
# (repeated squaring). Then glibc's exp(b log a) for other b, where the ulps by which CUDA's log
# and atan2 differ from glibc's are multiplied by |b log a| (measured on random inputs: up to
# 1.6 |b log a| + 1): |b log a| <= 8.7 on these bases and exponents, whence tol 16; and b = 100,
# 101, ... on bases near 1 (|b log a| <= 4.5: tol 8), where elsewhere the error would be hundreds
# of eps ((3 - 4i)^100).
POW_BASE = [(0.0, 0.0), (-0.0, 0.0), (2.0, 0.0), (-2.0, 0.0), (-2.0, -0.0), (0.5, 0.5),
            (-1.5, 2.0), (3.0, -4.0), (1e-3, 2.0), (0.0, 1.0), (inf, 0.0), (nan, 0.0),
            (0.0, -1e-5), (inf, inf), (1.0, nan), (1e10, -1e10)]
POW_INT = [(0.0, 0.0), (-0.0, -0.0), (1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (-1.0, 0.0), (-2.0, 0.0),
           (-3.0, -0.0), (7.0, 0.0), (99.0, 0.0), (-99.0, 0.0)]
POW_FRAC = [(0.5, 0.0), (-0.5, 0.0), (1.5, -0.0), (0.0, 1.0), (1.0, 1.0), (-0.5, 2.0),
            (2.5, -1.0), (nan, 0.0), (inf, 0.0), (-inf, 0.0), (1.0, nan), (-1.0, -0.5)]
POW_NEAR_ONE = [(1.001, 0.002), (0.999, -0.001), (1.0, 1e-3), (1.0, 0.0), (-1.0, 0.0),
                (0.0, 1.0), (1.0 + 1e-6, 0.0), (0.9995, 0.03)]
POW_LARGE = [(100.0, 0.0), (101.0, 0.0), (-100.0, 0.0), (150.5, 0.0), (-101.0, -0.0),
             (120.0, 0.0), (100.0, 1e-3), (99.5, 0.0)]
ZERO = [(0.0, 0.0), (-0.0, -0.0)]
LARGE_LOG = [(0.0, -1e-5), (1e10, -1e10)]  # bases whose |log a| is large, in the exact line only
POWER_LINES = [  # (tol, pairs)
    (0, [(a, b) for a in POW_BASE for b in POW_INT] + [(a, b) for a in ZERO for b in POW_FRAC]),
    (16, [(a, b) for a in POW_BASE if a not in ZERO + LARGE_LOG for b in POW_FRAC]),
    (8, [(a, b) for a in POW_NEAR_ONE for b in POW_LARGE]),
]

UNARY = {
    "reciprocal": np.reciprocal, "absolute": np.absolute, "angle": np.angle, "exp": np.exp,
    "exp2": np.exp2, "expm1": np.expm1, "log": np.log, "log2": np.log2, "log10": np.log10,
    "log1p": np.log1p, "sqrt": np.sqrt, "square": np.square, "sin": np.sin, "cos": np.cos,
    "tan": np.tan, "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh, "arcsin": np.arcsin,
    "arccos": np.arccos, "arctan": np.arctan, "arcsinh": np.arcsinh, "arccosh": np.arccosh,
    "arctanh": np.arctanh, "sign": np.sign, "negative": np.negative,
    "conjugate": np.conjugate,
}
BINARY = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply,
          "divide": np.divide, "power": np.power}


def array(pairs, dt):
    """The pairs as a contiguous array of dt (each part rounded to the dtype's float)."""
    ft = DTYPES[dt]
    out = np.empty(len(pairs), dtype=dt)
    out.real = np.array([p[0] for p in pairs], dtype=np.float64).astype(ft)
    out.imag = np.array([p[1] for p in pairs], dtype=np.float64).astype(ft)
    return out


def unique(pairs, dt):
    """pairs without those that are the same in dt (bitwise, after rounding)."""
    arr = array(pairs, dt)
    seen, out = set(), []
    for p, key in zip(pairs, arr.view(f"V{arr.itemsize}").tolist()):
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def unary_inputs(name, dt):
    common = ([(a, b) for a in SPECIAL for b in SPECIAL] + ORDINARY + HUGE[dt] + TINY[dt]
              + near_one(dt) + BRANCH)
    family = FAMILY.get(name)
    extra = EXTRA[family][dt] if family else []
    if name in SWAPPED:
        extra = [(b, a) for a, b in extra]
    return unique(common + extra, dt)


def fmt(x):
    x = float(x)
    return "nan" if math.isnan(x) else repr(x)


def parts(values):
    """Parts of a complex array (re im re im ...) or a real array, as text."""
    if np.iscomplexobj(values):
        values = np.stack([values.real, values.imag], axis=-1).ravel()
    return " ".join(fmt(v) for v in values)


def line(name, dt, tol, operands, result):
    fields = [f"{name} {dt} {tol}"] + [parts(op) for op in operands] + [parts(result)]
    return " | ".join(fields)


def main():
    lines = []
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for dt in DTYPES:
            for name, func in UNARY.items():
                a = array(unary_inputs(name, dt), dt)
                assert len(a) <= MAX_PAIRS, (name, dt, len(a))
                lines.append(line(name, dt, TOL[name], [a], func(a)))
            for name, func in BINARY.items():
                if name == "power":
                    cases = POWER_LINES
                else:
                    cases = [(TOL[name], [(x, y) for x in PAIR_A[dt] for y in PAIR_B[dt]])]
                for tol, pairs in cases:
                    assert len(pairs) <= MAX_PAIRS, (name, dt, len(pairs))
                    a = array([p[0] for p in pairs], dt)
                    b = array([p[1] for p in pairs], dt)
                    result = func(a, b)
                    assert result.dtype == dt
                    lines.append(line(name, dt, tol, [a, b], result))
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT} ({len(lines)} lines)")


if __name__ == "__main__":
    main()
