#!/usr/bin/env python3
"""Writes scipy.signal's peak finding and waveform results (find_peaks, peak_prominences,
peak_widths, argrelmax/argrelmin, sawtooth, square, chirp, gausspulse, unit_impulse) into
test/fixtures/signal_peaks.txt, read by test/cupx/signal/test_peaks.cpp and test_waveforms.cpp.
Run from anywhere with NumPy 2 and SciPy >= 1.15: python3 scripts/gen_signal_peaks_fixtures.py.
The output is committed.

The line format is gen_signal_fixtures.py's:
  <function> <key=value;key=value...> | <name>=r <values> | ...
find_peaks' conditions (height, threshold, prominence, width, plateau_size) are written as
  s:V (a number: the minimum), p:LO,HI (a pair, "none" for None), a:V,V,... (an array minimum),
  pa:LO,LO,.../HI,HI,... (a pair of arrays).
Data arrays (x, t) are written once, as `data name=dN | v=r ...` lines, and named by the cases.
Outputs: peaks and every property SciPy returns (under its dict key); peak_prominences and
peak_widths their tuples; argrel* the index arrays idx0, idx1...; waveforms y (and yQ, yenv) with
the result's dtype in the key `ydtype`.
"""
import pathlib
import warnings

import numpy as np
import scipy
from scipy import signal

from signal_fixture_lines import fmt, line

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "signal_peaks.txt"
warnings.simplefilter("ignore")
lines = [f"# scipy.signal peaks and waveforms (scripts/gen_signal_peaks_fixtures.py, SciPy {scipy.__version__})"]
rng = np.random.default_rng(2222)


def add(func, kw, **outputs):
    lines.append(line(func, kw, **outputs))


NAMES = {}


def named(x):
    """The name of a data array written once on its own `data` line (the cases refer to it)."""
    x = np.asarray(x)
    key = (x.dtype.str, x.shape, x.tobytes())
    if key not in NAMES:
        NAMES[key] = f"d{len(NAMES)}"
        add("data", {"name": NAMES[key]}, v=x)
    return NAMES[key]


def cond(c):
    if isinstance(c, np.ndarray):
        return "a:" + fmt(c)
    if isinstance(c, tuple):
        lo, hi = c
        if isinstance(lo, np.ndarray) or isinstance(hi, np.ndarray):
            return "pa:" + fmt(lo) + "/" + fmt(hi)
        return "p:" + fmt(lo) + "," + fmt(hi)
    return "s:" + fmt(c)


# ---- find_peaks ------------------------------------------------------------------------------
def case_fp(x, **kw):
    peaks, props = signal.find_peaks(x, **kw)
    args = {"x": named(np.asarray(x, dtype=np.float64))}
    for k, v in kw.items():
        args[k] = cond(v) if k in ("height", "threshold", "prominence", "width", "plateau_size") \
            else v
    outs = {"peaks": peaks}
    outs.update({k: props[k] for k in sorted(props)})
    outs["keys"] = [len(props)]
    add("find_peaks", args, **outs)


noise = rng.standard_normal(300)
smooth = np.convolve(rng.standard_normal(400), np.hanning(15), mode="same")
plateaus = rng.integers(0, 5, size=200).astype(np.float64)
steps = np.repeat(rng.standard_normal(40), rng.integers(1, 6, size=40))
with_nan = rng.standard_normal(120)
with_nan[[3, 4, 20, 50, 51, 52, 90, 119]] = np.nan
sine = np.sin(np.linspace(0, 20 * np.pi, 501)) * np.linspace(0.2, 2, 501)

for x in [noise, smooth, plateaus, steps, with_nan, sine]:
    case_fp(x)
