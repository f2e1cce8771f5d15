#!/usr/bin/env python3
"""Writes NumPy's numpy.fft results into test/fixtures/fft.txt, read by test/fft/. Run from
anywhere with NumPy 2: python3 scripts/gen_fft_fixtures.py. The output is committed.

The line format is gen_linalg_fixtures.py's (its write()), one line per case and input dtype
(float64, complex128; the tests also run them in float32 and complex64, and the lines whose
float64 input holds small integers in int32 and float16):
  <function>[:<key>=<value>...] <dtype> <shape of a> - | <a> | <output> | <shape of output>
The keys are the call's arguments that are not NumPy's defaults: n, axis, s, axes (comma-separated
lists), norm, and d (fftfreq, rfftfreq, whose n is the key n and whose a is empty). The output is
complex (re im pairs) or real as NumPy's result.
"""
import itertools
import pathlib
import sys
import warnings

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from gen_linalg_fixtures import write  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "fft.txt"
rng = np.random.default_rng(20261216)

NORMS = ["backward", "ortho", "forward"]
LENGTHS = [1, 2, 5, 8, 12, 17, 31]
ONE_AXIS = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
REAL_IN = {"rfft", "ihfft", "rfft2", "rfftn"}  # NumPy raises TypeError for complex input
C2R = {"irfft", "hfft", "irfft2", "irfftn"}  # default length of the last axis 2 (m - 1)


def random(dtype, shape, integers=False):
    if integers:  # small integers: exact in int32 and float16
        a = rng.integers(-8, 9, shape).astype(np.float64)
    else:  # three decimals: short lines, the outputs keep every digit
        a = np.round(rng.standard_normal(shape), 3)
    if dtype == "complex128":
        b = rng.integers(-8, 9, shape) if integers else np.round(rng.standard_normal(shape), 3)
        a = a + 1j * b
    return a


def name_of(func, **kw):
    parts = [func]
    for k, v in kw.items():
        if v is None:
            continue
        if isinstance(v, (tuple, list)):
            v = ",".join(str(e) for e in v)
        parts.append(f"{k}={v}")
    return ":".join(parts)


def call(func, a, **kw):
    f = getattr(np.fft, func)
    args = {k: v for k, v in kw.items() if v is not None}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no deprecated spelling (s without axes) in the fixture
        out = f(a, **args)
    return out


def case(func, a, **kw):
    out = call(func, a, **kw)
    return name_of(func, **kw), a, None, [out, np.array(out.shape, dtype=float)]


def one_axis_cases(dtype):
    for func in ONE_AXIS:
        if func in REAL_IN and dtype != "float64":
            continue
        c2r = func in C2R
        # every length, every norm, 1-D
        for length in LENGTHS:
            for norm in NORMS if length in (2, 5, 8, 17) else ["backward"]:
                if c2r and length == 1:
                    continue  # default n = 0: the error, tested in C++
                a = random(dtype, (length,), integers=length in (5, 8) and norm == "backward")
                yield case(func, a, norm=None if norm == "backward" else norm)
        # n cropping and padding, and c2r's explicit odd n
        for length, n in [(8, 5), (8, 13), (12, 7), (5, 16), (1, 4), (17, 17)]:
            a = random(dtype, (length,), integers=length == 8)
            yield case(func, a, n=n)
            yield case(func, a, n=n, norm="ortho")
        if c2r:
            for length, n in [(5, 9), (5, 8), (8, 15), (8, 1), (12, 3), (1, 1), (1, 3), (3, 2)]:
                yield case(func, random(dtype, (length,)), n=n)
        # axes of 2-D and 3-D arrays, with and without n
        a2 = random(dtype, (4, 6), integers=True)
        for axis, n in [(0, None), (1, None), (-1, None), (-2, None), (0, 7), (-1, 4)]:
            yield case(func, a2, n=n, axis=axis)
        a3 = random(dtype, (2, 3, 5))
        for axis, n in [(0, None), (1, None), (2, None), (-1, None), (1, 6), (1, 2), (0, 3),
                        (-2, 2)]:
            yield case(func, a3, n=n, axis=axis, norm="forward" if n == 6 else None)


def all_orders(ndim):
    for k in range(1, ndim + 1):
        yield from itertools.permutations(range(ndim), k)


