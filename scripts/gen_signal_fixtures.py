#!/usr/bin/env python3
"""Writes scipy.signal's filter designs, windows and responses into test/fixtures/signal_design.txt,
read by test/cupx/signal/. Run from anywhere with NumPy 2 and SciPy >= 1.15:
python3 scripts/gen_signal_fixtures.py. The output is committed.

One line per case:
  <function> <key=value;key=value...> | <name>=<kind> <values> | <name>=<kind> <values> ...
The keys are the function's arguments ("-" for none; lists are comma lists, None is "none"). Each
output is real ("r": the values, C order; 2-D results add a "shape" key) or complex ("c": real
and imaginary parts interleaved).
"""
import pathlib
import warnings

import numpy as np
import scipy
from scipy import signal
from scipy.signal import windows as sw

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "signal_design.txt"
warnings.simplefilter("ignore")
lines = [f"# scipy.signal filter design (scripts/gen_signal_fixtures.py, SciPy {scipy.__version__})"]


def fmt(v):
    if v is None:
        return "none"
    if isinstance(v, (bool, np.bool_)):
        return str(int(v))
    if isinstance(v, str):
        return v
    if isinstance(v, (list, tuple, np.ndarray)):
        return ",".join(fmt(x) for x in np.ravel(np.asarray(v, dtype=object)))
    return repr(float(v)) if isinstance(v, (float, np.floating)) else str(v)


def out(name, v):
    a = np.asarray(v)
    if np.iscomplexobj(a):
        vals = " ".join(f"{x.real!r} {x.imag!r}" for x in np.ravel(a).astype(complex).tolist())
        return f"{name}=c {vals}".rstrip()
    vals = " ".join(repr(float(x)) for x in np.ravel(a))
    return f"{name}=r {vals}".rstrip()


def add(func, kw, **outputs):
    keys = ";".join(f"{k}={fmt(v)}" for k, v in kw.items()) or "-"
    lines.append(f"{func} {keys} | " + " | ".join(out(n, v) for n, v in outputs.items()))


# ---- windows --------------------------------------------------------------------------------
PLAIN = ["boxcar", "triang", "blackman", "hamming", "hann", "bartlett", "flattop", "parzen",
         "bohman", "blackmanharris", "nuttall", "barthann", "cosine", "lanczos"]
PARAMS = {"kaiser": [(0.0,), (8.6,), (14.0,)], "gaussian": [(1.5,), (7.0,)],
          "general_gaussian": [(1.5, 2.0), (0.5, 7.0)], "general_hamming": [(0.6,), (0.75,)],
          "chebwin": [(50.0,), (100.0,)], "tukey": [(), (0.0,), (0.3,), (1.0,)],
          "taylor": [(), (3,), (5, 40.0), (4, 30.0, 0)], "exponential": [(), (None, 3.0)],
          "general_cosine": [((0.5, 0.3, 0.2),)], "dpss": [(2.0,), (3.5,)],
          "kaiser_bessel_derived": [(5.0,)]}
for m in [1, 2, 3, 5, 8, 11, 16, 33]:
    for fftbins in [True, False]:
        for name in PLAIN:
            add("get_window", {"window": name, "params": [], "Nx": m, "fftbins": fftbins},
                w=signal.get_window(name, m, fftbins=fftbins))
        for name, plist in PARAMS.items():
            for params in plist:
                if name == "kaiser_bessel_derived" and (fftbins or m % 2):
                    continue
                if name == "dpss" and params[0] >= m / 2:
                    continue
                arg = (name, *params) if params else name
                if name == "general_cosine":
                    arg = (name, np.array(params[0]))
                add("get_window", {"window": name, "params": [np.nan if p is None else p
                                                              for p in np.ravel(params)],
                                   "Nx": m, "fftbins": fftbins},
                    w=signal.get_window(arg, m, fftbins=fftbins))
    add("get_window", {"window": "beta", "params": [6.5], "Nx": m, "fftbins": 1},
        w=signal.get_window(6.5, m))
    add("get_window", {"window": "hann_periodic", "params": [], "Nx": m, "fftbins": 0},
        w=signal.get_window("hann_periodic", m, fftbins=False))
    add("get_window", {"window": "hamming_symmetric", "params": [], "Nx": m, "fftbins": 1},
        w=signal.get_window("hamming_symmetric", m))
    add("get_window", {"window": "ksr", "params": [3.0], "Nx": m, "fftbins": 1},
        w=signal.get_window(("ksr", 3.0), m))
