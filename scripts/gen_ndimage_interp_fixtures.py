#!/usr/bin/env python3
"""Writes scipy.ndimage's interpolation results into test/fixtures/ndimage_interp.txt, read by
test/cupx/ndimage/test_interpolation.cpp. Run with NumPy 2 and SciPy >= 1.15:
python3 scripts/gen_ndimage_interp_fixtures.py. The output is committed.

The format of ndimage_filters.txt (scripts/gen_ndimage_fixtures.py): one line per case,
  <function> <dtype> <shape> <key=value;key=value...> | <input> | <output>
with the keys order, mode, cval, prefilter (0/1), axis, coords (and cshape), shift, zoom,
grid_mode, matrix (and mshape), offset, output_shape, angle, axes, reshape, and always oshape,
the output's shape.
"""
import pathlib
import warnings

import numpy as np
from scipy import ndimage as nd

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "ndimage_interp.txt"
rng = np.random.default_rng(20261204)
MODES = ["reflect", "constant", "nearest", "mirror", "wrap", "grid-constant", "grid-mirror",
         "grid-wrap"]


def lst(v):
    return ",".join(repr(x) if isinstance(x, float) else str(x) for x in np.ravel(v).tolist())


def sample(shape, dtype):
    if np.dtype(dtype).kind == "f":
        return (rng.standard_normal(shape) * 3).astype(dtype)
    return rng.integers(0, 120, shape).astype(dtype)


def line(func, x, kw, out):
    kw = dict(kw)
    kw["oshape"] = list(out.shape)
    keys = ";".join(f"{k}={lst(v) if not isinstance(v, str) else v}" for k, v in kw.items())
    vals = lambda a: " ".join(repr(float(v)) for v in np.ravel(a))
    return f"{func} {x.dtype} {lst(x.shape)} {keys} | {vals(x)} | {vals(out)}"


def call(func, x, **kw):
    args = dict(kw)
    if "prefilter" in args:
        args["prefilter"] = bool(args["prefilter"])
    if "grid_mode" in args:
        args["grid_mode"] = bool(args["grid_mode"])
    if "reshape" in args:
        args["reshape"] = bool(args["reshape"])
    if func == "map_coordinates":
        coords = np.array(args.pop("coords"), float).reshape(args.pop("cshape"))
        return line(func, x, kw, nd.map_coordinates(x, coords, **args))
    if "mshape" in args:
        args["matrix"] = np.array(args["matrix"], float).reshape(args.pop("mshape"))
    if func in ("spline_filter1d", "spline_filter"):
        return line(func, x, kw, getattr(nd, func)(x, **args))
    return line(func, x, kw, getattr(nd, func)(x, **args))


