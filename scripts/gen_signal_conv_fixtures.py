#!/usr/bin/env python3
"""Writes scipy.signal's convolution and smoothing results (convolve, correlate, fftconvolve,
oaconvolve, choose_conv_method, convolve2d, correlate2d, savgol_filter, medfilt, medfilt2d,
wiener) into test/fixtures/signal_conv.txt, read by test/cupx/signal/test_convolution.cpp and
test_smoothing.cpp. Run from anywhere with NumPy 2 and SciPy >= 1.15:
python3 scripts/gen_signal_conv_fixtures.py. The output is committed.

The line format is gen_signal_fixtures.py's:
  <function> <key=value;key=value...> | <name>=r <values> | ...
Keys: x1, x2 (the base arrays, C order; x2 absent for one-input functions) of shapes `s1`, `s2`
and dtype `dtype` (complex arrays as x1re/x1im...); `view`: what the test makes of in1 before the
call (none; flip: reversed along axis 0; T: transposed; step: every second element of axis 0);
the function's arguments by SciPy's names. Outputs: y (C order; complex: yre, yim) and yshape.
"""
import pathlib
import warnings

import numpy as np
import scipy
from scipy import signal

from signal_fixture_lines import line

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "signal_conv.txt"
warnings.simplefilter("ignore")
lines = [f"# scipy.signal convolution and smoothing (scripts/gen_signal_conv_fixtures.py, SciPy {scipy.__version__})"]
rng = np.random.default_rng(2022)


def add(func, kw, **outputs):
    lines.append(line(func, kw, **outputs))


def data(shape, dtype):
    if dtype in ("int64", "int32"):
        return rng.integers(-5, 6, size=shape).astype(dtype)
    if dtype == "complex128":
        return rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
    return rng.standard_normal(shape).astype(dtype)


def view(x, kind):
    if kind == "flip":
        return np.flip(x, 0)
    if kind == "T":
        return x.T
    if kind == "step":
        return x[::2]
    return x


def arrays(kw, name, a):
    if a.dtype.kind == "c":
        kw[name + "re"], kw[name + "im"] = a.real, a.imag
    else:
        kw[name] = a


def result(y):
    y = np.asarray(y)
    if y.dtype.kind == "c":
        return {"yre": y.real, "yim": y.imag, "yshape": list(y.shape)}
    return {"y": y, "yshape": list(y.shape)}


# ---- convolve / correlate / fftconvolve / oaconvolve ------------------------------------------
def case_conv(func, s1, s2, dtype="float64", mode="full", method=None, axes=None, kind="none"):
    x1, x2 = data(s1, dtype), data(s2, dtype)
    a = view(x1, kind)
    kw = {"s1": list(s1), "s2": list(s2), "dtype": dtype, "view": kind, "mode": mode}
    if method is not None:
        kw["method"] = method
    if axes is not None:
        kw["axes"] = list(axes)
    arrays(kw, "x1", x1)
    arrays(kw, "x2", x2)
    f = getattr(signal, func)
    if func in ("convolve", "correlate"):
        y = f(a, x2, mode=mode, method=method)
    else:
        y = f(a, x2, mode=mode, axes=axes)
    add(func, kw, **result(y))


for func in ["convolve", "correlate"]:
    for method in ["direct", "fft", "auto"]:
        for mode in ["full", "same", "valid"]:
            for s1, s2 in [((1,), (1,)), ((7,), (3,)), ((8,), (4,)), ((10,), (5,)), ((3,), (8,)),
                           ((4,), (9,)), ((50,), (13,)), ((6, 7), (3, 2)), ((5, 4), (2, 5)) if mode != "valid" else ((5, 4), (2, 3)),
                           ((3, 4), (6, 9)), ((4, 5, 6), (2, 3, 3)), ((3, 3, 4), (5, 4, 4))]:
                case_conv(func, s1, s2, "float64", mode, method)
        for dtype in ["float32", "int64", "complex128"]:
            for mode in ["full", "same", "valid"]:
                case_conv(func, (9,), (4,), dtype, mode, method)
                case_conv(func, (6, 5), (3, 2), dtype, mode, method)
        for kind in ["flip", "T", "step"]:
            case_conv(func, (8, 6), (3, 3), "float64", "same", method, kind=kind)
            case_conv(func, (8, 6), (3, 3), "float32", "full", method, kind=kind)
# large enough for auto to choose fft
case_conv("convolve", (600,), (200,), "float64", "same", "auto")
case_conv("convolve", (60, 60), (30, 30), "float32", "full", "auto")

for func in ["fftconvolve", "oaconvolve"]:
    for mode in ["full", "same", "valid"]:
        for s1, s2 in [((7,), (3,)), ((8,), (8,)), ((3,), (8,)), ((100,), (9,)), ((300,), (77,)),
                       ((9,), (120,)), ((20, 30), (3, 4)), ((24, 20), (5, 5)), ((120, 4), (20, 3)),
                       ((4, 5, 6), (2, 3, 3))]:
            case_conv(func, s1, s2, "float64", mode)
        for dtype in ["float32", "int64", "complex128"]:
            case_conv(func, (100,), (17,), dtype, mode)
            case_conv(func, (12, 10), (3, 4), dtype, mode)
        # axes: the others broadcast
        case_conv(func, (4, 90), (4, 21), "float64", mode, axes=[1])
        case_conv(func, (4, 90), (1, 21), "float64", mode, axes=[-1])
        case_conv(func, (3, 40, 5), (3, 7, 1), "float64", mode, axes=[1])
        case_conv(func, (40, 30), (5, 6), "float64", mode, axes=[0, 1])
    for kind in ["flip", "T", "step"]:
        case_conv(func, (30, 20), (3, 4), "float64", "same", kind=kind)

