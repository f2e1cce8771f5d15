#!/usr/bin/env python3
"""Writes scipy.signal's resampling results (upfirdn, resample_poly, decimate, resample) into
test/fixtures/signal_resample.txt, read by test/cupx/signal/test_resampling.cpp. Run from anywhere
with NumPy 2 and SciPy >= 1.15: python3 scripts/gen_signal_resample_fixtures.py. The output is
committed.

The line format is gen_signal_conv_fixtures.py's:
  <function> <key=value;key=value...> | <name>=r <values> | ...
Keys: x1 (the input, C order; complex as x1re/x1im) of shape s1 and dtype `dtype`, h (upfirdn's
filter), the function's arguments by SciPy's names. Outputs: y (complex: yre, yim), yshape, and
tn (resample's positions).
"""
import pathlib
import warnings

import numpy as np
import scipy
from scipy import signal

from signal_fixture_lines import line

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "signal_resample.txt"
warnings.simplefilter("ignore")
lines = [f"# scipy.signal resampling (scripts/gen_signal_resample_fixtures.py, SciPy {scipy.__version__})"]
rng = np.random.default_rng(22)


def add(func, kw, **outputs):
    lines.append(line(func, kw, **outputs))


def data(shape, dtype):
    if dtype == "int64":
        return rng.integers(-5, 6, size=shape).astype(dtype)
    if dtype == "complex128":
        return rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
    return rng.standard_normal(shape).astype(dtype)


def base(x):
    kw = {"dtype": str(x.dtype), "s1": list(x.shape)}
    if x.dtype.kind == "c":
        kw["x1re"], kw["x1im"] = x.real, x.imag
    else:
        kw["x1"] = x
    return kw


def result(y):
    y = np.asarray(y)
    if y.dtype.kind == "c":
        return {"yre": y.real, "yim": y.imag, "yshape": list(y.shape)}
    return {"y": y, "yshape": list(y.shape)}


# ---- upfirdn ----------------------------------------------------------------------------------
for shape, axis in (((17,), -1), ((5, 9), -1), ((9, 4), 0), ((3, 7, 4), 1)):
    for up, down in ((1, 1), (3, 1), (1, 3), (3, 2), (2, 5), (7, 3)):
        for nh in (1, 4, 11):
            for dtype in ("float64", "float32", "complex128", "int64"):
                if dtype != "float64" and (nh != 11 or len(shape) > 2):
                    continue
                x = data(shape, dtype)
                h = rng.standard_normal(nh)
                kw = base(x) | {"h": h, "up": up, "down": down, "axis": axis, "cval": 0.0}
                add("upfirdn", kw, **result(signal.upfirdn(h, x, up, down, axis=axis)))
for cval in (2.5, -1.0):
    x = data((8,), "float64")
    h = rng.standard_normal(6)
    for up, down in ((1, 1), (2, 3), (3, 1)):
        kw = base(x) | {"h": h, "up": up, "down": down, "axis": -1, "cval": cval}
        add("upfirdn", kw, **result(signal.upfirdn(h, x, up, down, axis=-1, mode="constant", cval=cval)))

for mode in ("wrap", "edge", "smooth", "symmetric", "reflect", "antisymmetric", "antireflect", "line"):
    for n, nh, up, down in ((9, 5, 2, 3), (9, 13, 1, 2), (5, 40, 3, 1), (4, 31, 1, 1), (12, 21, 3, 2)):
        x = data((2, n), "float64")
        h = rng.standard_normal(nh)
        kw = base(x) | {"h": h, "up": up, "down": down, "axis": -1, "cval": 0.0, "mode": mode}
        add("upfirdn", kw, **result(signal.upfirdn(h, x, up, down, axis=-1, mode=mode)))

# ---- resample_poly ----------------------------------------------------------------------------
for shape, axis in (((50,), 0), ((40, 3), 0), ((3, 33), 1), ((2, 25, 2), 1)):
    for up, down in ((3, 2), (2, 3), (1, 4), (5, 1), (6, 4), (3, 3)):
        for dtype in ("float64", "float32", "complex128", "int64"):
            if dtype != "float64" and len(shape) > 1:
                continue
            x = data(shape, dtype)
            kw = base(x) | {"up": up, "down": down, "axis": axis, "padtype": "constant"}
            add("resample_poly", kw, **result(signal.resample_poly(x, up, down, axis=axis)))
