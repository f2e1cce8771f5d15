#!/usr/bin/env python3
"""Writes scipy.signal's filtering results (lfilter, lfilter_zi, sosfilt, sosfilt_zi, filtfilt,
sosfiltfilt) into test/fixtures/signal_filtering.txt, read by test/cupx/signal/test_filtering.cpp.
Run from anywhere with NumPy 2 and SciPy >= 1.15: python3 scripts/gen_signal_filter_fixtures.py.
The output is committed.

The line format is gen_signal_fixtures.py's:
  <function> <key=value;key=value...> | <name>=r <values> | ...
Keys: b, a (coefficients) or sos (flattened, `sections` rows) with their dtype `cdtype`; x (the
base array, C order) of `shape` and dtype `dtype`; `view` what the test makes of it before
filtering (none; flip: reversed along `axis`, a negative stride; T: transposed; step: every
second element of axis 0); axis; zi (with `zshape`, dtype float64) or none; padtype, padlen.
Outputs: y (C order) with its `yshape`, zf (C order) with its `zfshape`.
"""
import pathlib
import warnings

import numpy as np
import scipy
from scipy import signal

from signal_fixture_lines import fmt, line

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "signal_filtering.txt"
warnings.simplefilter("ignore")
lines = [f"# scipy.signal filtering (scripts/gen_signal_filter_fixtures.py, SciPy {scipy.__version__})"]
rng = np.random.default_rng(22)


def add(func, kw, **outputs):
    lines.append(line(func, kw, **outputs))


def data(shape, dtype):
    if dtype == "int64":
        return rng.integers(-5, 6, size=shape).astype(np.int64)
    return rng.standard_normal(shape).astype(dtype)


def view(x, kind, axis):
    if kind == "flip":
        return np.flip(x, axis)
    if kind == "T":
        return x.T
    if kind == "step":
        return x[::2]
    return x


def scipy_dtype(*arrays):
    """SciPy refuses integer-only inputs; cupx computes them in float64."""
    dt = np.result_type(*arrays)
    return np.float64 if dt.kind in "biu" else dt


def lf(b, a, x, axis, zi=None):
    dt = scipy_dtype(b, a, x, *([] if zi is None else [zi]))
    b, a, x = b.astype(dt), a.astype(dt), x.astype(dt)
    if zi is None:
        return signal.lfilter(b, a, x, axis=axis), None
    return signal.lfilter(b, a, x, axis=axis, zi=zi.astype(dt))


DESIGNS = []
for family in ["butter", "cheby1", "cheby2", "ellip"]:
    for order in range(1, 9):
        wn = [0.2, 0.45][order % 2] if order % 3 else [0.15, 0.4]
        DESIGNS.append((family, order, wn))


def design(family, order, wn, output):
    kw = {"rp": 1.0, "rs": 40.0, "ftype": family, "output": output}
    return signal.iirfilter(order, wn, btype="band" if isinstance(wn, list) else "low", **kw)


# ---- lfilter --------------------------------------------------------------------------------
def case_lfilter(b, a, shape, axis, dtype="float64", cdtype="float64", zi=False, kind="none",
                 zishape=None):
    b = np.asarray(b).astype(cdtype)
    a = np.asarray(a).astype(cdtype)
    base = data(shape, dtype)
    x = view(base, kind, axis)
    p = max(len(a), len(b)) - 1
    z = None
    if zi:
        zs = list(x.shape)
        zs[axis] = p
        if zishape is not None:
            zs = zishape
        z = rng.standard_normal(zs)
    y, zf = lf(b, a, x, axis, z)
    kw = {"b": b, "a": a, "cdtype": cdtype, "x": base, "shape": list(shape), "dtype": dtype,
          "view": kind, "axis": axis, "zi": z, "zshape": None if z is None else list(z.shape)}
    outs = {"y": y, "yshape": list(y.shape)}
    if zf is not None:
        outs.update(zf=zf, zfshape=list(zf.shape))
    add("lfilter", kw, **outs)