# signals without peaks and short ones
for x in [[], [1.0], [1.0, 2.0], [2.0, 1.0], [1.0, 2.0, 1.0], [1.0, 1.0, 1.0], np.arange(10.0),
          np.arange(10.0)[::-1], np.full(7, 3.0), [0.0, 1.0, 1.0], [1.0, 1.0, 0.0],
          [0.0, 2.0, 2.0, 2.0, 2.0, 0.0], [0.0, 2.0, 2.0, 3.0, 0.0], [np.nan, 1.0, np.nan],
          [0.0, np.inf, 0.0], [0.0, np.nan, 0.0], [-np.inf, 0.0, -np.inf]]:
    case_fp(np.asarray(x, dtype=np.float64))
# plateau_size alone
for ps in [1, 2, 3, (2, 3), (None, 2), (3, None), (None, None), 2.5]:
    case_fp(plateaus, plateau_size=ps)
    case_fp(steps, plateau_size=ps)
# height
for h in [0.5, -1.0, (0.2, 1.0), (None, 0.5), (1.0, None), (None, None), (1.0, 0.2)]:
    case_fp(noise, height=h)
    case_fp(with_nan, height=h)
case_fp(noise, height=np.linspace(-1, 1, noise.size))
case_fp(noise, height=(np.linspace(-1, 1, noise.size), np.full(noise.size, 1.5)))
case_fp(noise, height=(0.0, np.linspace(0, 2, noise.size)))
# threshold
for t in [0.0, 0.5, 1.0, (0.2, 1.5), (None, 0.5), (0.3, None), (None, None)]:
    case_fp(noise, threshold=t)
    case_fp(plateaus, threshold=t)
case_fp(noise, threshold=np.linspace(0, 1, noise.size))
# distance (continuous data: no equal heights, so NumPy's unstable argsort does not matter)
for d in [1, 1.5, 2, 3, 7.2, 10, 50, 1000]:
    case_fp(noise, distance=d)
    case_fp(smooth, distance=d)
    case_fp(sine, distance=d)
# prominence, with wlen
for p in [0.5, 1.0, (0.5, 2.0), (None, 1.0), (None, None), 0.0]:
    case_fp(noise, prominence=p)
    case_fp(smooth, prominence=p)
    case_fp(plateaus, prominence=p)
    case_fp(with_nan, prominence=p)
for w in [2, 3, 4, 5.5, 11, 40, 1000]:
    case_fp(noise, prominence=0.3, wlen=w)
    case_fp(sine, prominence=(None, None), wlen=w)
case_fp(noise, prominence=np.linspace(0, 2, noise.size))
# width, with rel_height and wlen
for w in [1.0, 3.0, (1.0, 4.0), (None, 2.0), (None, None)]:
    case_fp(noise, width=w)
    case_fp(smooth, width=w)
    case_fp(plateaus, width=w)
    case_fp(steps, width=w)
for rh in [0.0, 0.25, 1.0, 1.5]:
    case_fp(smooth, width=2.0, rel_height=rh)
    case_fp(noise, width=(None, None), rel_height=rh, wlen=9)
case_fp(with_nan, width=0.5)
# combined
case_fp(noise, height=0.0, threshold=0.1, distance=3, prominence=0.5, width=1.0)
case_fp(smooth, height=(0.0, None), distance=5, prominence=(0.1, None), width=(2, 30),
        wlen=51, rel_height=0.8)
case_fp(plateaus, height=1.0, plateau_size=(1, 3), prominence=1.0, width=0.5)
case_fp(steps, plateau_size=2, height=(None, 1.0), threshold=(None, 2.0), prominence=(None, None))
case_fp(sine, height=0.5, distance=20, prominence=0.5, width=(10, None), wlen=60,
        rel_height=0.3)
case_fp(with_nan, height=-0.5, threshold=0.0, distance=2, prominence=0.2, width=0.5,
        plateau_size=1)
case_fp(noise, distance=4, width=(None, None), prominence=(None, None), wlen=20)
# equal heights among few peaks (NumPy sorts up to 16 elements by insertion: stable)
case_fp(np.array([0, 1, 0, 1, 0, 1, 1, 0, 2, 0, 1, 0, 1, 0], dtype=float), distance=3)
case_fp(np.array([0, 1, 0, 1, 0, 1, 0, 1, 0], dtype=float), distance=2.5, height=0.5)