x = data((40,), "float64")
for padtype in ("mean", "minimum", "maximum", "edge", "symmetric", "line", "smooth", "reflect"):
    kw = base(x) | {"up": 3, "down": 2, "axis": 0, "padtype": padtype}
    add("resample_poly", kw, **result(signal.resample_poly(x, 3, 2, padtype=padtype)))
kw = base(x) | {"up": 5, "down": 3, "axis": 0, "padtype": "constant", "cval": 1.5}
add("resample_poly", kw, **result(signal.resample_poly(x, 5, 3, cval=1.5)))
for win in (("hamming", None), ("kaiser", 8.0)):
    kw = base(x) | {"up": 2, "down": 3, "axis": 0, "padtype": "constant", "window": win[0], "wparam": win[1]}
    add("resample_poly", kw, **result(signal.resample_poly(x, 2, 3, window=win[0] if win[1] is None else win)))
w = signal.firwin(15, 0.3)
kw = base(x) | {"up": 4, "down": 3, "axis": 0, "padtype": "constant", "warray": w}
add("resample_poly", kw, **result(signal.resample_poly(x, 4, 3, window=w)))

# ---- decimate ---------------------------------------------------------------------------------
for shape, axis in (((120,), -1), ((3, 90), -1), ((70, 2), 0)):
    for q in (2, 3, 5):
        for ftype in ("iir", "fir"):
            for zero_phase in (True, False):
                for dtype in ("float64", "float32"):
                    if dtype == "float32" and len(shape) > 1:
                        continue
                    x = data(shape, dtype)
                    kw = base(x) | {"q": q, "ftype": ftype, "axis": axis, "zero_phase": int(zero_phase)}
                    add("decimate", kw, **result(signal.decimate(x, q, ftype=ftype, axis=axis, zero_phase=zero_phase)))
for zero_phase in (True, False):
    x = data((50,), "complex128")
    kw = base(x) | {"q": 3, "ftype": "fir", "axis": -1, "zero_phase": int(zero_phase)}
    add("decimate", kw, **result(signal.decimate(x, 3, ftype="fir", zero_phase=zero_phase)))
x = data((100,), "float64")
for ftype, n in (("iir", 4), ("fir", 12)):
    kw = base(x) | {"q": 3, "ftype": ftype, "axis": -1, "zero_phase": 1, "n": n}
    add("decimate", kw, **result(signal.decimate(x, 3, n=n, ftype=ftype)))

# ---- resample ---------------------------------------------------------------------------------
for shape, axis in (((16,), 0), ((15,), 0), ((4, 12), 1), ((11, 3), 0)):
    n = shape[axis]
    for num in (n, n - 5, n - 4, n + 5, n + 6, 2 * n):
        for dtype in ("float64", "float32", "complex128"):
            if dtype != "float64" and len(shape) > 1:
                continue
            x = data(shape, dtype)
            kw = base(x) | {"num": num, "axis": axis}
            add("resample", kw, **result(signal.resample(x, num, axis=axis)))
for dtype in ("float64", "complex128"):
    for num in (9, 24, 20, 30):
        x = data((20,), dtype)
        kw = base(x) | {"num": num, "axis": 0, "window": "hann"}
        add("resample", kw, **result(signal.resample(x, num, window="hann")))
        w = rng.uniform(0.5, 1.0, 20)
        kw = base(x) | {"num": num, "axis": 0, "warray": w}
        add("resample", kw, **result(signal.resample(x, num, window=w)))
x = data((12,), "float64")
t = np.linspace(1.0, 3.0, 12)
y, tn = signal.resample(x, 17, t=t)
add("resample", base(x) | {"num": 17, "axis": 0, "t": t}, **result(y), tn=tn)

OUT.write_text("\n".join(lines) + "\n")
print(f"{len(lines) - 1} cases -> {OUT} ({OUT.stat().st_size} bytes)")