for family, order, wn in DESIGNS:
    b, a = design(family, order, wn, "ba")
    case_lfilter(b, a, (120,), -1)
    if order in (2, 5, 8):
        case_lfilter(b, a, (3, 40), 1, zi=True)
b4, a4 = signal.butter(4, 0.1)
for n in [0, 1, 2, 3, 7, 64, 2001]:
    case_lfilter(b4, a4, (n,), 0)
    if n:  # n = 0 with zi: SciPy 1.17's zf is uninitialised memory (cupx: zf = zi)
        case_lfilter(b4, a4, (n,), -1, zi=True)
# FIR only (SciPy's convolution path), a[0] != 1, b longer and shorter than a
fir = signal.firwin(15, 0.3)
case_lfilter(fir, [1.0], (300,), 0)
case_lfilter(fir, [1.0], (4, 50), 1, zi=True)
case_lfilter(fir, [2.5], (4, 50), 0, zi=True)
case_lfilter([0.5], [2.0], (5, 6), 1, zi=True)
case_lfilter([0.5], [2.0], (30,), 0)
case_lfilter(b4 * 3.0, a4 * 3.0, (200,), 0)
case_lfilter(b4 * 0.5, a4 * -0.5, (4, 30), 1, zi=True)
case_lfilter([1.0, -0.3, 0.2, 0.1, 0.05, -0.02], [1.0, -0.5], (120,), 0, zi=True)
case_lfilter([0.2], [1.0, -1.2, 0.5, -0.1], (120,), 0, zi=True)
case_lfilter([0.3, 0.3], [1.0, -0.8, 0.2, 0.05], (3, 60), 1)
# dtypes: float32 data and coefficients, float32 data with float64 coefficients, integers
b2, a2 = signal.butter(2, 0.3)
case_lfilter(b2, a2, (500,), 0, dtype="float32", cdtype="float32")
case_lfilter(b2, a2, (3, 100), 1, dtype="float32", cdtype="float32", zi=True)
case_lfilter(b4, a4, (500,), 0, dtype="float32")
case_lfilter(b2, a2, (100,), 0, dtype="int64")
case_lfilter([1, 2, 1], [1], (50,), 0, dtype="int64", cdtype="int64")
case_lfilter([1, 2, 1], [4, 1], (50,), 0, dtype="int64", cdtype="int64", zi=True)
# N-D, every axis (negative too), views
for shape in [(5, 33), (4, 3, 21)]:
    for axis in range(-len(shape), len(shape)):
        case_lfilter(b4, a4, shape, axis, zi=axis % 2 == 0)
case_lfilter(b4, a4, (4, 3, 21), 1, kind="flip", zi=True)
case_lfilter(b4, a4, (6, 25), 1, kind="flip")
case_lfilter(b4, a4, (6, 25), 0, kind="T", zi=True)
case_lfilter(b4, a4, (10, 25), 1, kind="step", zi=True)
case_lfilter(b4, a4, (10, 3, 25), 0, kind="step")
# zi broadcast along axes of extent 1 (SciPy's C path)
case_lfilter(b4, a4, (4, 3, 21), 1, zi=True, zishape=[1, 4, 21])
case_lfilter(b4, a4, (4, 3, 21), 2, zi=True, zishape=[4, 1, 4])


# ---- sosfilt --------------------------------------------------------------------------------
def case_sosfilt(sos, shape, axis, dtype="float64", cdtype="float64", zi=False, kind="none"):
    sos = np.asarray(sos).astype(cdtype)
    base = data(shape, dtype)
    x = view(base, kind, axis)
    dt = scipy_dtype(sos, x)
    z = None
    if zi:
        zs = list(x.shape)
        zs[axis] = 2
        z = rng.standard_normal([sos.shape[0]] + zs)
        dt = scipy_dtype(sos, x, z)
        y, zf = signal.sosfilt(sos.astype(dt), x.astype(dt), axis=axis, zi=z.astype(dt))
    else:
        y, zf = signal.sosfilt(sos.astype(dt), x.astype(dt), axis=axis), None
    kw = {"sos": sos, "sections": sos.shape[0], "cdtype": cdtype, "x": base, "shape": list(shape),
          "dtype": dtype, "view": kind, "axis": axis, "zi": z,
          "zshape": None if z is None else list(z.shape)}
    outs = {"y": y, "yshape": list(y.shape)}
    if zf is not None:
        outs.update(zf=zf, zfshape=list(zf.shape))
    add("sosfilt", kw, **outs)