# ---- peak_prominences, peak_widths -------------------------------------------------------------
def case_prom(x, peaks, wlen=None):
    p, lb, rb = signal.peak_prominences(x, peaks, wlen=wlen)
    add("peak_prominences", {"x": named(x), "peaks": np.asarray(peaks, dtype=np.int64), "wlen": wlen},
        prominences=p, left_bases=lb, right_bases=rb)


def case_widths(x, peaks, rel_height=0.5, wlen=None, given=False):
    pd = signal.peak_prominences(x, peaks, wlen=wlen) if given else None
    w = signal.peak_widths(x, peaks, rel_height=rel_height, prominence_data=pd,
                           wlen=None if given else wlen)
    add("peak_widths", {"x": named(x), "peaks": np.asarray(peaks, dtype=np.int64),
                        "rel_height": rel_height, "wlen": wlen, "given": int(given)},
        widths=w[0], width_heights=w[1], left_ips=w[2], right_ips=w[3])


for x in [noise, smooth, sine, plateaus]:
    pk, _ = signal.find_peaks(x)
    for wlen in [None, 2, 3, 6, 10.5, 50]:
        case_prom(x, pk, wlen)
        for rh in [0.5, 0.0, 1.0, 2.0]:
            case_widths(x, pk, rh, wlen, given=wlen is not None and rh == 0.5)
# any index is a valid peak (not only local maxima), repeated and unsorted
some = np.array([0, 5, 299, 17, 17, 100, 42])
case_prom(noise, some)
case_prom(noise, some, 7)
case_widths(noise, some)
case_widths(noise, some, 0.8, 7)
case_prom(noise, np.array([], dtype=np.int64))
case_widths(noise, np.array([], dtype=np.int64))
case_prom(sine, np.array([0, 1, 2, 250]), wlen=1.5)


# ---- argrelmax, argrelmin ----------------------------------------------------------------------
def case_rel(func, data, axis=0, order=1, mode="clip"):
    r = getattr(signal, func)(data, axis=axis, order=order, mode=mode)
    add(func, {"x": data, "shape": list(data.shape), "axis": axis, "order": order, "mode": mode},
        **{f"idx{d}": r[d] for d in range(len(r))})


for func in ["argrelmax", "argrelmin"]:
    for order in [1, 2, 3, 10]:
        for mode in ["clip", "wrap"]:
            case_rel(func, noise[:80], 0, order, mode)
            case_rel(func, plateaus[:60], 0, order, mode)
    for axis in [0, 1, -1]:
        case_rel(func, rng.standard_normal((6, 9)), axis, 1)
        case_rel(func, rng.standard_normal((5, 8)), axis, 2, "wrap")
    case_rel(func, rng.standard_normal((3, 4, 5)), 1, 1)
    case_rel(func, np.array([1.0, 2.0]), 0, 1)
    case_rel(func, np.array([]), 0, 1)


# ---- waveforms ---------------------------------------------------------------------------------
t64 = np.concatenate([np.linspace(-20, 20, 161), [0.0, np.pi, 2 * np.pi, -np.pi, 1e-9, np.nan]])
t32 = np.linspace(-10, 10, 81).astype(np.float32)
ti = np.arange(-12, 13, dtype=np.int64)


def case_wave(func, t, dtype, **kw):
    y = getattr(signal, func)(t, **kw)
    args = {"t": named(t.astype(np.float64)), "dtype": dtype}
    for k, v in kw.items():
        args[k] = ("a:" + fmt(v)) if isinstance(v, np.ndarray) else v
    args["ydtype"] = str(np.asarray(y).dtype)
    add(func, args, y=y)