for m in [0, 1, 4, 7]:
    for sym in [True, False]:
        add("windows.hann", {"M": m, "sym": sym}, w=sw.hann(m, sym))
        add("windows.kaiser", {"M": m, "beta": 5.0, "sym": sym}, w=sw.kaiser(m, 5.0, sym))
        add("windows.tukey", {"M": m, "alpha": 0.4, "sym": sym}, w=sw.tukey(m, 0.4, sym))
        add("windows.taylor", {"M": m, "nbar": 6, "sll": 35.0, "norm": 0, "sym": sym},
            w=sw.taylor(m, 6, 35.0, False, sym))
for m, center, tau in [(8, 2.0, 1.5), (9, 0.0, 3.0)]:
    add("windows.exponential", {"M": m, "center": center, "tau": tau, "sym": 0},
        w=sw.exponential(m, center, tau, False))
for m, nw, kmax, sym in [(16, 2.5, 3, True), (15, 2.0, 4, True), (12, 3.0, 2, False)]:
    add("windows.dpss", {"M": m, "NW": nw, "Kmax": kmax, "sym": sym},
        w=sw.dpss(m, nw, kmax, sym), shape=[kmax, m])
for m, nw, norm in [(16, 2.5, "subsample"), (13, 2.0, 2), (16, 2.5, 2)]:
    add("windows.dpss1", {"M": m, "NW": nw, "norm": str(norm)}, w=sw.dpss(m, nw, norm=norm))
for m in [0, 1, 2, 5, 8, 13]:
    for name in ["bartlett", "blackman", "hamming", "hanning"]:
        add("np." + name, {"M": m}, w=getattr(np, name)(m))
    add("np.kaiser", {"M": m, "beta": 8.6}, w=np.kaiser(m, 8.6))
    add("np.kaiser", {"M": m, "beta": 0.5}, w=np.kaiser(m, 0.5))

# ---- IIR design -----------------------------------------------------------------------------
FTYPES = {"butter": {}, "cheby1": {"rp": 1.0}, "cheby2": {"rs": 40.0},
          "ellip": {"rp": 0.5, "rs": 45.0}, "bessel_phase": {}, "bessel_delay": {},
          "bessel_mag": {}}
WN = {"lowpass": 0.3, "highpass": 0.45, "bandpass": [0.2, 0.5], "bandstop": [0.15, 0.6]}
WN_ANALOG = {"lowpass": 2.0, "highpass": 0.7, "bandpass": [1.0, 3.0], "bandstop": [0.5, 4.0]}
for ftype, extra in FTYPES.items():
    for n in range(1, 11):
        for btype in WN:
            for analog in [False, True]:
                wn = WN_ANALOG[btype] if analog else WN[btype]
                kw = dict(N=n, Wn=wn, **extra, btype=btype, analog=analog, ftype=ftype)
                z, p, k = signal.iirfilter(n, wn, btype=btype, analog=analog, ftype=ftype,
                                           output="zpk", **extra)
                add("iirfilter.zpk", kw, z=np.asarray(z, complex), p=np.asarray(p, complex), k=k)
                if n <= 6 or btype in ("lowpass", "highpass"):
                    b, a = signal.iirfilter(n, wn, btype=btype, analog=analog, ftype=ftype,
                                            output="ba", **extra)
                    add("iirfilter.ba", kw, b=b, a=a)
                if not analog:
                    s = signal.iirfilter(n, wn, btype=btype, analog=analog, ftype=ftype,
                                         output="sos", **extra)
                    add("iirfilter.sos", kw, sos=s, shape=list(s.shape))
for n, wn, btype, fs in [(4, 100.0, "lowpass", 1000.0), (3, [50.0, 120.0], "bandpass", 400.0),
                         (5, 30.0, "highpass", 250.0)]:
    z, p, k = signal.butter(n, wn, btype, output="zpk", fs=fs)
    add("butter.fs", {"N": n, "Wn": wn, "btype": btype, "fs": fs}, z=np.asarray(z, complex),
        p=np.asarray(p, complex), k=k)