for family, order, wn in DESIGNS:
    sos = design(family, order, wn, "sos")
    case_sosfilt(sos, (120,), 0)
    if order in (3, 8):
        case_sosfilt(sos, (3, 50), -1, zi=True)
sos8 = signal.butter(8, 0.1, output="sos")
for n in [1, 2, 5, 2001]:  # n = 0: SciPy 1.17 fails to reshape (cupx: empty)
    case_sosfilt(sos8, (n,), 0, zi=n % 2 == 1)
case_sosfilt(sos8, (400,), 0, dtype="float32", cdtype="float32")
case_sosfilt(sos8, (400,), 0, dtype="float32")
case_sosfilt(sos8, (100,), 0, dtype="int64")
for shape in [(5, 33), (4, 3, 21)]:
    for axis in range(-len(shape), len(shape)):
        case_sosfilt(sos8, shape, axis, zi=axis % 2 == 1)
case_sosfilt(sos8, (4, 3, 21), 2, kind="flip", zi=True)
case_sosfilt(sos8, (6, 25), 0, kind="T")
case_sosfilt(sos8, (10, 25), 1, kind="step", zi=True)
case_sosfilt(sos8[:1].ravel(), (40,), 0)  # a 1-D sos: one section

# ---- lfilter_zi, sosfilt_zi -----------------------------------------------------------------
for family, order, wn in DESIGNS:
    b, a = design(family, order, wn, "ba")
    add("lfilter_zi", {"b": b, "a": a, "cdtype": "float64"}, zi=signal.lfilter_zi(b, a))
    sos = design(family, order, wn, "sos")
    add("sosfilt_zi", {"sos": sos, "sections": sos.shape[0], "cdtype": "float64"},
        zi=signal.sosfilt_zi(sos))
for b, a in [([1.0, 2.0, 3.0], [1.0]), ([1.0], [1.0, -0.5, 0.1]), ([2.0, 1.0], [4.0, -1.0, 0.5]),
             (fir, [1.0])]:
    add("lfilter_zi", {"b": b, "a": a, "cdtype": "float64"}, zi=signal.lfilter_zi(b, a))
add("lfilter_zi", {"b": b2.astype(np.float32), "a": a2.astype(np.float32), "cdtype": "float32"},
    zi=signal.lfilter_zi(b2.astype(np.float32), a2.astype(np.float32)))


# ---- filtfilt, sosfiltfilt ------------------------------------------------------------------
def case_ff(func, coef, shape, axis, padtype="odd", padlen=None, dtype="float64", kind="none",
            method="pad", irlen=None):
    base = data(shape, dtype)
    x = view(base, kind, axis)
    xf = x.astype(np.float64) if dtype == "int64" else x
    if func == "filtfilt":
        b, a = coef
        y = signal.filtfilt(b, a, xf, axis=axis, padtype=None if padtype == "none" else padtype,
                            padlen=padlen, method=method, irlen=irlen)
        kw = {"b": b, "a": a}
        if method == "gust":
            kw.update(method=method, irlen=irlen)
    else:
        y = signal.sosfiltfilt(coef, xf, axis=axis,
                               padtype=None if padtype == "none" else padtype, padlen=padlen)
        kw = {"sos": coef, "sections": coef.shape[0]}
    kw.update(cdtype="float64", x=base, shape=list(shape), dtype=dtype, view=kind, axis=axis,
              padtype=padtype, padlen=padlen)
    add(func, kw, y=y, yshape=list(y.shape))