for func, key in [("sawtooth", "width"), ("square", "duty")]:
    for w in [0.0, 0.25, 0.5, 1.0, 0.9, -0.5, 1.5, np.nan]:
        case_wave(func, t64, "float64", **{key: w})
        case_wave(func, t32, "float32", **{key: w})
        case_wave(func, ti, "int64", **{key: w})
    case_wave(func, t64, "float64")
    case_wave(func, t64, "float64", **{key: np.linspace(-0.2, 1.2, t64.size)})
    case_wave(func, t32, "float32", **{key: np.linspace(0, 1, t32.size).astype(np.float32)})

tc = np.linspace(0, 10, 101)
for method in ["linear", "quadratic", "logarithmic", "hyperbolic", "lin", "q", "lo", "hyp"]:
    for (f0, t1, f1) in [(6.0, 10.0, 1.0), (1.0, 10.0, 6.0), (2.5, 4.0, 2.5), (-3.0, 10.0, -1.0)]:
        for phi in [0.0, 90.0, -37.5]:
            for vz in [True, False]:
                if method in ("quadratic", "q") or vz:
                    y = signal.chirp(tc, f0, t1, f1, method=method, phi=phi, vertex_zero=vz)
                    add("chirp", {"t": named(tc), "dtype": "float64", "f0": f0, "t1": t1, "f1": f1,
                                  "method": method, "phi": phi, "vertex_zero": int(vz),
                                  "ydtype": str(y.dtype)}, y=y)
for method in ["linear", "quadratic", "logarithmic", "hyperbolic"]:
    for src, dtype in [(np.linspace(0, 2, 41).astype(np.float32), "float32"),
                       (np.arange(0, 9, dtype=np.int64), "int64")]:
        y = signal.chirp(src, 1.0, 2.0, 3.0, method=method)
        add("chirp", {"t": named(src.astype(np.float64)), "dtype": dtype, "f0": 1.0, "t1": 2.0, "f1": 3.0,
                      "method": method, "phi": 0.0, "vertex_zero": 1, "ydtype": str(y.dtype)}, y=y)

tg = np.linspace(-1e-3, 1e-3, 101)
for fc, bw, bwr, tpr in [(1000, 0.5, -6, -60), (5000, 0.2, -3, -40), (0, 1.0, -6, -60),
                         (2e4, 2.0, -20, -100)]:
    for src, dtype in [(tg, "float64"), (tg.astype(np.float32), "float32")]:
        yI, yQ, ye = signal.gausspulse(src, fc=fc, bw=bw, bwr=bwr, tpr=tpr, retquad=True,
                                       retenv=True)
        add("gausspulse", {"t": named(src.astype(np.float64)), "dtype": dtype, "fc": fc, "bw": bw,
                           "bwr": bwr, "tpr": tpr, "ydtype": str(yI.dtype)},
            yI=yI, yQ=yQ, yenv=ye)
    add("gausspulse_cutoff", {"fc": fc, "bw": bw, "bwr": bwr, "tpr": tpr},
        tc=[signal.gausspulse("cutoff", fc=fc, bw=bw, bwr=bwr, tpr=tpr)])
yi = signal.gausspulse(np.arange(-3, 4), fc=0.1)
add("gausspulse", {"t": named(np.arange(-3.0, 4.0)), "dtype": "int64", "fc": 0.1, "bw": 0.5, "bwr": -6,
                   "tpr": -60, "ydtype": str(yi.dtype)}, yI=yi)

for shape, idx in [((8,), None), ((8,), 3), ((8,), -1), ((8,), "mid"), ((4, 5), None),
                   ((4, 5), (1, 2)), ((4, 5), "mid"), ((4, 5), 2), ((3, 4, 5), (1,)),
                   ((3, 4, 5), (2, -1)), ((1,), 0), ((7, 3), "mid")]:
    y = signal.unit_impulse(shape, idx)
    add("unit_impulse", {"shape": list(shape),
                         "idx": "none" if idx is None else ("mid" if idx == "mid" else
                                                            fmt(np.atleast_1d(idx))),
                         "scalar": int(np.isscalar(idx) and idx != "mid")}, y=y)

OUT.write_text("\n".join(lines) + "\n")
print(f"{len(lines) - 1} cases -> {OUT}")