for n in range(0, 11):
    add("buttap", {"N": n}, p=signal.buttap(n)[1], k=signal.buttap(n)[2])
    z, p, k = signal.cheb1ap(n, 0.8)
    add("cheb1ap", {"N": n, "rp": 0.8}, p=np.asarray(p, complex), k=k)
    z, p, k = signal.cheb2ap(n, 35.0)
    add("cheb2ap", {"N": n, "rs": 35.0}, z=np.asarray(z, complex), p=np.asarray(p, complex), k=k)
    for rp, rs in [(1.0, 40.0), (0.1, 80.0)]:
        z, p, k = signal.ellipap(n, rp, rs)
        add("ellipap", {"N": n, "rp": rp, "rs": rs}, z=np.asarray(z, complex),
            p=np.asarray(p, complex), k=k)
    for norm in ["phase", "delay", "mag"]:
        z, p, k = signal.besselap(n, norm)
        add("besselap", {"N": n, "norm": norm}, p=np.asarray(p, complex), k=k)
# the transforms, from prototypes
for name, (z, p, k) in {"cheb2": signal.cheb2ap(4, 30.0), "ellip": signal.ellipap(5, 1.0, 40.0),
                        "butter": signal.buttap(3)}.items():
    z, p = np.asarray(z, complex), np.asarray(p, complex)
    base = {"proto": name}
    for wo in [0.5, 3.0]:
        zz, pp, kk = signal.lp2lp_zpk(z, p, k, wo)
        add("lp2lp_zpk", {**base, "wo": wo}, z=np.asarray(zz, complex), p=pp, k=kk)
        zz, pp, kk = signal.lp2hp_zpk(z, p, k, wo)
        add("lp2hp_zpk", {**base, "wo": wo}, z=np.asarray(zz, complex), p=pp, k=kk)
        for bw in [0.5, 2.0]:
            zz, pp, kk = signal.lp2bp_zpk(z, p, k, wo, bw)
            add("lp2bp_zpk", {**base, "wo": wo, "bw": bw}, z=np.asarray(zz, complex), p=pp, k=kk)
            zz, pp, kk = signal.lp2bs_zpk(z, p, k, wo, bw)
            add("lp2bs_zpk", {**base, "wo": wo, "bw": bw}, z=np.asarray(zz, complex), p=pp, k=kk)
    for fs in [1.0, 10.0]:
        zz, pp, kk = signal.bilinear_zpk(z, p, k, fs)
        add("bilinear_zpk", {**base, "fs": fs}, z=np.asarray(zz, complex), p=pp, k=kk)
    b, a = signal.zpk2tf(z, p, k)
    for wo in [0.5, 3.0]:
        add("lp2lp", {**base, "wo": wo}, **dict(zip("ba", signal.lp2lp(b, a, wo))))
        add("lp2hp", {**base, "wo": wo}, **dict(zip("ba", signal.lp2hp(b, a, wo))))
        add("lp2bp", {**base, "wo": wo, "bw": 1.5}, **dict(zip("ba", signal.lp2bp(b, a, wo, 1.5))))
        add("lp2bs", {**base, "wo": wo, "bw": 1.5}, **dict(zip("ba", signal.lp2bs(b, a, wo, 1.5))))
    for fs in [1.0, 10.0]:
        add("bilinear", {**base, "fs": fs}, **dict(zip("ba", signal.bilinear(b, a, fs))))
for w0, q, fs in [(0.2, 30.0, 2.0), (60.0, 10.0, 1000.0), (0.7, 2.0, 2.0)]:
    add("iirnotch", {"w0": w0, "Q": q, "fs": fs}, **dict(zip("ba", signal.iirnotch(w0, q, fs))))
    add("iirpeak", {"w0": w0, "Q": q, "fs": fs}, **dict(zip("ba", signal.iirpeak(w0, q, fs))))