for family, order, wn in DESIGNS[::3]:
    case_ff("filtfilt", design(family, order, wn, "ba"), (300,), 0)
    case_ff("sosfiltfilt", design(family, order, wn, "sos"), (300,), 0)
sos4 = signal.butter(4, 0.1, output="sos")
sos3 = signal.cheby1(3, 1.0, 0.2, output="sos")  # an odd order: one section of first order
for padtype in ["odd", "even", "constant", "none"]:
    for padlen in [None, 0, 5, 99]:
        case_ff("filtfilt", (b4, a4), (100,), 0, padtype, padlen)
        case_ff("sosfiltfilt", sos4, (100,), 0, padtype, padlen)
    case_ff("sosfiltfilt", sos3, (60,), 0, padtype)
case_ff("filtfilt", (b4, a4), (16,), 0)
case_ff("filtfilt", (fir, [1.0]), (80,), 0)
case_ff("filtfilt", ([0.2, 0.3], [1.5, -0.4]), (10,), 0)
case_ff("filtfilt", (b4, a4), (500,), 0, dtype="float32")
case_ff("sosfiltfilt", sos4, (500,), 0, dtype="float32")
case_ff("filtfilt", (b4, a4), (60,), 0, dtype="int64")
for shape in [(5, 40), (4, 3, 41)]:
    for axis in range(-len(shape), len(shape)):
        if shape[axis] > 15:
            case_ff("filtfilt", (b4, a4), shape, axis, padlen=9)
            case_ff("sosfiltfilt", sos4, shape, axis, padlen=9)
case_ff("filtfilt", (b4, a4), (6, 40), 1, kind="flip")
case_ff("sosfiltfilt", sos4, (6, 40), 0, kind="T")
case_ff("sosfiltfilt", sos4, (10, 3, 40), 2, kind="step", padtype="even")
case_ff("sosfiltfilt", sos8, (2001,), 0)
# Gustafsson's method: the whole signal's impulse response (irlen None), a truncated one, and
# irlen at least half the signal (the whole again); axes, float32 and a FIR, order 0
for family, order, wn in DESIGNS[::4]:
    case_ff("filtfilt", design(family, order, wn, "ba"), (200,), 0, method="gust")
case_ff("filtfilt", (b4, a4), (100,), 0, method="gust", irlen=20)
case_ff("filtfilt", (b4, a4), (100,), 0, method="gust", irlen=60)
case_ff("filtfilt", (b4, a4), (5, 40), 1, method="gust")
case_ff("filtfilt", (b4, a4), (40, 3), 0, method="gust", irlen=10)
case_ff("filtfilt", (b4, a4), (300,), 0, dtype="float32", method="gust")
case_ff("filtfilt", (fir, [1.0]), (80,), 0, method="gust")
case_ff("filtfilt", ([0.5], [2.0]), (10,), 0, method="gust")
for n in [1, 2, 3, 5]:  # fewer samples than initial states: SciPy's least-norm solution
    case_ff("filtfilt", (b4, a4), (n,), 0, method="gust")

print(f"{len(lines) - 1} cases -> {OUT}")


# ---- complex data (real coefficients) -------------------------------------------------------
# x's real part is `x`, its imaginary part `xi`; zi's parts `zi` and `zii` (zi alone: real); the
# outputs complex (interleaved re, im after `=c`)
def cout(name, v):
    v = np.ravel(np.asarray(v, dtype=np.complex128))
    return f"{name}=c " + " ".join(f"{float(z.real)!r} {float(z.imag)!r}" for z in v)