def cases():
    out = []
    # the prefilter
    for order in [2, 3, 4, 5]:
        for mode in MODES:
            out.append(call("spline_filter1d", sample((9,), "float64"), order=order, mode=mode))
            out.append(call("spline_filter1d", sample((4, 6), "float64"), order=order, axis=0,
                            mode=mode))
            out.append(call("spline_filter", sample((5, 6), "float64"), order=order, mode=mode))
    out.append(call("spline_filter1d", sample((4, 6), "float32"), order=3, axis=1))
    out.append(call("spline_filter1d", sample((7,), "float64"), order=1))
    # map_coordinates: every order and mode, coordinates inside, outside and on the edges
    for order in range(6):
        for mode in MODES:
            x = sample((5, 6), "float64")
            c = rng.uniform(-4, 9, (2, 4, 3))
            c[:, 0, 0] = [0, 5]
            c[:, 0, 1] = [4, -0.5]
            c[:, 0, 2] = [4.5, 5.5]
            out.append(call("map_coordinates", x, coords=c.ravel().tolist(), cshape=[2, 4, 3],
                            order=order, mode=mode, cval=1.5))
            c1 = rng.uniform(-6, 12, (1, 11))
            out.append(call("map_coordinates", sample((7,), "float64"),
                            coords=c1.ravel().tolist(), cshape=[1, 11], order=order, mode=mode))
    for order in [1, 3]:
        out.append(call("map_coordinates", sample((5, 6), "float64"),
                        coords=rng.uniform(-1, 6, 10).tolist(), cshape=[2, 5], order=order,
                        mode="mirror", prefilter=0))
        for dt in ["float32", "uint8", "int16"]:
            out.append(call("map_coordinates", sample((5, 6), dt),
                            coords=rng.uniform(-1, 6, 12).tolist(), cshape=[2, 6], order=order,
                            mode="reflect"))
    # shift
    for order in range(6):
        for mode in MODES:
            out.append(call("shift", sample((6, 7), "float64"), shift=[1.3, -2.6], order=order,
                            mode=mode, cval=-2.0))
    for order in [0, 1, 3]:
        out.append(call("shift", sample((3, 4, 5), "float64"), shift=[0.5, 1.25, -7.5],
                        order=order, mode="nearest"))
        out.append(call("shift", sample((6, 7), "uint8"), shift=0.4, order=order))
        out.append(call("shift", sample((6, 7), "float32"), shift=[-0.7, 2.2], order=order,
                        mode="wrap"))
        out.append(call("shift", sample((9,), "float64"), shift=2.5, order=order, mode="mirror",
                        prefilter=0))
    # zoom
    for order in range(6):
        for mode in MODES:
            out.append(call("zoom", sample((5, 6), "float64"), zoom=[1.7, 0.6], order=order,
                            mode=mode, cval=0.5))
            out.append(call("zoom", sample((5, 4), "float64"), zoom=1.5, order=order, mode=mode,
                            grid_mode=1))
    for order in [0, 1, 3]:
        out.append(call("zoom", sample((4, 5), "int16"), zoom=[2.0, 1.4], order=order))
        out.append(call("zoom", sample((2, 3, 4), "float32"), zoom=[1.5, 1.0, 0.5], order=order,
                        mode="reflect"))
        out.append(call("zoom", sample((6,), "float64"), zoom=1.0, order=order))
    # affine_transform: a 1-D matrix, a square one with offsets, (ndim, ndim + 1), homogeneous
    for order in range(6):
        for mode in MODES:
            x = sample((5, 6), "float64")
            out.append(call("affine_transform", x, matrix=[0.8, 1.3], offset=[0.5, -1.0],
                            order=order, mode=mode, cval=3.0))
            m = [[0.9, 0.3], [-0.2, 1.1]]
            out.append(call("affine_transform", x, matrix=np.ravel(m).tolist(), mshape=[2, 2], offset=[1.0, -0.5],
                            output_shape=[6, 4], order=order, mode=mode))
    for order in [0, 1, 3]:
        x = sample((5, 6), "float64")
        out.append(call("affine_transform", x, matrix=[0.9, 0.3, 0.7, -0.2, 1.1, -1.2],
                        mshape=[2, 3], order=order, mode="reflect"))
        out.append(call("affine_transform", x, matrix=[0.9, 0.3, 0.7, -0.2, 1.1, -1.2, 0, 0, 1],
                        mshape=[3, 3], order=order, mode="nearest"))
        out.append(call("affine_transform", sample((3, 4, 5), "float64"),
                        matrix=[1.0, 0.2, 0.0, 0.1, 0.9, 0.3, 0.0, -0.2, 1.1], mshape=[3, 3],
                        offset=0.3, order=order, mode="mirror"))
        out.append(call("affine_transform", sample((5, 6), "uint8"), matrix=[1.1, 0.2, 0.1, 0.8],
                        mshape=[2, 2], order=order))
    # rotate
    for order in [0, 1, 2, 3, 4, 5]:
        for mode in MODES:
            out.append(call("rotate", sample((5, 7), "float64"), angle=30.0, order=order,
                            mode=mode))
    for angle in [90.0, -45.0, 180.0, 17.0]:
        for reshape in [0, 1]:
            out.append(call("rotate", sample((4, 6), "float64"), angle=angle, reshape=reshape,
                            order=1))
    out.append(call("rotate", sample((3, 4, 5), "float64"), angle=25.0, axes=[0, 2], order=3,
                    mode="nearest"))
    out.append(call("rotate", sample((4, 5), "uint8"), angle=60.0, order=3))
    # 3-D at every order (the evaluator unrolls 1 to 3 axes per order), 4-D (its run-time loops)
    # and an output of fewer axes than the input (a (3, 2) matrix)
    for order in range(6):
        for mode in ["constant", "nearest", "grid-constant", "wrap"]:
            out.append(call("shift", sample((3, 4, 5), "float64"), shift=[0.4, -1.3, 2.6],
                            order=order, mode=mode, cval=0.5))
            out.append(call("shift", sample((2, 3, 4, 3), "float64"), shift=[0.3, 1.4, -0.6, 2.2],
                            order=order, mode=mode, cval=-1.0))
        c4 = rng.uniform(-1, 4, (4, 7))
        out.append(call("map_coordinates", sample((3, 4, 2, 5), "float64"),
                        coords=c4.ravel().tolist(), cshape=[4, 7], order=order, mode="mirror"))
        out.append(call("affine_transform", sample((3, 4, 5), "float64"),
                        matrix=[0.9, 0.2, 0.1, 1.1, -0.3, 0.8], mshape=[3, 2], offset=0.4,
                        output_shape=[4, 6], order=order, mode="reflect"))
    return out


def main():
    warnings.simplefilter("ignore")
    head = ["# scipy.ndimage interpolation results: scripts/gen_ndimage_interp_fixtures.py"]
    OUT.write_text("\n".join(head + cases()) + "\n")
    print(OUT, OUT.stat().st_size)


if __name__ == "__main__":
    main()
