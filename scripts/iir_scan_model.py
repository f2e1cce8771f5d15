#!/usr/bin/env python3
"""A model of the CUDA IIR scan's rounding (include/cupp/detail/cuda/linear_recurrence.cuh), the
source of the thresholds there and of the numbers in docs/signal.md ("Accuracy of the CUDA scan").

The model follows the kernels' structure for one tile: u = b/a0 * x (the FIR pass), 16-sample
chunks run from a zero state in float64, a Kogge-Stone scan of the chunk states whose operator at
level k is C^(16 * 2^k) (C the companion matrix, powers by repeated squaring), each chunk run again
from its scanned start. The powers and the scan run with `--bits` of mantissa (53: float64, as the
kernels do today; 106: a double-double join), the chunk runs always in float64. Each result is
compared with the filter computed exactly (300 bits) from the same float64 inputs, as a fraction
of the largest output; SciPy's lfilter is shown for scale. g is the largest entry of the powers
C^(2^k), what the kernels' gate measures. "segments" models iir_segment_kernel, the path of the
filters past the gate: 4096-sample segments, each run in float64 from a zero state W samples
early, W the first power of two whose C^W has every entry below 1e-20 (as iir_setup_kernel finds
it; no W: the whole row in order).

Usage: python3 scripts/iir_scan_model.py [--n 1500] [--bits 53 106]   (NumPy, SciPy, mpmath)
"""
import argparse

import mpmath
import numpy as np
from scipy import signal

CHUNK = 16


def companion(a):
    """The companion matrix of the normalised denominator a (a[0] == 1), order len(a) - 1."""
    q = len(a) - 1
    c = np.zeros((q, q))
    c[0, :] = -a[1:]
    c[1:, :-1] = np.eye(q - 1)
    return c


def powers(a, levels=22):
    """C^(2^k) for k < levels, squared in float64 as iir_setup_kernel does (inf/NaN: None)."""
    c = companion(a / a[0])
    with np.errstate(all="ignore"):
        for _ in range(levels):
            yield c if np.isfinite(c).all() else None
            c = c @ c


def growth(a):
    """The largest entry of the powers C^(2^k): what the gate compares with 64 (inf: overflow)."""
    return max(np.inf if c is None else float(np.abs(c).max()) for c in powers(a))


def exact(b, a, x):
    """lfilter(b, a, x) in 300-bit arithmetic from the float64 inputs."""
    mpmath.mp.prec = 300
    b, a = [mpmath.mpf(float(v)) for v in b], [mpmath.mpf(float(v)) for v in a]
    y = []
    for i in range(len(x)):
        s = sum(b[k] * mpmath.mpf(float(x[i - k])) for k in range(min(len(b), i + 1)))
        s -= sum(a[k] * y[i - k] for k in range(1, min(len(a), i + 1)))
        y.append(s / a[0])
    return np.array([float(v) for v in y])


def warm_up(a, tau=1e-20):
    """The first 2^k whose C^(2^k) has every entry below tau, as the setup finds W (None: none)."""
    decayed = (k for k, c in enumerate(powers(a)) if c is not None and np.abs(c).max() <= tau)
    k = next(decayed, None)
    return None if k is None else 1 << k


def run_chunk(an, u, s):
    """The recurrence over u from state s = (y[i-1], ..., y[i-q]) in float64: outputs, end state."""
    s, out = s.copy(), []
    for ui in u:
        yi = ui - np.dot(an, s)
        s = np.roll(s, 1)
        s[0] = yi
        out.append(yi)
    return np.array(out), s


def scan(b, a, x, bits):
    """The kernels' chunked scan, powers and joins with `bits` of mantissa."""
    mpmath.mp.prec = bits
    an = a[1:] / a[0]
    u = np.convolve(b / a[0], x)[: len(x)]
    c = mpmath.matrix(companion(a / a[0]).tolist())
    chunks = [u[i : i + CHUNK] for i in range(0, len(u), CHUNK)]
    levels = max(1, (len(chunks) - 1).bit_length()) + 4
    powers = [c]
    for _ in range(levels):
        powers.append(powers[-1] * powers[-1])
    zero = np.zeros(len(an))
    v = [mpmath.matrix(run_chunk(an, ch, zero)[1].tolist()) for ch in chunks]
    off, k = 1, 4  # level k: C^(16 * 2^j) = C^(2^(4 + j))
    while off < len(v):
        prev = list(v)
        for t in range(off, len(v)):
            v[t] = v[t] + powers[k] * prev[t - off]
        off, k = off * 2, k + 1
    y = []
    for t, ch in enumerate(chunks):
        start = zero if t == 0 else np.array([float(e) for e in v[t - 1]])
        y.extend(run_chunk(an, ch, start)[0])
    return np.array(y)


def segments(b, a, x, length=4096):
    """iir_segment_kernel: segments from a zero state W samples early, or the whole row."""
    an = a[1:] / a[0]
    u = np.convolve(b / a[0], x)[: len(x)]
    w = warm_up(a)
    if w is None:
        return run_chunk(an, u, np.zeros(len(an)))[0]
    y = []
    for lo in range(0, len(x), length):
        start = max(0, lo - w)
        y.extend(run_chunk(an, u[start : lo + length], np.zeros(len(an)))[0][lo - start :])
    return np.array(y)


FILTERS = {
    "butter(4, 0.1)": lambda: signal.butter(4, 0.1),
    "butter(8, 0.2)": lambda: signal.butter(8, 0.2),
    "butter(6, 0.1)": lambda: signal.butter(6, 0.1),
    "butter(4, 0.02)": lambda: signal.butter(4, 0.02),
    "butter(4, 0.005)": lambda: signal.butter(4, 0.005),
    "cheby1(8, 1, 0.2)": lambda: signal.cheby1(8, 1.0, 0.2),
    "ellip(6, 1, 40, [0.15, 0.4]) band": lambda: signal.ellip(6, 1.0, 40.0, [0.15, 0.4], "band"),
    "unstable: 1 / (1 - 1.001 z^-1)": lambda: (np.array([1.0]), np.array([1.0, -1.001])),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=1500, help="samples (one scan tile is 2048)")
    ap.add_argument("--bits", type=int, nargs="+", default=[53, 106])
    args = ap.parse_args()
    x = np.random.default_rng(5).standard_normal(args.n)
    head = f"{'filter':36s} {'g':>9s} {'W':>7s} {'scipy':>8s} {'segments':>8s}"
    print(head + "".join(f" {f'scan{b}':>8s}" for b in args.bits))
    for name, make in FILTERS.items():
        b, a = make()
        want = exact(b, a, x)
        err = lambda y: np.abs(y - want).max() / np.abs(want).max()
        w = str(warm_up(a) or "-")
        row = f"{name:36s} {growth(a):9.3g} {w:>7s} {err(signal.lfilter(b, a, x)):8.1e}"
        row += f" {err(segments(b, a, x)):8.1e}"
        print(row + "".join(f" {err(scan(b, a, x, bits)):8.1e}" for bits in args.bits), flush=True)


if __name__ == "__main__":
    main()