# ---- conversions ----------------------------------------------------------------------------
rng = np.random.default_rng(22)
SOURCES = {
    "ellip5": signal.ellip(5, 1, 40, 0.3, output="zpk"),
    "ellip6bp": signal.ellip(3, 1, 40, [0.2, 0.4], "bandpass", output="zpk"),
    "cheby2_7": signal.cheby2(7, 40, 0.25, "highpass", output="zpk"),
    "butter4": signal.butter(4, 0.3, output="zpk"),
    "butter5hp": signal.butter(5, 0.3, "highpass", output="zpk"),
    "cheby1_3bs": signal.cheby1(3, 1, [0.2, 0.5], "bandstop", output="zpk"),
    "odd": (np.array([0.5, -0.9, 0.3 + 0.8j, 0.3 - 0.8j]), np.array([0.2, 0.6 + 0.3j, 0.6 - 0.3j]),
            2.0),
    "fewer_poles": (np.array([-1.0, 0.5j, -0.5j, 0.9]), np.array([0.1, 0.3]), 0.7),
}
for name, (z, p, k) in SOURCES.items():
    for pairing in ["nearest", "keep_odd", "minimal"]:
        if pairing == "minimal" and len(z) > len(p):
            continue
        s = signal.zpk2sos(z, p, k, pairing=pairing)
        add("zpk2sos", {"src": name, "pairing": pairing, "analog": 0, "z": np.asarray(z, complex),
                        "p": np.asarray(p, complex), "k": k}, sos=s, shape=list(s.shape))
    b, a = signal.zpk2tf(z, p, k)
    add("zpk2tf", {"src": name, "z": np.asarray(z, complex), "p": np.asarray(p, complex), "k": k},
        b=np.real(b), a=np.real(a))
for name, args in {"ellip4a": (4, 1, 40, 2.0), "cheby2_5a": (5, 30, 1.5)}.items():
    if name.startswith("ellip"):
        z, p, k = signal.ellip(*args, analog=True, output="zpk")
    else:
        z, p, k = signal.cheby2(*args, analog=True, output="zpk")
    s = signal.zpk2sos(z, p, k, analog=True)
    add("zpk2sos", {"src": name, "pairing": "default", "analog": 1, "z": np.asarray(z, complex),
                    "p": np.asarray(p, complex), "k": k}, sos=s, shape=list(s.shape))
