#!/usr/bin/env python3
"""Writes scipy.signal's spectral analysis results (periodogram, welch, csd, coherence,
spectrogram, stft, istft, hilbert, hilbert2, detrend) into test/fixtures/signal_spectral.txt, read
by test/cupx/signal/test_spectral.cpp. Run from anywhere with NumPy 2 and SciPy >= 1.15:
python3 scripts/gen_signal_spectral_fixtures.py. The output is committed.

The line format is gen_signal_fixtures.py's:
  <function> <key=value;key=value...> | <name>=r <values> | <name>=c <re im re im...> | ...
Keys: x (and y) the signal (C order) of `shape` (`yshape`) and `dtype`; axis; fs; window (a name,
"name:param" for a tuple, or "array" with its values in `win`); nperseg, noverlap, nfft (none:
None); detrend (none: False); onesided; scaling; average; mode; boundary (none: None); padded; n
(hilbert's N, hilbert2's (N0, N1)); type and bp (detrend). Outputs: f, t, p (the result, with its
`pshape`), or x (istft's signal).
"""
import pathlib
import warnings

import numpy as np
import scipy
from scipy import signal

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "signal_spectral.txt"
warnings.simplefilter("ignore")
lines = [f"# scipy.signal spectral analysis (scripts/gen_signal_spectral_fixtures.py, SciPy {scipy.__version__})"]
rng = np.random.default_rng(2222)


def fmt(v):
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, str):
        return v
    if isinstance(v, (list, tuple, np.ndarray)):
        a = np.ravel(np.asarray(v))
        if a.dtype.kind == "c":  # Python's repr of each complex: "(1+2j)"
            return ",".join(repr(complex(x)) for x in a)
        if a.dtype == np.float32:  # the shortest repr that reads back to the same float32
            return ",".join(str(x) for x in a)
        return ",".join(repr(float(x)) if a.dtype.kind == "f" else str(int(x)) for x in a)
    return repr(float(v)) if isinstance(v, (float, np.floating)) else str(v)


def out(name, v):
    a = np.ravel(np.asarray(v))
    if a.dtype in (np.float32, np.complex64):  # float32 results: the float32 values
        a = a.astype(np.complex128 if np.iscomplexobj(a) else np.float64)
        return out32(name, a)
    if np.iscomplexobj(a):
        vals = np.column_stack([a.real, a.imag]).ravel()
        return f"{name}=c " + " ".join(repr(float(x)) for x in vals)
    return f"{name}=r " + " ".join(repr(float(x)) for x in a)


def out32(name, a):
    if np.iscomplexobj(a):
        vals = np.column_stack([a.real, a.imag]).ravel()
        return f"{name}=c " + " ".join(str(np.float32(x)) for x in vals)
    return f"{name}=r " + " ".join(str(np.float32(x)) for x in a)


def add(func, kw, **outputs):
    keys = ";".join(f"{k}={fmt(v)}" for k, v in kw.items()) or "-"
    lines.append(f"{func} {keys} | " + " | ".join(out(n, v).rstrip() for n, v in outputs.items()))


def data(shape, dtype):
    t = np.arange(shape[-1] if len(shape) else 1)
    x = rng.standard_normal(shape) + np.sin(0.3 * t) + 0.01 * t
    return x.astype(dtype)


def win_arg(w, nperseg):
    """(the window for SciPy, the keys describing it)."""
    if w == "array":
        arr = signal.get_window("hamming", nperseg)
        return arr, {"window": "array", "win": arr}
    if isinstance(w, tuple):
        return w, {"window": f"{w[0]}:{w[1]!r}"}
    return w, {"window": w}


def base(x, axis):
    return {"dtype": str(x.dtype), "shape": list(x.shape), "axis": axis, "x": x}


# welch: dtypes, 1-D and 2-D along each axis, segment lengths, overlaps, nfft, detrend, scaling,
# sides, averaging, windows, nperseg longer than the signal
layouts = [((160,), -1), ((3, 120), -1), ((120, 3), 0), ((2, 90, 2), 1), ((50,), -1)]
combos = [(True, "density", "mean"), (False, "spectrum", "mean"), (True, "spectrum", "median"),
          (False, "density", "median")]