def case_complex(func, coef, shape, axis, dtype="complex128", zi=None):
    rdt = np.float32 if dtype == "complex64" else np.float64
    xr, xi = data(shape, rdt), data(shape, rdt)
    x = (xr + 1j * xi).astype(dtype)
    kw = {"x": xr, "xi": xi, "shape": list(shape), "dtype": dtype, "axis": axis}
    if func in ("lfilter", "filtfilt"):
        b, a = coef
        kw.update(b=b, a=a)
    else:
        kw.update(sos=coef, sections=coef.shape[0])
    outs = {}
    if zi is not None:
        zs = list(shape)
        zs[axis] = 2 if func == "sosfilt" else max(len(coef[0]), len(coef[1])) - 1
        if func == "sosfilt":
            zs = [coef.shape[0]] + zs
        zr = rng.standard_normal(zs)
        z = zr + 1j * rng.standard_normal(zs) if zi == "complex" else zr
        kw.update(zi=zr, zshape=zs)
        if zi == "complex":
            kw.update(zii=np.imag(z))
        y, zf = (signal.lfilter(coef[0], coef[1], x, axis=axis, zi=z) if func == "lfilter"
                 else signal.sosfilt(coef, x, axis=axis, zi=z))
        outs.update(zf=zf)
    elif func == "lfilter":
        y = signal.lfilter(coef[0], coef[1], x, axis=axis)
    elif func == "sosfilt":
        y = signal.sosfilt(coef, x, axis=axis)
    elif func == "filtfilt":
        y = signal.filtfilt(coef[0], coef[1], x, axis=axis)
    else:
        y = signal.sosfiltfilt(coef, x, axis=axis)
    kw.update(ydtype=str(y.dtype))
    keys = ";".join(f"{k}={fmt(v)}" for k, v in kw.items())
    lines.append(f"{func}_complex {keys} | " + " | ".join(
        cout(n, v) for n, v in {"y": y, **outs}.items()))


for dtype in ["complex128", "complex64"]:
    case_complex("lfilter", (b4, a4), (150,), 0, dtype)
    case_complex("lfilter", (b4, a4), (3, 40), 1, dtype, zi="complex")
    case_complex("lfilter", (fir, [1.0]), (4, 30), 0, dtype, zi="real")
    case_complex("sosfilt", sos8, (200,), 0, dtype)
    case_complex("sosfilt", sos8, (3, 50), -1, dtype, zi="complex")
    case_complex("filtfilt", (b4, a4), (120,), 0, dtype)
    case_complex("filtfilt", (b4, a4), (3, 60), 1, dtype)
    case_complex("sosfiltfilt", sos4, (2, 80), 1, dtype)


# ---- both paths of the CUDA recurrence ------------------------------------------------------
# (appended last, so the cases above keep their data.) Narrow-band filters (large entries in the
# powers of the companion matrix) run in order, in warmed-up segments of 4096 samples, the rest
# the chunked scan; rows longer than 2048 samples cross the scan's tiles and its carry.
b02, a02 = signal.butter(4, 0.02)
case_lfilter(b4, a4, (2600,), 0, zi=True)
case_lfilter(b02, a02, (600,), 0)
case_lfilter(b02, a02, (6, 300), 1, zi=True)
case_lfilter(b2, a2, (2600,), 0, dtype="float32", cdtype="float32")
case_lfilter(b4, a4, (600,), 0, dtype="float32", cdtype="float32")
case_sosfilt(signal.butter(8, 0.005, output="sos"), (600,), 0)
case_ff("filtfilt", (b02, a02), (600,), 0)
# an unstable pole (its powers overflow: the gated path, large finite values as SciPy's loop) and
# an integrator (powers all 1: the scan)
case_lfilter([1.0], [1.0, -1.1], (300,), 0)
case_lfilter([0.5, 0.5], [1.0, -1.0], (3000,), 0)
# rows of several 4096-sample segments on the gated path, warmed up over W = 4096 samples
# (butter(4, 0.02)) and over float32's shorter W (butter(4, 0.1), float32 coefficients)
case_lfilter(b02, a02, (8500,), 0, zi=True)
case_lfilter(b4, a4, (8500,), 0, dtype="float32", cdtype="float32")

OUT.write_text("\n".join(lines) + "\n")
