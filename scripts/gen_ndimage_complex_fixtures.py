#!/usr/bin/env python3
"""Writes scipy.ndimage's results on complex data into test/fixtures/ndimage_complex.txt, read by
test/cupx/ndimage/test_complex.cpp. Run with NumPy 2 and SciPy >= 1.15:
python3 scripts/gen_ndimage_complex_fixtures.py. The output is committed.

The format of ndimage_filters.txt (scripts/gen_ndimage_fixtures.py), one line per case:
  <function> <dtype> <shape> <key=value;key=value...> | <input> | <output>
except that a complex array's values are (real, imaginary) pairs in C order, and complex weights
are written as such pairs with the key cweights (wshape their shape), a complex cval as the key
ccval (a pair). The output's dtype and shape are the keys odtype and oshape.
"""
import pathlib
import warnings

import numpy as np
from scipy import ndimage as nd

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "ndimage_complex.txt"
rng = np.random.default_rng(20261204)
MODES = ["reflect", "constant", "nearest", "mirror", "wrap", "grid-constant"]


def lst(v):
    return ",".join(repr(x) if isinstance(x, float) else str(x) for x in np.ravel(v).tolist())


def flat(a):
    a = np.asarray(a)
    if a.dtype.kind == "c":
        return np.stack([a.real, a.imag], axis=-1).ravel()
    return a.ravel()


def sample(shape, dtype):
    if np.dtype(dtype).kind == "c":
        return (rng.standard_normal(shape) * 3 + 1j * rng.standard_normal(shape) * 2).astype(dtype)
    if np.dtype(dtype).kind == "f":
        return (rng.standard_normal(shape) * 3).astype(dtype)
    return rng.integers(-20, 40, shape).astype(dtype)


def call(func, x, **kw):
    args = dict(kw)
    if "cweights" in args:
        w = np.array(args.pop("cweights"), float).reshape(-1, 2)
        w = w[:, 0] + 1j * w[:, 1]
        args["weights"] = w.reshape(args.pop("wshape")) if "wshape" in args else w
    elif "wshape" in args:
        args["weights"] = np.array(args.pop("weights"), float).reshape(args.pop("wshape"))
    if "ccval" in args:
        re, im = args.pop("ccval")
        args["cval"] = complex(re, im)
    if "coords" in args:
        args["coordinates"] = np.array(args.pop("coords"), float).reshape(args.pop("cshape"))
    out = getattr(nd, func)(x, **args)
    kw["odtype"] = str(out.dtype)
    kw["oshape"] = list(out.shape)
    shape = lst(x.shape) if x.ndim else "-"
    keys = ";".join(f"{k}={lst(v) if not isinstance(v, str) else v}" for k, v in kw.items())
    vals = lambda a: " ".join(repr(float(v)) for v in flat(a))
    return f"{func} {x.dtype} {shape} {keys} | {vals(x)} | {vals(out)}"


def cw(n):
    """n complex weights as (real, imaginary) pairs."""
    return np.round(rng.standard_normal(2 * n), 3).tolist()


