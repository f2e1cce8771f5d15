#!/usr/bin/env python3
"""Writes scipy.ndimage's filter results into test/fixtures/ndimage_filters.txt, read by
test/cupx/ndimage/test_filters.cpp. Run from anywhere with NumPy 2 and SciPy >= 1.15:
python3 scripts/gen_ndimage_fixtures.py. The output is committed.

One line per case:
  <function> <dtype> <shape> <key=value;key=value...> | <input> | <output>
shape is a comma list ("-" for 0-d), lists inside values are comma lists; the input and output
are the values in C order. The keys are the function's arguments: axis, mode, cval, origin,
weights (and wshape), size, footprint (0/1 values, fshape), sigma, order, truncate, radius,
rank, percentile, axes, function (a generic_filter function by name); structure (sshape),
mask, iterations, border_value, rank and connectivity for the morphology.
"""
import pathlib

import numpy as np
from scipy import ndimage as nd

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "ndimage_filters.txt"
rng = np.random.default_rng(20261203)
MODES = ["reflect", "constant", "nearest", "mirror", "wrap", "grid-constant", "grid-mirror",
         "grid-wrap"]


def lst(v):
    return ",".join(repr(x) if isinstance(x, float) else str(x) for x in np.ravel(v).tolist())


def sample(shape, dtype):
    """Values with ties (medians, ranks) in a range every dtype holds."""
    if np.dtype(dtype).kind == "f":
        return (rng.integers(-8, 9, shape) * 0.75 + rng.standard_normal(shape) * 0.1).astype(dtype)
    lo = 0 if np.dtype(dtype).kind == "u" else -20
    return rng.integers(lo, 40, shape).astype(dtype)


def line(func, x, kw, out):
    shape = lst(x.shape) if x.ndim else "-"
    keys = ";".join(f"{k}={lst(v) if not isinstance(v, str) else v}" for k, v in kw.items())
    vals = lambda a: " ".join(repr(float(v)) for v in np.ravel(a))
    return f"{func} {x.dtype} {shape} {keys or '-'} | {vals(x)} | {vals(out)}"


# generic_filter's functions by name (the C++ test has the same functors)
FUNCTIONS = {"ptp": np.ptp, "second": lambda v: v[1] * 2.0 - v[0]}


def call(func, x, **kw):
    args = dict(kw)
    if "function" in args:
        args["function"] = FUNCTIONS[args["function"]]
    if "wshape" in args:
        args["weights"] = np.array(args.pop("weights"), float).reshape(args.pop("wshape"))
    if "fshape" in args:
        args["footprint"] = np.array(args.pop("footprint"), bool).reshape(args.pop("fshape"))
    if "sshape" in args:
        args["structure"] = np.array(args.pop("structure"), bool).reshape(args.pop("sshape"))
    if "mask" in args:
        args["mask"] = np.array(args["mask"], bool).reshape(x.shape)
    return line(func, x, kw, getattr(nd, func)(x, **args))