def many_axes_cases(dtype):
    for func in ["fftn", "ifftn", "rfftn", "irfftn"]:
        if func in REAL_IN and dtype != "float64":
            continue
        c2r = func in C2R
        # every axes combination and order, 2-D and 3-D
        a2 = random(dtype, (4, 6), integers=True)
        yield case(func, a2)
        for axes in all_orders(2):
            yield case(func, a2, axes=axes)
        a3 = random(dtype, (2, 3, 5))
        yield case(func, a3)
        for axes in all_orders(3):
            # ifftn of complex input: the orders of two axes (fftn's and float64 input's have all)
            if func != "ifftn" or dtype == "float64" or len(axes) == 2:
                yield case(func, a3, axes=axes)
        # negative and repeated axes
        for axes in [(-1,), (-3, -1), (0, 0), (2, 0, 2), (0, 0, 1), (1, 0, 1), (2, -1),
                     (-3, 0, 1)]:
            yield case(func, a3, axes=axes)
        yield case(func, a3, axes=(1, 1, 2), norm="ortho")  # the norm of each repeat
        yield case(func, a3, axes=(0, 2, 2), norm="forward")
        # s: crop and pad, with axes in any order (repeated axes with different lengths: the
        # order of NumPy's loop)
        a = random(dtype, (3, 2, 4))
        for s, axes in [((1, 3), (1, 2)), ((4, 6), (0, 2)), ((2, 5), (2, 0)), ((3,), (1,)),
                        ((3, 2, 4), (0, 1, 2)), ((2, 3, 5), (2, 1, 0)), ((1, 1), (0, 1)),
                        ((2, 4), (0, 0)), ((4, 2, 3), (0, 0, 1)), ((3, 1, 4), (1, 0, 1)),
                        ((6, 3), (2, 2))]:
            yield case(func, a, s=s, axes=axes)
        # norms
        for norm in ["ortho", "forward"]:
            yield case(func, a3, norm=norm)
            yield case(func, a, s=(2, 5), axes=(0, 2), norm=norm)
        if c2r:  # odd last lengths
            yield case(func, a3, s=(3, 9), axes=(1, 2))
            yield case(func, a2, s=(5,), axes=(0,))
    for func in ["fft2", "ifft2", "rfft2", "irfft2"]:
        if func in REAL_IN and dtype != "float64":
            continue
        a2 = random(dtype, (6, 5), integers=True)
        yield case(func, a2)
        a3 = random(dtype, (2, 4, 6))
        yield case(func, a3)
        yield case(func, a3, axes=(0, 2))
        yield case(func, a3, axes=(2, 0))
        yield case(func, a3, s=(3, 8), axes=(-2, -1))
        yield case(func, a3, s=(5, 3), axes=(1, 0), norm="ortho")
        yield case(func, a2, norm="forward")


def helper_cases(dtype):
    if dtype == "float64":
        empty = np.zeros(0)
        for func in ["fftfreq", "rfftfreq"]:
            for n in [1, 2, 5, 8, 17]:
                for d in [1.0, 0.5, 0.1]:
                    out = getattr(np.fft, func)(n, d)
                    shape_ = np.array(out.shape, float)
                    yield name_of(func, n=n, d=repr(d)), empty, None, [out, shape_]
    for func in ["fftshift", "ifftshift"]:
        for shape_, axes in [((1,), None), ((4,), None), ((5,), None), ((3, 4), None),
                             ((3, 4), (0,)), ((3, 4), (1,)), ((3, 4), (-1,)), ((3, 4), (1, 0)),
                             ((2, 3, 5), None), ((2, 3, 5), (0, 2)), ((2, 3, 5), (1, 1)),
                             ((2, 3, 5), (2, -1, 1))]:
            a = random(dtype, shape_)
            out = getattr(np.fft, func)(a, axes=axes)
            yield name_of(func, axes=axes), a, None, [out, np.array(out.shape, float)]


def main():
    assert np.lib.NumpyVersion(np.__version__) >= "2.0.0", "NumPy 2's dtypes and rules"
    write(OUT, "numpy.fft results, written by scripts/gen_fft_fixtures.py",
          lambda dtype: list(one_axis_cases(dtype)) + list(many_axes_cases(dtype)) +
          list(helper_cases(dtype)))


if __name__ == "__main__":
    main()