for dtype in ["float64", "float32"]:
    for shape, axis in layouts:
        x = data(shape, dtype)
        for nperseg, noverlap, nfft in [(64, None, None), (65, 10, None), (33, 0, 100),
                                        (None, None, None), (16, 15, 16)]:
            for j in range(6):  # detrend, window and (sides, scaling, average) in turn
                detrend = ["constant", "linear", False][j % 3]
                w = ["hann_periodic", ("kaiser", 8.6), "array"][(j + len(shape)) % 3]
                onesided, scaling, average = combos[(j + (nfft or 0)) % 4]
                if w == "array" and (nperseg is None or nperseg > shape[axis]):
                    w = "hann_periodic"
                win, wkeys = win_arg(w, nperseg)
                f, p = signal.welch(x, fs=2.5, window=win, nperseg=nperseg, noverlap=noverlap,
                                    nfft=nfft, detrend=detrend, return_onesided=onesided,
                                    scaling=scaling, axis=axis, average=average)
                add("welch", {**base(x, axis), "fs": 2.5, **wkeys, "nperseg": nperseg,
                              "noverlap": noverlap, "nfft": nfft, "detrend": detrend or "none",
                              "onesided": onesided, "scaling": scaling, "average": average,
                              "pshape": list(p.shape)}, f=f, p=p)

# csd: different lengths (zero padding), broadcast outer axes, each dtype pair
for dx, dy in [("float64", "float64"), ("float32", "float32"), ("float32", "float64")]:
    for xs, ys, axis in [((256,), (256,), -1), ((300,), (200,), -1), ((3, 200), (1, 200), -1), ((3, 200), (3, 170), -1),
                         ((200, 2), (200, 2), 0)]:
        x, y = data(xs, dx), data(ys, dy)
        for nperseg, average, onesided, detrend in [(64, "mean", True, "constant"),
                                                    (50, "median", True, "linear"),
                                                    (32, "mean", False, False)]:
            f, p = signal.csd(x, y, fs=3.0, nperseg=nperseg, average=average,
                              return_onesided=onesided, detrend=detrend, axis=axis)
            add("csd", {**base(x, axis), "y": y, "ydtype": dy, "yshape": list(y.shape),
                        "fs": 3.0, "window": "hann_periodic", "nperseg": nperseg,
                        "noverlap": None, "nfft": None, "detrend": detrend or "none",
                        "onesided": onesided, "scaling": "density", "average": average,
                        "pshape": list(p.shape)}, f=f, p=p)
        f, c = signal.coherence(x, y, fs=3.0, nperseg=40, axis=axis)
        add("coherence", {**base(x, axis), "y": y, "ydtype": dy, "yshape": list(y.shape),
                          "fs": 3.0, "window": "hann_periodic", "nperseg": 40, "noverlap": None,
                          "nfft": None, "detrend": "constant", "pshape": list(c.shape)}, f=f, p=c)

# periodogram: nfft None, shorter, equal, longer; windows; scaling; sides
for dtype in ["float64", "float32"]:
    for shape, axis in [((101,), -1), ((2, 64), -1), ((64, 3), 0)]:
        x = data(shape, dtype)
        n = shape[axis]
        for nfft in [None, n - 10, n, n + 27]:
            for j, w in enumerate(["boxcar", "hann", ("tukey", 0.3)]):
                for detrend, onesided, scaling in [[("constant", True, "density"),
                                                    ("linear", False, "spectrum"),
                                                    (False, True, "spectrum")][(j + (nfft or 0)) % 3]]:
                    f, p = signal.periodogram(x, fs=10.0, window=w, nfft=nfft, detrend=detrend,
                                              return_onesided=onesided, scaling=scaling,
                                              axis=axis)
                    add("periodogram", {**base(x, axis), "fs": 10.0, **win_arg(w, n)[1],
                                        "nfft": nfft, "detrend": detrend or "none",
                                        "onesided": onesided, "scaling": scaling,
                                        "pshape": list(p.shape)}, f=f, p=p)

# spectrogram: every mode
for dtype in ["float64", "float32"]:
    for shape, axis in [((200,), -1), ((2, 150), -1), ((150, 2), 0)]:
        x = data(shape, dtype)
        for mode in ["psd", "complex", "magnitude", "angle", "phase"]:
            for nperseg, noverlap, nfft, w in [(None, None, None, ("tukey_periodic", 0.25)),
                                               (63, 20, 80, "hann"), (32, None, None, "array")]:
                win, wkeys = win_arg(w, nperseg)
                f, t, p = signal.spectrogram(x, fs=4.0, window=win, nperseg=nperseg,
                                             noverlap=noverlap, nfft=nfft, axis=axis, mode=mode,
                                             detrend="linear" if nfft else "constant",
                                             return_onesided=nfft is None)
                add("spectrogram", {**base(x, axis), "fs": 4.0, **wkeys, "nperseg": nperseg,
                                    "noverlap": noverlap, "nfft": nfft,
                                    "detrend": "linear" if nfft else "constant",
                                    "onesided": nfft is None, "scaling": "density",
                                    "mode": mode, "pshape": list(p.shape)}, f=f, t=t, p=p)