def cases():
    dtypes = ["float32", "float64", "int32", "uint8", "int16"]
    shapes = [(0,), (1,), (7,), (5, 6), (3, 4, 5)]
    # correlate1d / convolve1d: modes, origins, odd and even and long windows, every axis
    for func in ["correlate1d", "convolve1d"]:
        for mode in MODES:
            for w in [[1.0, 2.0, -1.0], [0.5, 0.25], [1.0, -2.0, 3.0, 0.5, 1.5, -1.0, 2.0, 0.25, 1.0]]:
                for origin in sorted({-(len(w) // 2), 0, (len(w) - 1) // 2}):
                    for dt in ["float64", "int32"] if mode == "reflect" else ["float32"]:
                        yield call(func, sample((5, 6), dt), weights=w, axis=-1, mode=mode,
                                   cval=1.5, origin=origin)
        for shape in shapes:
            for axis in range(len(shape)):
                for dt in dtypes:
                    yield call(func, sample(shape, dt), weights=[1.0, 3.0, -2.0], axis=axis)
    # gaussian_filter1d and gaussian_filter: sigmas, orders, truncate, radius, axes
    for sigma in [0.5, 1.0, 2.0, 3.5]:
        for order in range(4):
            yield call("gaussian_filter1d", sample((9, 40), "float64"), sigma=sigma, order=order,
                       axis=0 if order % 2 else -1)
    for dt in dtypes:
        for shape in shapes:
            yield call("gaussian_filter", sample(shape, dt), sigma=1.5)
    yield call("gaussian_filter", sample((6, 7, 8), "float32"), sigma=[1.0, 0.0, 2.0],
               order=[0, 1, 2], mode="nearest")
    yield call("gaussian_filter", sample((6, 7, 8), "float64"), sigma=[1.0, 2.0], axes=[0, 2],
               truncate=2.0)
    yield call("gaussian_filter", sample((20, 30), "float64"), sigma=3.0, radius=[2, 5],
               mode="wrap")
    for mode in MODES:
        yield call("gaussian_filter", sample((10, 12), "float32"), sigma=1.2, mode=mode, cval=-2.0)
    # uniform, minimum, maximum filters (separable)
    for dt in dtypes:
        for shape in shapes:
            for size in [1, 2, 3, 4]:
                yield call("uniform_filter", sample(shape, dt), size=size)
                yield call("minimum_filter", sample(shape, dt), size=size + 1)
                yield call("maximum_filter", sample(shape, dt), size=size + 2, mode="mirror")
    for mode in MODES:
        for origin in [-1, 0, 1]:
            yield call("uniform_filter1d", sample((4, 11), "float64"), size=4, axis=-1, mode=mode,
                       cval=3.0, origin=origin)
            yield call("minimum_filter1d", sample((11, 4), "int32"), size=3, axis=0, mode=mode,
                       cval=-100.0, origin=origin)
            yield call("maximum_filter1d", sample((4, 11), "float32"), size=5, axis=1, mode=mode,
                       cval=100.0, origin=origin)
    yield call("uniform_filter", sample((6, 7, 8), "float32"), size=[3, 1, 5], origin=[1, 0, -2])
    yield call("maximum_filter", sample((6, 7, 8), "int16"), size=[2, 3], axes=[0, 2])
    # rank filters: sizes, footprints, ranks, percentiles
    cross = [0, 1, 0, 1, 1, 1, 0, 1, 0]
    for dt in dtypes:
        for shape in [(1,), (7,), (5, 6), (4, 5, 6)]:
            yield call("median_filter", sample(shape, dt), size=3)
            yield call("median_filter", sample(shape, dt), size=5, mode="constant", cval=2.0)
        yield call("median_filter", sample((8, 9), dt), footprint=cross, fshape=[3, 3])
        yield call("minimum_filter", sample((8, 9), dt), footprint=cross, fshape=[3, 3])
        yield call("maximum_filter", sample((8, 9), dt), footprint=cross, fshape=[3, 3],
                   mode="wrap")
    for rank in [0, 1, 4, 7, 8, -1, -3]:
        yield call("rank_filter", sample((7, 8), "float64"), rank=rank, size=3, mode="nearest")
    for pct in [0.0, 10.0, 50.0, 75.0, 100.0, -20.0]:
        yield call("percentile_filter", sample((7, 8), "float32"), percentile=pct, size=[3, 2])
    yield call("median_filter", sample((12, 13), "float32"), size=7, mode="mirror")
    yield call("median_filter", sample((12, 13), "float64"), size=[4, 3], origin=[1, -1])
    yield call("rank_filter", sample((9, 10), "int32"), rank=5, footprint=[1, 0, 1, 1, 1, 0, 1, 1],
               fshape=[2, 4])
    # generic_filter with a functor
    for dt in ["float32", "float64", "int32", "uint8"]:
        yield call("generic_filter", sample((6, 7), dt), function="ptp", size=3)
        yield call("generic_filter", sample((6, 7), dt), function="second", footprint=cross,
                   fshape=[3, 3], mode="constant", cval=1.0)
    yield call("generic_filter", sample((5, 6, 4), "float64"), function="ptp", size=[2, 3, 2],
               mode="wrap", origin=[0, 1, -1])
    # N-D correlate and convolve: weight shapes, origins, modes
    for func in ["correlate", "convolve"]:
        for mode in MODES:
            w = rng.integers(-3, 4, (3, 3)).astype(float)
            yield call(func, sample((6, 7), "float64"), weights=[float(v) for v in w.ravel()], wshape=[3, 3],
                       mode=mode, cval=0.5)
        for wshape, origin in [([2, 4], [0, 1]), ([5, 5], [-2, 2]), ([1, 3], 0), ([3, 2], [1, 0])]:
            w = rng.standard_normal(wshape).round(3)
            for dt in ["float32", "float64", "int32", "uint8"]:
                yield call(func, sample((8, 9), dt), weights=[float(v) for v in w.ravel()],
                           wshape=wshape, origin=origin)
        w = rng.standard_normal((3, 2, 3)).round(3)
        yield call(func, sample((4, 5, 6), "float64"), weights=[float(v) for v in w.ravel()],
                   wshape=[3, 2, 3], mode="nearest")
    # derivatives
    for dt in dtypes:
        for shape in [(7,), (5, 6), (3, 4, 5)]:
            for axis in range(len(shape)):
                yield call("sobel", sample(shape, dt), axis=axis)
                yield call("prewitt", sample(shape, dt), axis=axis, mode="constant", cval=1.0)
            yield call("laplace", sample(shape, dt))
            yield call("gaussian_laplace", sample(shape, dt), sigma=1.0)
            yield call("gaussian_gradient_magnitude", sample(shape, dt), sigma=0.8)


def morphology():
    """Binary and grey-scale morphology, and the structures."""
    for rank in [1, 2, 3]:
        for conn in range(1, rank + 1):
            s = nd.generate_binary_structure(rank, conn)
            yield line("generate_binary_structure", np.zeros((0,), bool),
                       {"rank": rank, "connectivity": conn}, s)
            yield line("iterate_structure", s, {"iterations": 3}, nd.iterate_structure(s, 3))
    blobs = lambda shape: rng.random(shape) < 0.6
    diag = [1, 0, 0, 0, 1, 1, 0, 1, 0]
    for func in ["binary_erosion", "binary_dilation", "binary_opening", "binary_closing"]:
        for shape in [(9,), (7, 8), (4, 5, 6)]:
            yield call(func, blobs(shape))
            yield call(func, blobs(shape), iterations=2, border_value=1)
        yield call(func, blobs((8, 9)), structure=diag, sshape=[3, 3], iterations=3)
        yield call(func, blobs((8, 9)), structure=[1, 1, 0, 1], sshape=[2, 2], origin=[0, -1])
        yield call(func, blobs((8, 9)), iterations=-1 if func.endswith(("erosion", "dilation"))
                   else 1, mask=[int(v) for v in (rng.random((8, 9)) < 0.7).ravel()])
    yield call("binary_erosion", sample((7, 8), "int32"))
    yield call("binary_dilation", sample((7, 8), "float32"), structure=diag, sshape=[3, 3])
    for func in ["grey_erosion", "grey_dilation", "grey_opening", "grey_closing",
                 "morphological_gradient", "white_tophat", "black_tophat"]:
        for dt in ["float32", "int32", "uint8"]:
            yield call(func, sample((8, 9), dt), size=[2, 3])
            yield call(func, sample((8, 9), dt), footprint=diag, fshape=[3, 3], mode="nearest")
        yield call(func, sample((5, 6, 7), "float64"), size=3, mode="constant", cval=1.5,
                   origin=[1, 0, -1])
    yield from propagation(blobs, diag)


def propagation(blobs, diag):
    """binary_propagation and binary_fill_holes: the union-find path (symmetric 3^n structures
    with the centre set, origin 0) and SciPy's repeated passes (any other structure or origin)."""
    seeds = lambda shape: rng.random(shape) < 0.04
    masks = lambda shape: [int(v) for v in blobs(shape).ravel()]
    for shape in [(40,), (30, 41), (9, 10, 11)]:
        yield call("binary_propagation", seeds(shape), mask=masks(shape))
        full = nd.generate_binary_structure(len(shape), len(shape))
        yield call("binary_propagation", seeds(shape), mask=masks(shape),
                   structure=full.astype(int), sshape=list(full.shape), border_value=1)
        yield call("binary_propagation", seeds(shape))  # no mask: every component reached
        yield call("binary_fill_holes", blobs(shape))
        yield call("binary_fill_holes", blobs(shape), structure=full.astype(int),
                   sshape=list(full.shape))
    yield call("binary_propagation", seeds((30, 41)), mask=masks((30, 41)), structure=diag,
               sshape=[3, 3])  # not symmetric: passes
    yield call("binary_propagation", seeds((30, 41)), mask=masks((30, 41)), origin=[0, 1])
    yield call("binary_propagation", seeds((30, 41)), mask=masks((30, 41)),
               structure=[1, 1, 0, 1], sshape=[2, 2], border_value=1)
    yield call("binary_fill_holes", blobs((30, 41)), structure=[1] * 25, sshape=[5, 5])
    yield call("binary_fill_holes", sample((12, 13), "int32"))
    yield call("binary_fill_holes", np.zeros((0, 5), bool))
    yield call("binary_propagation", np.ones((1,), bool))
    # a spiral: one path thousands of steps long (the passes would need one host sync per step)
    n = 64
    spiral = np.zeros((n, n), bool)
    r0, c0, r1, c1 = 0, 0, n - 1, n - 1
    while r0 <= r1 and c0 <= c1:
        spiral[r0, c0:c1 + 1] = spiral[r0:r1 + 1, c1] = True
        spiral[r1, c0:c1 + 1] = True
        spiral[r0 + 2:r1 + 1, c0] = True
        r0, c0, r1, c1 = r0 + 2, c0 + 2, r1 - 2, c1 - 2
    start = np.zeros_like(spiral)
    start[0, 0] = True
    yield call("binary_propagation", start, mask=[int(v) for v in spiral.ravel()])
    yield call("binary_fill_holes", spiral)


def mode_lists():
    """A mode per axis where SciPy takes a sequence (the separable filters and the derivatives)."""
    yield call("gaussian_filter", sample((5, 6), "float64"), sigma=[1.0, 1.5],
               mode=["reflect", "wrap"])
    yield call("gaussian_filter", sample((5, 6), "float64"), sigma=1.2, mode=["constant"],
               cval=1.0, axes=[1])
    yield call("uniform_filter", sample((5, 6), "float32"), size=3, mode=["nearest", "constant"],
               cval=2.0)
    yield call("maximum_filter", sample((5, 6), "float64"), size=[3, 2], mode=["wrap", "mirror"])
    yield call("minimum_filter", sample((3, 4, 5), "int32"), size=3,
               mode=["reflect", "constant", "nearest"], cval=-3.0)
    yield call("maximum_filter", sample((5, 6), "float64"), footprint=[1] * 6, fshape=[3, 2],
               mode=["constant", "wrap"], cval=0.5)
    for axis in [0, 1]:
        yield call("sobel", sample((5, 6), "float64"), axis=axis, mode=["constant", "wrap"],
                   cval=1.0)
        yield call("prewitt", sample((5, 6), "float32"), axis=axis, mode=["mirror", "nearest"])
    yield call("laplace", sample((3, 4, 5), "float64"), mode=["wrap", "constant", "reflect"],
               cval=0.5)
    yield call("gaussian_laplace", sample((5, 6), "float64"), sigma=1.0,
               mode=["wrap", "constant"], cval=0.5)
    yield call("gaussian_gradient_magnitude", sample((5, 6), "float64"), sigma=0.8,
               mode=["nearest", "mirror"])


def main():
    lines = list(cases()) + list(morphology()) + list(mode_lists())
    OUT.write_text("# scipy.ndimage filters (scripts/gen_ndimage_fixtures.py)\n" +
                   "\n".join(lines) + "\n")
    print(f"{len(lines)} cases -> {OUT}")


if __name__ == "__main__":
    main()