for s1, s2 in [((100,), (10,)), ((10,), (100,)), ((3000,), (400,)), ((100000,), (100,)),
               ((200, 200), (30, 30)), ((50, 50), (3, 3)), ((10, 10, 10), (3, 3, 3))]:
    for mode in ["full", "same", "valid"]:
        x1, x2 = np.zeros(s1), np.zeros(s2)
        m = signal.choose_conv_method(x1, x2, mode=mode)
        add("choose_conv_method", {"s1": list(s1), "s2": list(s2), "mode": mode},
            fft=[1.0 if m == "fft" else 0.0])

# ---- convolve2d / correlate2d -------------------------------------------------------------------
for func in ["convolve2d", "correlate2d"]:
    for boundary in ["fill", "wrap", "symm"]:
        for mode in ["full", "same", "valid"]:
            for s1, s2 in [((6, 7), (3, 3)), ((5, 8), (2, 4)), ((4, 4), (5, 6)), ((9, 3), (4, 2)),
                           ((3, 3), (7, 7))]:
                if mode == "valid" and not (all(a >= b for a, b in zip(s1, s2)) or all(b >= a for a, b in zip(s1, s2))):
                    continue
                for dtype in (["float64", "int64", "complex128"] if s1 == (6, 7) else ["float64"]):
                    x1, x2 = data(s1, dtype), data(s2, dtype)
                    fill = 1.5 if boundary == "fill" and s1 == (5, 8) else 0.0
                    if dtype == "complex128" and mode == "valid" and func == "correlate2d":
                        continue
                    kw = {"s1": list(s1), "s2": list(s2), "dtype": dtype, "view": "none",
                          "mode": mode, "boundary": boundary, "fillvalue": fill}
                    arrays(kw, "x1", x1)
                    arrays(kw, "x2", x2)
                    y = getattr(signal, func)(x1, x2, mode=mode, boundary=boundary, fillvalue=fill)
                    add(func, kw, **result(y))

# ---- savgol_filter ------------------------------------------------------------------------------
for mode in ["interp", "mirror", "constant", "nearest", "wrap"]:
    for wl, po in [(5, 2), (7, 3), (11, 4), (6, 2), (9, 0), (31, 3), (1, 0)]:
        for deriv in range(0, min(po, 2) + 1 if po else 1):
            layouts = [("float64", (40,), -1, "none"),
                                              ("float32", (40,), 0, "none"),
                                              ("float64", (12, 35), 1, "none"),
                                              ("float64", (35, 6), 0, "T"),
                                              ("int64", (40,), 0, "none"),
                                              ("float64", (70, 3), 0, "step"),
                                              ("float64", (40, 4), 0, "flip")]
            for dtype, shape, axis, kind in [layouts[(wl + deriv) % 7], layouts[(wl + deriv + 3) % 7]]:
                if mode == "interp" and wl > view(np.zeros(shape), kind).shape[axis]:
                    continue
                x = data(shape, dtype)
                a = view(x, kind)
                cval = 0.5 if mode == "constant" else 0.0
                delta = 0.5 if deriv else 1.0
                y = signal.savgol_filter(a, wl, po, deriv=deriv, delta=delta, axis=axis,
                                         mode=mode, cval=cval)
                add("savgol_filter", {"s1": list(shape), "dtype": dtype, "view": kind, "x1": x,
                                      "window_length": wl, "polyorder": po, "deriv": deriv,
                                      "delta": delta, "axis": axis, "mode": mode, "cval": cval},
                    **result(y))

# ---- medfilt / medfilt2d / wiener -----------------------------------------------------------------
for shape, ks in [((30,), [3]), ((30,), [5]), ((31,), [7]), ((4,), [7]), ((12, 9), [3, 3]),
                  ((12, 9), [5, 3]), ((12, 9), [1, 5]), ((6, 5, 7), [3, 3, 3])]:
    for dtype in ["float64", "float32", "int64"]:
        x = data(shape, dtype)
        y = signal.medfilt(x, ks)
        add("medfilt", {"s1": list(shape), "dtype": dtype, "view": "none", "x1": x,
                        "kernel_size": ks}, **result(y))
        if len(shape) == 2:
            y = signal.medfilt2d(x, ks)
            add("medfilt2d", {"s1": list(shape), "dtype": dtype, "view": "none", "x1": x,
                              "kernel_size": ks}, **result(y))
for shape, mysize, noise in [((40,), None, None), ((40,), [5], None), ((15, 12), None, None),
                             ((15, 12), [3, 5], None), ((15, 12), [4, 4], None),
                             ((15, 12), [3, 3], 0.5), ((6, 7, 5), None, None)]:
    for dtype in ["float64", "float32"]:
        x = data(shape, dtype)
        y = signal.wiener(x, mysize, noise)
        add("wiener", {"s1": list(shape), "dtype": dtype, "view": "none", "x1": x,
                       "mysize": mysize, "noise": noise}, **result(y))

OUT.write_text("\n".join(lines) + "\n")
print(f"{OUT}: {len(lines) - 1} cases")
