#!/usr/bin/env python3
"""CuPy on the same cases as perf/bench_core.cpp, on the same GPU, for the cupp/CuPy ratio.

Writes JSON in the harness's format: python3 perf/cupy_bench.py --json cupy_core.json
"""
import argparse
import json
import time

import numpy as np

import cupy as cp
import cupyx.scipy.linalg as csl
from cupyx.profiler import benchmark


ONLY = []  # --only: run just the cases whose names contain one of these words


def timed(name, fn, args=(), n_repeat=20, n_warmup=3, nbytes=0.0, flops=0.0):
    if ONLY and not any(w in name for w in ONLY):
        return None
    r = benchmark(fn, args, n_repeat=n_repeat, n_warmup=n_warmup)
    gpu_ms = float(cp.asnumpy(cp.median(cp.asarray(r.gpu_times[0])))) * 1e3
    cpu_us = float(cp.asnumpy(cp.median(cp.asarray(r.cpu_times)))) * 1e6
    return {"name": name, "device_ms": gpu_ms, "host_us": cpu_us, "bytes": nbytes, "flops": flops,
            "baseline": "", "baseline_ms": 0.0}


def back_to_back(name, fn, calls=20, nbytes=0.0):
    """perf::add_back_to_back_case: `calls` calls between two events, median of 20, per call."""
    if ONLY and not any(w in name for w in ONLY):
        return None
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    for _ in range(3):
        fn()
    times = []
    for _ in range(20):
        start.record()
        for _ in range(calls):
            fn()
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop) / calls)
    times.sort()
    return {"name": name, "device_ms": times[len(times) // 2], "host_us": 0.0, "bytes": nbytes,
            "flops": 0.0, "baseline": "", "baseline_ms": 0.0}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", default="cupy_core.json")
    ap.add_argument("--only", nargs="*", default=[], help="words of the case names to run")
    args = ap.parse_args()
    ONLY.extend(args.only)
    big = 256 << 20
    out = []

    src = cp.ones(big, dtype=cp.float32)
    out.append(timed("copy 1 GiB (a.copy())", lambda: src.copy(), nbytes=2.0 * big * 4))
    del src

    n = 20_000_000
    x = cp.linspace(0, 1, n, dtype=cp.float32)
    y = cp.linspace(1, 2, n, dtype=cp.float32)
    out.append(timed("sqrt(x*x+y*y) 20M f32 (fused)", lambda: cp.sqrt(x * x + y * y),
                     nbytes=3.0 * n * 4))
    if out[-1]:
        out[-1]["note"] = "CuPy unfused"
    @cp.fuse()
    def fused(a, b):  # cupy.fuse needs a named function (a lambda fails to compile)
        return cp.sqrt(a * a + b * b)

    r = timed("sqrt(x*x+y*y) 20M f32 (cupy.fuse)", lambda: fused(x, y), nbytes=3.0 * n * 4)
    out.append(r)
    del x, y

    a = cp.full(big, 1.5, dtype=cp.float32)
    b = cp.full(big, 2.5, dtype=cp.float32)
    out.append(timed("a + b 256M f32", lambda: a + b, nbytes=3.0 * big * 4))
    del b
    rm = cp.full((16384, 16384), 1.5, dtype=cp.float32)
    row = cp.linspace(0, 1, 16384, dtype=cp.float32)
    out.append(timed("row broadcast add 16384^2 f32", lambda: rm + row, nbytes=2.0 * rm.size * 4))
    del rm, row
    out.append(timed("sum 256M f32", lambda: cp.sum(a), nbytes=1.0 * big * 4))
    del a

    ta = cp.ones(1000, dtype=cp.float32)
    tb = cp.ones(1000, dtype=cp.float32)
    out.append(timed("tiny add 1000 f32", lambda: ta + tb, n_repeat=2000))
    out.append(timed("tiny sum 1000 f32", lambda: cp.sum(ta), n_repeat=2000))

    for dt, tag in ((cp.float32, "f32"), (cp.float64, "f64")):
        m = 5000
        ma = cp.linspace(0, 1, m * m, dtype=dt).reshape(m, m)
        mb = cp.linspace(1, 0, m * m, dtype=dt).reshape(m, m)
        out.append(timed(f"matmul 5000^2 {tag}", lambda: ma @ mb, n_repeat=10,
                         flops=2.0 * m ** 3))
        del ma, mb

    # indexing and layout (perf/bench_indexing.cpp)
    n = 16384
    t = cp.arange(n * n, dtype=cp.float32).reshape(n, n)
    out.append(timed("transpose copy 16384^2 f32", lambda: cp.ascontiguousarray(t.T),
                     nbytes=2.0 * n * n * 4))
    del t
    ha = cp.full(big // 2, 1.0, dtype=cp.float32)
    hb = cp.full(big // 2, 2.0, dtype=cp.float32)
    out.append(timed("concatenate 2 x 128M f32", lambda: cp.concatenate([ha, hb]),
                     nbytes=2.0 * big * 4))
    out.append(timed("stack 2 x 128M f32", lambda: cp.stack([ha, hb]), nbytes=2.0 * big * 4))
    del ha, hb
    vals = cp.ones(big, dtype=cp.float32)
    mask = cp.zeros(big, dtype=cp.bool_)
    mask[::2] = True
    out.append(timed("mask extract 256M f32 (half true)", lambda: vals[mask],
                     nbytes=big * (4 + 1 + 2.0)))
    del mask
    m = 16 << 20
    idx = cp.asarray(np.arange(m, dtype=np.int64) * 7 % big)
    out.append(timed("take 16M of 256M f32 (a[idx])", lambda: vals[idx], nbytes=m * (8 + 8.0)))
    del vals, idx
    sq = cp.empty((1000, 1000), dtype=cp.float32)
    t0 = time.perf_counter()
    for _ in range(100000):
        sq[1:, ::2]
    out.append({"name": "basic slice a[1:, ::2] (host)", "device_ms": 0.0,
                "host_us": (time.perf_counter() - t0) / 100000 * 1e6, "bytes": 0.0, "flops": 0.0,
                "baseline": "", "baseline_ms": 0.0})

    # reductions (perf/bench_reduction.cpp)
    n = 16384
    lin = cp.linspace(0, 1, big, dtype=cp.float32)
    mat = lin[:n * n].reshape(n, n)
    nb = 1.0 * n * n * 4
    out.append(timed("sum axis=0 16384^2 f32", lambda: mat.sum(axis=0), nbytes=nb))
    out.append(timed("sum axis=1 16384^2 f32", lambda: mat.sum(axis=1), nbytes=nb))
    out.append(timed("var axis=1 16384^2 f32", lambda: mat.var(axis=1), nbytes=nb))
    out.append(timed("mean axis=0 16384^2 f32", lambda: mat.mean(axis=0), nbytes=nb))
    out.append(timed("sum m*m axis=1 16384^2 f32", lambda: cp.sum(mat * mat, axis=1), nbytes=nb))
    out.append(timed("sum m*m 16384^2 f32", lambda: cp.sum(mat * mat), nbytes=nb))
    out.append(timed("argmax 256M f32", lambda: cp.argmax(lin), nbytes=1.0 * big * 4))
    out.append(timed("cumsum 256M f32", lambda: cp.cumsum(lin), nbytes=2.0 * big * 4))
    keys = cp.linspace(1, 0, 64 << 20, dtype=cp.float32)
    out.append(timed("sort 64M f32", lambda: cp.sort(keys), n_repeat=10))
    out.append(timed("argsort 64M f32", lambda: cp.argsort(keys), n_repeat=10))
    del keys
    del lin, mat

    # complex (perf/bench_complex.cpp): z = x + i y of 64M complex64, a 4096^2 complex64 matmul
    n = 64 << 20
    def make(length, lo, hi):
        z = cp.empty(length, dtype=cp.complex64)
        z.real = cp.linspace(lo, hi, length, dtype=cp.float32)
        z.imag = cp.linspace(hi, lo, length, dtype=cp.float32)
        return z
    za, zb = make(n, 0, 1), make(n, 1, 0)
    zd = cp.empty(n, dtype=cp.complex64)
    zm = cp.empty(n, dtype=cp.float32)
    out.append(timed("multiply 64M c64", lambda: cp.multiply(za, zb, out=zd), nbytes=24.0 * n))
    out.append(timed("abs 64M c64", lambda: cp.abs(za, out=zm), nbytes=12.0 * n))
    out.append(timed("exp 64M c64", lambda: cp.exp(za, out=zd), nbytes=16.0 * n))
    out.append(timed("sum 64M c64", lambda: cp.sum(za), nbytes=8.0 * n))
    del za, zb, zd, zm
    m = 4096
    ma, mb = make(m * m, 0, 1).reshape(m, m), make(m * m, 1, 0).reshape(m, m)
    out.append(timed("matmul 4096^2 c64", lambda: ma @ mb, n_repeat=10, flops=8.0 * m ** 3))
    del ma, mb

    # random (perf/bench_random.cpp): CuPy's Generator from default_rng (its XORWOW bit generator)
    big = 256 << 20
    g = cp.random.default_rng(1234)
    out.append(timed("random 256M f32", lambda: g.random(big, dtype=cp.float32),
                     nbytes=4.0 * big))
    out.append(timed("standard_normal 256M f32",
                     lambda: g.standard_normal(big, dtype=cp.float32), nbytes=4.0 * big))
    out.append(timed("standard_normal 256M f64", lambda: g.standard_normal(big),
                     nbytes=8.0 * big))
    out.append(timed("integers 256M i32 [0,1000)",
                     lambda: g.integers(0, 1000, big, dtype=cp.int32), nbytes=4.0 * big))
    mid = 64 << 20
    out.append(timed("standard_exponential 64M f64", lambda: g.standard_exponential(mid),
                     nbytes=8.0 * mid))
    out.append(timed("standard_gamma 64M k=2", lambda: g.standard_gamma(2.0, mid),
                     nbytes=8.0 * mid))
    out.append(timed("poisson 64M lam=10", lambda: g.poisson(10.0, mid), nbytes=8.0 * mid))
    out.append(timed("binomial 64M n=20 p=0.3", lambda: g.binomial(20, 0.3, mid),
                     nbytes=8.0 * mid))
    # CuPy's Generator has neither: its legacy module functions, as the anchors measured them
    pop = 16 << 20
    out.append(timed("permutation 16M", lambda: cp.random.permutation(pop), nbytes=8.0 * pop))
    out.append(timed("choice 1M of 16M, no replace",
                     lambda: cp.random.choice(pop, pop // 16, replace=False),
                     nbytes=8.0 * (pop // 16)))
    cp.get_default_memory_pool().free_all_blocks()

    # custom kernels (perf/bench_kernel.cpp): y = x * a + b after the first (compiling) call; the
    # functor case has no CuPy form of its own, ElementwiseKernel is its counterpart
    ew = cp.ElementwiseKernel("float32 x, float32 a, float32 b", "float32 y", "y = x * a + b",
                              "axpb")
    raw = cp.RawKernel(r"""
extern "C" __global__ void axpb(const float* x, float a, float b, float* y, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] * a + b;
}
""", "axpb")
    src = cp.linspace(0, 1, 20_000_000, dtype=cp.float32)
    a, b = np.float32(2), np.float32(1)
    for n, size in ((1000, "1000"), (20_000_000, "20M")):
        x = src[:n]
        y = cp.empty(n, dtype=cp.float32)
        reps = 2000 if n == 1000 else 20
        nb = 0.0 if n == 1000 else 2.0 * n * 4
        blocks = (n + 255) // 256
        for name in ("functor x*a+b", "ElementwiseKernel"):
            out.append(timed(f"kernel {name} {size} f32", lambda: ew(x, a, b), n_repeat=reps,
                             nbytes=nb))
        out.append(timed(f"kernel RawKernel {size} f32",
                         lambda: raw((blocks,), (256,), (x, a, b, y, np.int64(n))),
                         n_repeat=reps, nbytes=nb))
    del src, x, y

    # memory: warm pool alloc+free of 64 MB (host time), 80 MB transfers from pageable memory
    mb64 = 64 << 20
    mem = cp.get_default_memory_pool()
    cp.cuda.alloc(mb64)
    t0 = time.perf_counter()
    for _ in range(20000):
        p = cp.cuda.alloc(mb64)
        del p
    out.append({"name": "pool alloc+free 64 MB (warm)", "device_ms": 0.0,
                "host_us": (time.perf_counter() - t0) / 20000 * 1e6, "bytes": 0.0, "flops": 0.0,
                "baseline": "", "baseline_ms": 0.0})
    host = np.full(20_000_000, 1.5, dtype=np.float32)
    back = np.zeros_like(host)

    def wall_ms(fn, reps=15):
        fn()
        v = []
        for _ in range(reps):
            t = time.perf_counter()
            fn()
            v.append((time.perf_counter() - t) * 1e3)
        return sorted(v)[len(v) // 2]

    def h2d():
        cp.asarray(host)
        cp.cuda.Stream.null.synchronize()

    dev = cp.asarray(host)
    for name, fn in (("H2D 80 MB pageable (asarray)", h2d),
                     ("D2H 80 MB pageable (get)", lambda: dev.get(out=back)),
                     ("D2H 80 MB to a new vector (asnumpy)", lambda: cp.asnumpy(dev))):
        out.append({"name": name, "device_ms": wall_ms(fn), "host_us": 0.0, "bytes": 80e6,
                    "flops": 0.0, "baseline": "", "baseline_ms": 0.0})
    del dev
    mem.free_all_blocks()

    # streams, events and graphs (perf/bench_streams.cpp): host time per op of 100 tiny adds,
    # eager and replayed from a graph; an event record + wait; a copy on one device
    s1 = cp.cuda.Stream(non_blocking=True)
    s2 = cp.cuda.Stream(non_blocking=True)

    def batched(fn, calls, batch):  # the clock only around the calls, a sync after each batch
        fn()
        cp.cuda.Device().synchronize()
        total = 0.0
        for _ in range(calls // batch):
            t = time.perf_counter()
            for _ in range(batch):
                fn()
            total += time.perf_counter() - t
            cp.cuda.Device().synchronize()
        return total / calls * 1e6

    def host_row(name, us):
        return {"name": name, "device_ms": 0.0, "host_us": us, "bytes": 0.0, "flops": 0.0,
                "baseline": "", "baseline_ms": 0.0}

    tx = cp.ones(1000, dtype=cp.float32)

    def adds():
        for _ in range(100):
            tx.__iadd__(1)

    if not ONLY or any(w in "eager graph replay 100 tiny adds" for w in ONLY):
        with s1:
            out.append(host_row("eager 100 tiny adds (per op)", batched(adds, 200, 20) / 100))
            s1.begin_capture()
            adds()
            graph = s1.end_capture()
            out.append(host_row("graph replay 100 tiny adds (per op)",
                                batched(lambda: graph.launch(s1), 2000, 20) / 100))
    if not ONLY or any(w in "event record + wait" for w in ONLY):
        ev = cp.cuda.Event(disable_timing=True)

        def record_wait():
            ev.record(s1)
            s2.wait_event(ev)
        out.append(host_row("event record + wait", batched(record_wait, 20000, 1000)))
    n = 64 << 20
    ca = cp.ones(n, dtype=cp.float32)
    out.append(timed("to_device same device 256 MiB", lambda: cp.array(ca, copy=True),
                     nbytes=2.0 * n * 4))
    del ca
    if not ONLY or any(w in "stream create+destroy" for w in ONLY):
        t0 = time.perf_counter()
        for _ in range(2000):
            cp.cuda.Stream(non_blocking=True)
        out.append(host_row("stream create+destroy", (time.perf_counter() - t0) / 2000 * 1e6))

    # linear algebra (perf/bench_linalg.cpp): the same cases and inputs
    linalg(out)
    # FFT (perf/bench_fft.cpp): the same cases and inputs
    fft(out)
    # interop and files (perf/bench_io.cpp): the same cases
    io(out)
    # cupyx.scipy.special (perf/bench_special.cpp): the same cases
    special(out)
    ndimage(out)
    # cupyx.scipy.signal filtering (perf/bench_signal.cpp): the same cases
    signal(out)

    out = [r for r in out if r is not None]
    with open(args.json, "w") as f:
        json.dump({"device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode(),
                   "cupy": cp.__version__, "results": out}, f, indent=2)
    for r in out:
        print(f"{r['name']:36s} {r['device_ms']:10.4f} ms {r['host_us']:9.2f} us")


def special(out):
    import cupyx.scipy.special as sp
    rng = cp.random.default_rng(7)
    n = 64 << 20
    x = rng.random(n, dtype=cp.float32) * 4
    rw = 8.0 * n
    for name, f in [("erf", sp.erf), ("gammaln", sp.gammaln), ("digamma", sp.digamma),
                    ("j0", sp.j0), ("i0e", sp.i0e), ("expit", sp.expit),
                    ("ndtri", lambda t: sp.ndtri(t / 4)),
                    ("erfinv", lambda t: sp.erfinv(t / 4 - 0.5))]:
        out.append(timed(f"special {name} 64M f32", lambda f=f: f(x), nbytes=rw))
    y = cp.empty_like(x)
    out.append(back_to_back("copy 64M f32 back to back", lambda: y.__setitem__(Ellipsis, x),
                            nbytes=rw))
    out.append(back_to_back("special gammaln 64M f32 back to back", lambda: sp.gammaln(x),
                            nbytes=rw))
    del y
    xd = x.astype(cp.float64)
    out.append(timed("special gammainc 64M f64", lambda: sp.gammainc(2.5, xd), nbytes=2 * rw))
    del xd
    lm = rng.random((16384, 4096), dtype=cp.float32)
    out.append(timed("logsumexp axis1 16384x4096 f32", lambda: sp.logsumexp(lm, axis=1),
                     nbytes=4.0 * lm.size))
    out.append(timed("softmax axis1 16384x4096 f32", lambda: sp.softmax(lm, axis=1),
                     nbytes=8.0 * lm.size))
    out.append(back_to_back("logsumexp axis1 16384x4096 f32 back to back",
                            lambda: sp.logsumexp(lm, axis=1), nbytes=4.0 * lm.size))
    out.append(back_to_back("softmax axis1 16384x4096 f32 back to back",
                            lambda: sp.softmax(lm, axis=1), nbytes=8.0 * lm.size))
    import cupyx.scipy.stats as st
    out.append(timed("stats zscore axis0 16384x4096 f32", lambda: st.zscore(lm, axis=0),
                     nbytes=8.0 * lm.size))
    out.append(timed("stats entropy axis1 16384x4096 f32", lambda: st.entropy(lm, axis=1),
                     nbytes=4.0 * lm.size))


def ndimage(out):
    import cupyx.scipy.ndimage as nd
    rng = cp.random.default_rng(5)
    img = rng.random((4096, 4096), dtype=cp.float32)
    rw = 8.0 * img.size
    k7 = rng.random((7, 7), dtype=cp.float32)
    for name, f in [("gaussian_filter sigma2", lambda: nd.gaussian_filter(img, 2.0)),
                    ("gaussian_filter sigma8", lambda: nd.gaussian_filter(img, 8.0)),
                    ("uniform_filter size5", lambda: nd.uniform_filter(img, 5)),
                    ("sobel", lambda: nd.sobel(img)),
                    ("convolve 7x7", lambda: nd.convolve(img, k7)),
                    ("maximum_filter size9", lambda: nd.maximum_filter(img, 9)),
                    ("median_filter size3", lambda: nd.median_filter(img, 3)),
                    ("median_filter size5", lambda: nd.median_filter(img, 5))]:
        out.append(timed(f"ndimage {name} 4096^2 f32", f, nbytes=rw))
    img64 = img.astype(cp.float64)
    out.append(timed("ndimage gaussian_filter sigma2 4096^2 f64",
                     lambda: nd.gaussian_filter(img64, 2.0), nbytes=2.0 * rw))
    # the anchor's case (shared/anchors/cupyx_bench.py): a 2048^2 corner of a 30% mask, a view
    corner = (img > 0.7)[:2048, :2048]
    out.append(timed("ndimage distance_transform_edt 2048^2 bool",
                     lambda: nd.distance_transform_edt(corner), n_repeat=10,
                     nbytes=9.0 * corner.size))
    out.append(timed("ndimage zoom x2 order3 4096^2 f32", lambda: nd.zoom(img, 2.0), n_repeat=5,
                     nbytes=20.0 * img.size))
    out.append(timed("ndimage spline_filter order3 4096^2 f32", lambda: nd.spline_filter(img),
                     nbytes=12.0 * img.size))
    coef = nd.spline_filter(img)
    out.append(timed("ndimage zoom x2 order3 no prefilter 4096^2 f64",
                     lambda: nd.zoom(coef, 2.0, output=cp.float32, prefilter=False), n_repeat=5,
                     nbytes=40.0 * img.size))
    out.append(timed("ndimage rotate 30deg order1 4096^2 f32",
                     lambda: nd.rotate(img, 30, reshape=False, order=1), nbytes=rw))
    half_steps = cp.indices(img.shape, dtype=cp.float64) * 0.5
    out.append(timed("ndimage map_coordinates order1 4096^2 f32",
                     lambda: nd.map_coordinates(img, half_steps, order=1),
                     nbytes=rw + 16.0 * img.size))
    mask = img > 0.7
    out.append(timed("ndimage label 4096^2 bool", lambda: nd.label(mask), n_repeat=5,
                     nbytes=5.0 * mask.size))
    out.append(timed("ndimage binary_erosion 4096^2 bool", lambda: nd.binary_erosion(mask),
                     nbytes=2.0 * mask.size))
    out.append(timed("ndimage binary_fill_holes 4096^2 bool",
                     lambda: nd.binary_fill_holes(mask), n_repeat=5, nbytes=2.0 * mask.size))


def signal(out):
    import cupyx.scipy.signal as sig
    from scipy import signal as ssig
    rng = cp.random.default_rng(22)
    n = 1 << 22
    x = rng.random(n, dtype=cp.float32)
    b, a = (cp.asarray(c) for c in ssig.butter(4, 0.1))
    sos = cp.asarray(ssig.butter(8, 0.1, output="sos"))
    rw = 12.0 * n  # x read as float32, y written as float64
    out.append(timed("signal lfilter butter4 4M f32", lambda: sig.lfilter(b, a, x), nbytes=rw))
    bn, an = (cp.asarray(c) for c in ssig.butter(4, 0.02))
    out.append(timed("signal lfilter butter4 narrow 4M f32", lambda: sig.lfilter(bn, an, x),
                     nbytes=rw))
    out.append(timed("signal sosfilt butter8 4M f32", lambda: sig.sosfilt(sos, x), nbytes=rw))
    out.append(timed("signal filtfilt butter4 4M f32", lambda: sig.filtfilt(b, a, x), nbytes=rw))
    out.append(timed("signal find_peaks 4M", lambda: sig.find_peaks(x, height=0.9),
                     nbytes=4.0 * n))
    rw32 = 8.0 * n  # float32 in, float32 out
    h1025 = rng.random(1025, dtype=cp.float32)
    h33 = rng.random(33, dtype=cp.float32)
    out.append(timed("signal fftconvolve 4M 1025", lambda: sig.fftconvolve(x, h1025), nbytes=rw32))
    out.append(timed("signal oaconvolve 4M 1025", lambda: sig.oaconvolve(x, h1025), nbytes=rw32))
    out.append(timed("signal convolve direct 4M 33",
                     lambda: sig.convolve(x, h33, method="direct"), nbytes=rw32))
    img = rng.random((2048, 2048), dtype=cp.float32)
    k5 = cp.ones((5, 5), dtype=cp.float32)
    out.append(timed("signal convolve2d 2048 k5", lambda: sig.convolve2d(img, k5, mode="same"),
                     nbytes=8.0 * 2048 * 2048))
    out.append(timed("signal savgol_filter 4M 31 3", lambda: sig.savgol_filter(x, 31, 3),
                     nbytes=rw32))
    out.append(timed("signal medfilt 4M 5", lambda: sig.medfilt(x, 5), nbytes=rw32))
    # spectral analysis: welch reads x; stft also writes the complex64 Zxx; hilbert writes n
    # complex64
    out.append(timed("signal welch 4M nperseg1024", lambda: sig.welch(x, nperseg=1024),
                     nbytes=4.0 * n))
    out.append(timed("signal stft 4M nperseg1024", lambda: sig.stft(x, nperseg=1024),
                     nbytes=4.0 * n + 8.0 * 513 * (n / 512 + 1)))
    out.append(timed("signal hilbert 4M", lambda: sig.hilbert(x), nbytes=12.0 * n))
    # resampling: x read, 1.5 n float32 written
    out.append(timed("signal resample_poly 4M 3 2", lambda: sig.resample_poly(x, 3, 2),
                     nbytes=10.0 * n))


def fft(out):
    n16, side, cube = 1 << 24, 4096, 256
    rng = cp.random.default_rng(11)
    c = rng.random(n16, dtype=cp.float32).astype(cp.complex64)
    out.append(timed("fft_16M_c64", lambda: cp.fft.fft(c), nbytes=16.0 * n16))
    z = c.astype(cp.complex128)
    out.append(timed("fft_16M_c128", lambda: cp.fft.fft(z), nbytes=32.0 * n16))
    out.append(timed("ifft_16M_c64_ortho", lambda: cp.fft.ifft(c, norm="ortho"),
                     nbytes=16.0 * n16))
    del c, z
    r = rng.random(n16, dtype=cp.float32)
    out.append(timed("rfft_16M_f32", lambda: cp.fft.rfft(r), nbytes=12.0 * n16))
    h = cp.fft.rfft(r)
    out.append(timed("irfft_16M_f32", lambda: cp.fft.irfft(h), nbytes=12.0 * n16))
    del r, h
    im = rng.random((side, side), dtype=cp.float32)
    x = im.astype(cp.complex64)
    out.append(timed("fft_axis0_4096sq_c64", lambda: cp.fft.fft(x, axis=0),
                     nbytes=16.0 * side * side))
    out.append(timed("fft_axis1_4096sq_c64", lambda: cp.fft.fft(x, axis=1),
                     nbytes=16.0 * side * side))
    out.append(timed("fft2_4096sq_c64", lambda: cp.fft.fft2(x), nbytes=16.0 * side * side))
    out.append(timed("rfft2_4096sq_f32", lambda: cp.fft.rfft2(im), nbytes=12.0 * side * side))
    w = rng.random(side, dtype=cp.float32)
    out.append(timed("rfft_rows_window_4096sq_f32", lambda: cp.fft.rfft(im * w),
                     nbytes=12.0 * side * side))
    del im, x
    im = rng.random((1024, n16 // 1024), dtype=cp.float32)
    x = im.astype(cp.complex64)
    out.append(timed("fft_axis0_1024x16384_c64", lambda: cp.fft.fft(x, axis=0), nbytes=16.0 * n16))
    out.append(timed("fft_axis1_1024x16384_c64", lambda: cp.fft.fft(x, axis=1), nbytes=16.0 * n16))
    z = im.reshape(side, n16 // side).astype(cp.complex128)
    out.append(timed("fft_axis0_4096x4096_c128", lambda: cp.fft.fft(z, axis=0), nbytes=32.0 * n16))
    out.append(timed("fft_axis1_4096x4096_c128", lambda: cp.fft.fft(z, axis=1), nbytes=32.0 * n16))
    del im, x, z
    v = rng.random((cube, cube, cube), dtype=cp.float32).astype(cp.complex64)
    out.append(timed("fftn_256cube_c64", lambda: cp.fft.fftn(v), nbytes=16.0 * cube ** 3))
    del v
    small = rng.random(1024, dtype=cp.float32).astype(cp.complex64)
    out.append(timed("fft_1024_c64_cached_plan", lambda: cp.fft.fft(small), n_repeat=500,
                     n_warmup=20))
    if not ONLY or any(w in "plan_cache_16_plans_MiB" for w in ONLY):
        # the device memory 16 cached plans hold (CuPy's plans keep their work areas)
        cache = cp.fft.config.get_plan_cache()
        cache.clear()
        pool = cp.get_default_memory_pool()
        pool.free_all_blocks()
        cp.cuda.Device().synchronize()
        free0, _ = cp.cuda.runtime.memGetInfo()
        for k in range(10, 26):
            cp.fft.fft(cp.zeros(1 << k, dtype=cp.complex64))
        cp.cuda.Device().synchronize()
        pool.free_all_blocks()
        free1, _ = cp.cuda.runtime.memGetInfo()
        out.append({"name": "plan_cache_16_plans_MiB", "device_ms": (free0 - free1) / 2**20,
                    "host_us": 0.0, "bytes": 0.0, "flops": 0.0, "baseline": "",
                    "baseline_ms": 0.0})


def io(out):
    import os
    import tempfile

    def wall(name, fn, nbytes, remove, reps=5):  # median wall ms of calls ending in a sync, as
        if ONLY and not any(w in name for w in ONLY):  # bench_io (the file removed untimed first)
            return
        fn()
        cp.cuda.Device().synchronize()
        ms = []
        for _ in range(reps):
            if remove and os.path.exists(path):
                os.remove(path)
            t0 = time.perf_counter()
            fn()
            cp.cuda.Device().synchronize()
            ms.append((time.perf_counter() - t0) * 1e3)
        out.append({"name": name, "device_ms": sorted(ms)[len(ms) // 2], "host_us": 0.0,
                    "bytes": nbytes, "flops": 0.0, "baseline": "", "baseline_ms": 0.0})

    n = 1 << 28
    path = os.path.join(tempfile.gettempdir(), "cupy_bench_io.npy")
    a = cp.full(n, 1.5, dtype=cp.float32)
    wall("npy_save_1GiB_f32", lambda: np.save(path, cp.asnumpy(a)), 4.0 * n, True)
    np.save(path, cp.asnumpy(a))
    wall("npy_load_1GiB_f32", lambda: cp.asarray(np.load(path)), 4.0 * n, False)
    del a
    os.remove(path)
    try:
        import torch
    except ImportError:
        torch = None
    x = cp.zeros((1024, 1024), dtype=cp.float32)
    # a round trip through DLPack with no other library: CuPy exports, CuPy imports
    out.append(timed("dlpack_export_import_host", lambda: cp.from_dlpack(x), n_repeat=2000,
                     n_warmup=50))
    if torch is not None:
        t = torch.zeros((1024, 1024), dtype=torch.float32, device="cuda")
        # the names of perf/bench_libtorch.cpp's rows: CuPy's array to a torch tensor and back
        out.append(timed("dlpack_to_torch_host", lambda: torch.from_dlpack(x),
                         n_repeat=2000, n_warmup=50))
        out.append(timed("dlpack_from_torch_host", lambda: cp.from_dlpack(t),
                         n_repeat=2000, n_warmup=50))
    m = 1 << 24
    xf = cp.full(m, 1.0, dtype=cp.float32)
    yf = cp.full(m, 2.0, dtype=cp.float32)
    out.append(timed("add_16M_f32_typed", lambda: xf + yf, nbytes=12.0 * m))
    out.append(timed("add_16M_f32_runtime_dtype", lambda: xf + yf, nbytes=12.0 * m))
    xi = cp.full(m, 3, dtype=cp.int32)
    out.append(timed("add_16M_i32_f32_runtime_dtype", lambda: xi + yf, nbytes=16.0 * m))
    s = cp.zeros(1024, dtype=cp.float32)
    out.append(timed("add_1024_f32_runtime_dtype_host", lambda: s + s, n_repeat=2000,
                     n_warmup=50))


def linalg(out):
    def slow(name, fn, reps):
        return timed(name, fn, n_repeat=reps, n_warmup=1)

    rng = cp.random.default_rng(7)
    for b, k in ((10000, 4), (10000, 8), (1000, 64)):
        if ONLY and not any(w in f"solve_batched_{b}x{k} inv det" for w in ONLY):
            continue
        a = rng.random((b, k, k), dtype=cp.float32) + k * cp.eye(k, dtype=cp.float32)
        rhs = rng.random((b, k, 1), dtype=cp.float32)
        out.append(timed(f"solve_batched_{b}x{k}", lambda: cp.linalg.solve(a, rhs)))
        out.append(timed(f"inv_batched_{b}x{k}", lambda: cp.linalg.inv(a)))
        out.append(timed(f"det_batched_{b}x{k}", lambda: cp.linalg.det(a)))
    s32 = rng.random((1000, 32, 32), dtype=cp.float32)
    s32 = s32 @ s32.transpose(0, 2, 1)
    out.append(timed("eigh_batched_1000x32", lambda: cp.linalg.eigh(s32)))
    out.append(timed("svd_batched_1000x32", lambda: cp.linalg.svd(s32)))
    pd = s32 + 32 * cp.eye(32, dtype=cp.float32)
    out.append(timed("cholesky_batched_1000x32", lambda: cp.linalg.cholesky(pd)))
    t = rng.random((1024, 64, 64), dtype=cp.float32)
    u = rng.random((1024, 64, 64), dtype=cp.float32)
    out.append(timed("matmul_batched_1024x64", lambda: cp.matmul(t, u)))
    out.append(timed("einsum_bij_bjk_1024x64", lambda: cp.einsum("bij,bjk->bik", t, u)))
    # 8192^2 GEMMs on tensor cores (bench_linalg's rows): float16, and bfloat16 where CuPy has it;
    # CuPy's TF32 is fixed at import by CUPY_TF32, so matmul_8192sq_f32_tf32 has no CuPy row
    if not ONLY or any(w in "matmul_8192sq_f16 matmul_8192sq_bf16" for w in ONLY):
        g = cp.random.default_rng(7)
        for name, dt in (("f16", cp.float16), ("bf16", getattr(cp, "bfloat16", None))):
            if dt is None:
                continue
            x = g.random((8192, 8192), dtype=cp.float32).astype(dt)
            y = g.random((8192, 8192), dtype=cp.float32).astype(dt)
            out.append(timed(f"matmul_8192sq_{name}", lambda: x @ y, n_repeat=10,
                             flops=2.0 * 8192 ** 3))
            del x, y
    m = rng.random((4096, 4096), dtype=cp.float32)
    out.append(timed("norm_fro_4096_f32", lambda: cp.linalg.norm(m), nbytes=4.0 * m.size))
    out.append(back_to_back("norm_fro_4096_f32 back to back", lambda: cp.linalg.norm(m),
                            nbytes=4.0 * m.size))
    m2 = cp.random.default_rng(8).random((4096, 4096), dtype=cp.float32)
    out.append(timed("einsum_ij_ij_4096_f32", lambda: cp.einsum("ij,ij->", m, m2),
                     nbytes=8.0 * m.size))
    out.append(back_to_back("einsum_ij_ij_4096_f32 back to back",
                            lambda: cp.einsum("ij,ij->", m, m2), nbytes=8.0 * m.size))
    out.append(slow("qr_4096_f32", lambda: cp.linalg.qr(m), 5))
    out.append(slow("det_4096_f32", lambda: cp.linalg.det(m), 5))
    out.append(slow("inv_4096_f32", lambda: cp.linalg.inv(m), 5))
    for dt, tag in ((cp.float32, "f32"), (cp.float64, "f64")):
        a = rng.random((4096, 4096), dtype=dt) + 4096 * cp.eye(4096, dtype=dt)
        rhs = rng.random((4096, 64), dtype=dt)
        out.append(slow(f"solve_4096_64rhs_{tag}", lambda: cp.linalg.solve(a, rhs), 5))
    # cupyx.scipy.linalg (cupx::linalg), float32 inputs as solve's; check_finite=False: its
    # default scan reads a verdict back to the host, which cupx does not do
    a = rng.random((4096, 4096), dtype=cp.float32) + 4096 * cp.eye(4096, dtype=cp.float32)
    rhs = rng.random((4096, 64), dtype=cp.float32)
    out.append(slow("lu_factor_4096_f32", lambda: csl.lu_factor(a, check_finite=False), 5))
    factors = csl.lu_factor(a, check_finite=False)
    out.append(slow("lu_solve_4096_64rhs_f32",
                    lambda: csl.lu_solve(factors, rhs, check_finite=False), 5))
    out.append(slow("solve_triangular_4096_64rhs_f32",
                    lambda: csl.solve_triangular(a, rhs, lower=True, check_finite=False), 5))
    tall, rhs = m[:, :1024].copy(), m[:, :8].copy()
    out.append(slow("lstsq_4096x1024_f32", lambda: cp.linalg.lstsq(tall, rhs, rcond=None), 2))
    sq = m[:2048, :2048].copy()
    out.append(slow("pinv_2048_f32", lambda: cp.linalg.pinv(sq), 2))
    out.append(slow("svd_2048_f32", lambda: cp.linalg.svd(sq), 2))
    e = m[:1024, :1024].copy()
    out.append(slow("eig_1024_f32", lambda: cp.linalg.eig(e), 2))
    s2 = sq @ sq.T
    out.append(slow("eigh_2048_f32", lambda: cp.linalg.eigh(s2), 5))
    sd = rng.random((4096, 4096))
    sd = sd @ sd.T + 4096 * cp.eye(4096)
    out.append(slow("eigh_4096_f64", lambda: cp.linalg.eigh(sd), 3))
    out.append(slow("cholesky_4096_f64", lambda: cp.linalg.cholesky(sd), 5))
    out.append(slow("svd_4096_f32", lambda: cp.linalg.svd(m), 2))


if __name__ == "__main__":
    main()