# tf2zpk and tf2sos of polynomials whose roots are well separated
for deg_b, deg_a in [(2, 2), (3, 5), (6, 6), (1, 4), (8, 8)]:
    rz = rng.standard_normal(deg_b) * 0.7
    rp_ = rng.uniform(0.2, 0.8, deg_a) * np.exp(1j * rng.uniform(0.3, 2.8, deg_a))
    zs = np.concatenate([rz[: deg_b // 2] + 1j * rz[deg_b // 2: 2 * (deg_b // 2)],
                         rz[: deg_b // 2] - 1j * rz[deg_b // 2: 2 * (deg_b // 2)], rz[2 * (deg_b // 2):]])
    ps = np.concatenate([rp_[: deg_a // 2], np.conj(rp_[: deg_a // 2]),
                         np.real(rp_[deg_a // 2: deg_a // 2 + deg_a % 2])])
    b = np.real(np.poly(zs)) * 1.7
    a = np.real(np.poly(ps))
    z, p, k = signal.tf2zpk(b, a)
    add("tf2zpk", {"b": b, "a": a}, z=np.asarray(z, complex), p=np.asarray(p, complex), k=k)
    if deg_b <= deg_a:
        s = signal.tf2sos(b, a)
        add("tf2sos", {"b": b, "a": a, "pairing": "nearest"}, sos=s, shape=list(s.shape))
for name in ["ellip5", "cheby2_7", "butter4", "cheby1_3bs"]:
    s = signal.zpk2sos(*SOURCES[name])
    b, a = signal.sos2tf(s)
    add("sos2tf", {"src": name, "sos": s, "rows": s.shape[0]}, b=b, a=a)
    z, p, k = signal.sos2zpk(s)
    add("sos2zpk", {"src": name, "sos": s, "rows": s.shape[0]}, z=z, p=p, k=k)
add("normalize", {"b": [0.0, 2.0, 4.0], "a": [0.0, 2.0, 1.0, 0.5]},
    **dict(zip("ba", signal.normalize([0.0, 2.0, 4.0], [0.0, 2.0, 1.0, 0.5]))))

# ---- frequency response ---------------------------------------------------------------------
b1, a1 = signal.butter(4, 0.3)
b2, a2 = signal.ellip(5, 1, 40, [0.2, 0.4], "bandpass")
fir = signal.firwin(21, 0.3)
for name, (b, a) in {"butter4": (b1, a1), "ellip_bp": (b2, a2), "fir": (fir, [1.0])}.items():
    for worN, whole, fs, nyq in [(8, False, 2 * np.pi, False), (16, True, 2 * np.pi, False),
                                 (9, False, 100.0, True), (512, False, 2 * np.pi, False)]:
        w, h = signal.freqz(b, a, worN=worN, whole=whole, fs=fs, include_nyquist=nyq)
        add("freqz", {"src": name, "b": b, "a": a, "worN": worN, "whole": whole, "fs": fs,
                      "include_nyquist": nyq}, w=w, h=h)
    wl = np.array([0.0, 0.1, 3.3, 12.0, 49.0])
    w, h = signal.freqz(b, a, worN=wl, fs=100.0)
    add("freqz.w", {"src": name, "b": b, "a": a, "w": wl, "fs": 100.0}, w=w, h=h)
    for nw, whole in [(16, False), (7, True)]:
        w, gd = signal.group_delay((b, a), nw, whole)
        add("group_delay", {"src": name, "b": b, "a": a, "w": nw, "whole": whole}, w=w, gd=gd)
    w, gd = signal.group_delay((b, a), wl, fs=100.0)
    add("group_delay.w", {"src": name, "b": b, "a": a, "w": wl, "fs": 100.0}, w=w, gd=gd)
for name in ["ellip5", "butter5hp", "cheby1_3bs"]:
    s = signal.zpk2sos(*SOURCES[name])
    for worN, whole, fs in [(8, False, 2 * np.pi), (12, True, 50.0)]:
        w, h = signal.sosfreqz(s, worN=worN, whole=whole, fs=fs)
        add("sosfreqz", {"src": name, "sos": s, "rows": s.shape[0], "worN": worN, "whole": whole,
                         "fs": fs}, w=w, h=h)

# ---- FIR design -----------------------------------------------------------------------------
FIRWIN = [
    (11, 0.3, {}), (12, 0.3, {}), (31, [0.2, 0.5], {"pass_zero": False}),
    (31, [0.2, 0.5], {"pass_zero": "bandstop"}), (21, 0.4, {"pass_zero": "highpass"}),
    (25, [0.1, 0.3, 0.6], {"pass_zero": True}), (26, [0.1, 0.3, 0.6], {"pass_zero": True}), (27, [0.1, 0.3, 0.6], {"pass_zero": False}),
    (15, 0.25, {"window": "hann"}), (15, 0.25, {"window": ("kaiser", 6.0)}),
    (33, 0.3, {"width": 0.1}), (17, 0.3, {"scale": False}), (19, 120.0, {"fs": 1000.0}),
    (20, [30.0, 90.0], {"pass_zero": "bandpass", "fs": 400.0}), (9, 0.5, {"window": "boxcar"}),
    (40, [0.3, 0.7], {"pass_zero": False, "window": ("chebwin", 60.0)}),
    (7, 0.2, {"window": "blackmanharris", "pass_zero": "lowpass"}),
]
for numtaps, cutoff, kw in FIRWIN:
    pz = kw.get("pass_zero", True)
    win = kw.get("window", "hamming")
    wname, wpar = (win, []) if isinstance(win, str) else (win[0], list(win[1:]))
    add("firwin", {"numtaps": numtaps, "cutoff": cutoff, "width": kw.get("width"),
                   "window": wname, "params": wpar, "pass_zero": fmt(pz) if isinstance(pz, bool) else pz,
                   "scale": kw.get("scale", True), "fs": kw.get("fs")},
        h=signal.firwin(numtaps, cutoff, **kw))
FIRWIN2 = [
    (31, [0, 0.5, 1.0], [1, 1, 0], {}), (30, [0, 0.4, 0.4, 1.0], [1, 1, 0, 0], {}),
    (45, [0, 0.2, 0.3, 0.6, 0.7, 1.0], [0, 0, 1, 1, 0, 0], {"window": ("kaiser", 5.0)}),
    (21, [0, 0.5, 1.0], [0, 1, 0], {"antisymmetric": True}),
    (20, [0, 0.5, 1.0], [0, 1, 1], {"antisymmetric": True}),
    (25, [0, 100.0, 250.0], [1, 0.5, 0], {"fs": 500.0, "nfreqs": 129}),
    (16, [0, 0.5, 1.0], [1, 0.7, 0], {"window": None}),
]
for numtaps, freq, gain, kw in FIRWIN2:
    win = kw.get("window", "hamming")
    wname, wpar = ("none", []) if win is None else (win, []) if isinstance(win, str) else (win[0], list(win[1:]))
    add("firwin2", {"numtaps": numtaps, "freq": freq, "gain": gain, "nfreqs": kw.get("nfreqs"),
                    "window": wname, "params": wpar,
                    "antisymmetric": kw.get("antisymmetric", False), "fs": kw.get("fs")},
        h=signal.firwin2(numtaps, freq, gain, **kw))
REMEZ = [
    (21, [0, 0.1, 0.2, 0.5], [1, 0], {}), (22, [0, 0.1, 0.2, 0.5], [1, 0], {}),
    (35, [0, 0.1, 0.15, 0.3, 0.35, 0.5], [0, 1, 0], {"weight": [1, 2, 1]}),
    (32, [0, 0.12, 0.2, 0.5], [0, 1], {"weight": [10, 1]}),
    (31, [0, 0.2, 0.3, 0.5], [1, 0], {"grid_density": 24}),
    (25, [0, 100.0, 150.0, 500.0], [1, 0], {"fs": 1000.0}),
    (20, [0.05, 0.45], [1], {"type": "hilbert"}), (21, [0.05, 0.45], [1], {"type": "hilbert"}),
    (16, [0, 0.4], [1], {"type": "differentiator"}),
    (15, [0.02, 0.45], [1], {"type": "differentiator"}),
    (61, [0, 0.05, 0.1, 0.2, 0.25, 0.35, 0.4, 0.5], [1, 0, 1, 0], {}),
    (11, [0, 0.2, 0.3, 0.5], [1, 0], {}),
]
for numtaps, bands, desired, kw in REMEZ:
    add("remez", {"numtaps": numtaps, "bands": bands, "desired": desired,
                  "weight": kw.get("weight"), "type": kw.get("type", "bandpass"),
                  "grid_density": kw.get("grid_density", 16), "fs": kw.get("fs")},
        h=signal.remez(numtaps, bands, desired, **kw))
for a in [10.0, 21.0, 30.0, 50.0, 65.0]:
    add("kaiser_beta", {"a": a}, v=[signal.kaiser_beta(a)])
for n, w in [(11, 0.1), (64, 0.02)]:
    add("kaiser_atten", {"numtaps": n, "width": w}, v=[signal.kaiser_atten(n, w)])
for r, w in [(65.0, 0.05), (-30.0, 0.2), (12.0, 0.01)]:
    n, beta = signal.kaiserord(r, w)
    add("kaiserord", {"ripple": r, "width": w}, v=[n, beta])

# ---- Savitzky-Golay -------------------------------------------------------------------------
for wl in [5, 7, 8, 11]:
    for order in [0, 2, 3, 4]:
        if order >= wl:
            continue
        for deriv in [0, 1, 2, 5]:
            add("savgol_coeffs", {"window_length": wl, "polyorder": order, "deriv": deriv,
                                  "delta": 1.0, "pos": None, "use": "conv"},
                c=signal.savgol_coeffs(wl, order, deriv))
    add("savgol_coeffs", {"window_length": wl, "polyorder": 2, "deriv": 1, "delta": 0.5,
                          "pos": 1.0, "use": "dot"},
        c=signal.savgol_coeffs(wl, 2, 1, 0.5, 1.0, "dot"))
    add("savgol_coeffs", {"window_length": wl, "polyorder": 3, "deriv": 2, "delta": 2.0,
                          "pos": wl - 1.0, "use": "conv"},
        c=signal.savgol_coeffs(wl, 3, 2, 2.0, wl - 1, "conv"))

OUT.write_text("\n".join(lines) + "\n")
print(f"{len(lines) - 1} cases -> {OUT}")