# stft and istft: boundaries, padding, scaling, sides, odd and even nperseg, nfft > nperseg
for dtype in ["float64", "float32"]:
    for shape, axis in [((120,), -1), ((2, 90), -1), ((90, 2), 0)]:
        x = data(shape, dtype)
        for nperseg, noverlap, nfft in [(32, None, None), (33, 11, None), (20, 15, 40),
                                        (256, None, None)]:
            for boundary, padded in [("zeros", True), ("even", True), ("odd", False),
                                     ("constant", True), (None, False), (None, True)]:
                for scaling, onesided, detrend in [[("spectrum", True, False),
                                                    ("psd", False, "constant"),
                                                    ("spectrum", True, "linear"),
                                                    ("psd", True, False)][(nperseg + len(lines)) % 4]]:
                    f, t, z = signal.stft(x, fs=2.0, nperseg=nperseg, noverlap=noverlap,
                                          nfft=nfft, detrend=detrend, return_onesided=onesided,
                                          boundary=boundary, padded=padded, axis=axis,
                                          scaling=scaling)
                    kw = {**base(x, axis), "fs": 2.0, "window": "hann_periodic",
                          "nperseg": nperseg, "noverlap": noverlap, "nfft": nfft,
                          "detrend": detrend or "none", "onesided": onesided,
                          "boundary": boundary, "padded": padded, "scaling": scaling}
                    add("stft", {**kw, "pshape": list(z.shape)}, f=f, t=t, p=z)
                    if onesided and not detrend:
                        np_ = min(nperseg, shape[axis])
                        ta, fa = (-1, -2) if axis == -1 else (-1, 0)
                        ti, xi = signal.istft(z, fs=2.0, nperseg=np_, noverlap=noverlap,
                                              nfft=nfft, boundary=boundary is not None,
                                              time_axis=ta, freq_axis=fa, scaling=scaling)
                        add("istft", {"dtype": str(z.dtype), "shape": list(z.shape),
                                      "z": z, "fs": 2.0, "window": "hann_periodic",
                                      "nperseg": np_, "noverlap": noverlap, "nfft": nfft,
                                      "boundary": boundary is not None, "time_axis": ta,
                                      "freq_axis": fa, "scaling": scaling,
                                      "pshape": list(xi.shape)}, t=ti, x=xi)

# hilbert, hilbert2, detrend
for dtype in ["float64", "float32"]:
    for shape, axis in [((64,), -1), ((65,), -1), ((3, 40), -1), ((41, 3), 0)]:
        x = data(shape, dtype)
        for n in [None, shape[axis] - 5, shape[axis] + 6]:
            p = signal.hilbert(x, N=n, axis=axis)
            add("hilbert", {**base(x, axis), "n": n, "pshape": list(p.shape)}, p=p)
    for shape in [(16, 16), (15, 17), (3, 8, 9), (20,)]:
        x = data(shape, dtype)
        for n in [None, (10, 12), (19, 20)]:
            p = signal.hilbert2(x, N=n)
            add("hilbert2", {**base(x, -1), "n": n, "pshape": list(p.shape)}, p=p)
    for shape, axis in [((50,), -1), ((4, 30), -1), ((30, 4), 0), ((2, 30, 3), 1)]:
        x = data(shape, dtype)
        for typ, bp in [("linear", [0]), ("constant", [0]), ("linear", [10, 20]),
                        ("linear", [1, 29, 29])]:
            p = signal.detrend(x, axis=axis, type=typ, bp=bp)
            add("detrend", {**base(x, axis), "type": typ, "bp": bp, "pshape": list(p.shape)},
                p=p)
for shape, axis in [((40,), -1), ((40, 3), 0)]:  # integers compute in float64
    x = rng.integers(-5, 6, size=shape)
    p = signal.detrend(x, axis=axis, type="linear", bp=[7])
    add("detrend", {**base(x, axis), "type": "linear", "bp": [7], "pshape": list(p.shape)}, p=p)

OUT.write_text("\n".join(lines) + "\n")
print(f"{len(lines) - 1} cases -> {OUT}")