def cases():
    out = []
    for dt in ["complex128", "complex64"]:
        for mode in MODES:
            out.append(call("correlate1d", sample((9,), dt), weights=[0.5, -1.0, 2.0], mode=mode,
                            cval=1.5))
            out.append(call("correlate", sample((5, 6), dt), weights=[1.0, 0.5, -0.25, 2.0],
                            wshape=[2, 2], mode=mode, cval=-2.0))
        out.append(call("correlate1d", sample((4, 7), dt), weights=[1.0, 2.0, 0.5, -1.0], axis=0,
                        origin=1))
        out.append(call("convolve1d", sample((8,), dt), weights=[1.0, 2.0, 3.0], mode="wrap"))
        out.append(call("convolve", sample((4, 5), dt), weights=[1.0, 2.0, 0.0, -1.0, 0.5, 0.25],
                        wshape=[2, 3], mode="nearest"))
        # complex weights on complex data
        out.append(call("correlate1d", sample((9,), dt), cweights=cw(3), mode="constant", cval=0.5))
        out.append(call("convolve1d", sample((3, 6), dt), cweights=cw(4), axis=1))
        out.append(call("correlate", sample((5, 4), dt), cweights=cw(6), wshape=[3, 2],
                        mode="mirror"))
        out.append(call("convolve", sample((4, 4), dt), cweights=cw(4), wshape=[2, 2],
                        mode="constant", cval=1.0))
        # the filters made of correlations
        out.append(call("gaussian_filter1d", sample((11,), dt), sigma=1.5, order=1))
        out.append(call("gaussian_filter", sample((6, 7), dt), sigma=[1.0, 2.0], mode="constant",
                        cval=0.5))
        out.append(call("uniform_filter1d", sample((10,), dt), size=4, mode="wrap"))
        out.append(call("uniform_filter", sample((5, 6), dt), size=3, mode="constant", cval=2.0))
        out.append(call("sobel", sample((5, 6), dt), axis=0))
        out.append(call("prewitt", sample((5, 6), dt), axis=1, mode="nearest"))
        out.append(call("laplace", sample((5, 6), dt), mode="constant", cval=1.0))
        out.append(call("gaussian_laplace", sample((6, 6), dt), sigma=1.0))
        out.append(call("gaussian_gradient_magnitude", sample((6, 5), dt), sigma=1.2))
        # interpolation
        for order in [0, 1, 3]:
            out.append(call("shift", sample((5, 6), dt), shift=[0.4, -1.3], order=order,
                            mode="constant", cval=0.5))
            out.append(call("zoom", sample((4, 5), dt), zoom=[1.5, 0.8], order=order,
                            mode="mirror"))
            out.append(call("map_coordinates", sample((5, 6), dt),
                            coords=rng.uniform(-1, 6, 12).tolist(), cshape=[2, 6], order=order,
                            mode="reflect"))
            out.append(call("rotate", sample((5, 6), dt), angle=30.0, order=order))
        out.append(call("affine_transform", sample((5, 6), dt), matrix=[0.9, 1.2],
                        offset=[0.5, -0.5], order=3, mode="nearest"))
        out.append(call("spline_filter1d", sample((9,), dt), order=3, mode="mirror"))
        out.append(call("spline_filter", sample((5, 6), dt), order=2, mode="reflect"))
    # complex weights on real data: the output is complex (complex64 for float32)
    for dt in ["float64", "float32", "int16"]:
        out.append(call("correlate1d", sample((9,), dt), cweights=cw(3), mode="reflect"))
        # an integral cval: cupx casts cval to an integer input's dtype (docs/ndimage.md)
        out.append(call("correlate", sample((4, 5), dt), cweights=cw(4), wshape=[2, 2],
                        mode="constant", cval=2.0))
    # a complex cval extends the real part with its real part, the imaginary with its imaginary
    for dt in ["complex128", "complex64"]:
        out.append(call("correlate1d", sample((9,), dt), weights=[0.5, -1.0, 2.0],
                        mode="constant", ccval=[1.5, -2.0]))
        out.append(call("correlate", sample((4, 5), dt), cweights=cw(4), wshape=[2, 2],
                        mode="constant", ccval=[0.5, 1.0]))
        out.append(call("gaussian_filter", sample((6, 7), dt), sigma=1.0, mode="constant",
                        ccval=[2.0, 3.0]))
        out.append(call("uniform_filter", sample((5, 6), dt), size=3, mode="constant",
                        ccval=[-1.0, 0.5]))
        out.append(call("sobel", sample((5, 6), dt), axis=0, mode="constant", ccval=[1.0, 1.0]))
        out.append(call("shift", sample((5, 6), dt), shift=[0.4, -1.3], order=1, mode="constant",
                        ccval=[0.5, -0.5]))
        out.append(call("zoom", sample((4, 5), dt), zoom=1.5, order=3, mode="grid-constant",
                        ccval=[1.0, 2.0]))
    return out


def main():
    warnings.simplefilter("ignore")
    head = ["# scipy.ndimage on complex data: scripts/gen_ndimage_complex_fixtures.py"]
    OUT.write_text("\n".join(head + cases()) + "\n")
    print(OUT, OUT.stat().st_size)


if __name__ == "__main__":
    main()
