#!/usr/bin/env python3
"""Writes scipy.ndimage's measurement results into test/fixtures/ndimage_measure.txt, read by
test/cupx/ndimage/test_measurements.cpp. Run with NumPy 2 and SciPy >= 1.15:
python3 scripts/gen_ndimage_measure_fixtures.py. The output is committed.

The format of ndimage_filters.txt (scripts/gen_ndimage_fixtures.py): one line per case,
  <function> <dtype> <shape> <key=value;key=value...> | <input> | <output>
with the keys labels (the labels' values, absent: labels=None), index (absent: index=None;
with scalar=1 one label), min, max, bins (histogram), structure (and sshape, absent: the
default) and nfeat (label), max_label (find_objects: the output is start,stop per axis per
label, -1,-1 for an absent label), and always oshape, the output's shape.
"""
import pathlib
import warnings

import numpy as np
from scipy import ndimage as nd

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "ndimage_measure.txt"
rng = np.random.default_rng(20261203)
STATS = ["sum_labels", "mean", "variance", "standard_deviation", "minimum", "maximum",
         "minimum_position", "maximum_position", "center_of_mass", "histogram", "median"]


def lst(v):
    return ",".join(repr(x) if isinstance(x, float) else str(x) for x in np.ravel(v).tolist())


def sample(shape, dtype):
    n = int(np.prod(shape))
    if np.dtype(dtype).kind == "f":
        return (rng.standard_normal(shape) * 3).astype(dtype)
    v = rng.permutation(n) # no ties: SciPy's positions of tied values follow its sort
    if dtype == "uint8":
        return (v % 256).astype(dtype).reshape(shape)
    return (v - n // 2).astype(dtype).reshape(shape)


def line(func, dtype, shape, kw, x, out):
    keys = ";".join(f"{k}={lst(v)}" for k, v in kw.items())
    vals = lambda a: " ".join(repr(float(v)) for v in np.ravel(a))
    return f"{func} {dtype} {lst(shape)} {keys or '-'} | {vals(x)} | {vals(out)}"


def stat(func, x, labels, index):
    if func == "histogram":
        # the whole range (values on the edges, the last one closed) or a part of it
        lo, hi = float(np.min(x)) - 0.5, float(np.max(x)) * 0.8
        if labels is None:
            lo, hi = float(np.min(x)), float(np.max(x))
        if index == 2:
            lo = hi = float(np.ravel(x)[3])  # one value: every edge equal
        r = nd.histogram(x, lo, hi, 7, labels, index)
        if isinstance(index, list):
            # an absent label's histogram is None: counts of 0 here
            r = np.stack([np.zeros(7, int) if h is None else h for h in r])
        return np.asarray(r, dtype=float), {"min": lo, "max": hi, "bins": 7}
    r = getattr(nd, func)(x, labels, index)
    return np.asarray(r, dtype=float), {}


def cases():
    out = []
    for shape in [(17,), (6, 7), (3, 4, 5)]:
        for dtype in ["float64", "float32", "int32", "uint8"]:
            x = sample(shape, dtype)
            labels = rng.integers(0, 5, shape)  # labels 0..4
            for func in STATS:
                for mode in ["nolabels", "none", "scalar", "list"]:
                    lab = None if mode == "nolabels" else labels
                    index = {"nolabels": None, "none": None, "scalar": 2,
                             "list": [3, 1, 7, 0, 3, 4]}[mode]
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        r, extra = stat(func, x, lab, index)
                    kw = {}
                    if lab is not None:
                        kw["labels"] = lab
                    if index is not None:
                        kw["index"] = index
                    if mode == "scalar":
                        kw["scalar"] = 1
                    kw.update(extra)
                    kw["oshape"] = list(r.shape)
                    out.append(line(func, dtype, shape, kw, x, r))
    # label: every connectivity, a diagonal structure, densities
    for shape in [(40,), (20, 30), (6, 7, 8), (9, 11)]:
        for density in [0.3, 0.55]:
            x = (rng.random(shape) < density).astype(np.int32) * rng.integers(1, 9, shape)
            for conn in range(1, len(shape) + 1):
                s = nd.generate_binary_structure(len(shape), conn)
                lab, n = nd.label(x, s)
                kw = {"structure": s.astype(int), "sshape": list(s.shape), "nfeat": n,
                      "oshape": list(lab.shape)}
                if conn == 1:
                    del kw["structure"], kw["sshape"]
                out.append(line("label", "int32", shape, kw, x, lab))
            if len(shape) == 2:
                s = np.array([[0, 0, 1], [0, 1, 0], [1, 0, 0]], bool)
                lab, n = nd.label(x, s)
                out.append(line("label", "int32", shape,
                                {"structure": s.astype(int), "sshape": [3, 3], "nfeat": n,
                                 "oshape": list(lab.shape)}, x, lab))
    # a large image near the percolation threshold: long, winding components
    x = (rng.random((110, 120)) < 0.59).astype(np.int32)
    for conn in [1, 2]:
        s = nd.generate_binary_structure(2, conn)
        lab, n = nd.label(x, s)
        out.append(line("label", "int32", x.shape, {"structure": s.astype(int), "sshape": [3, 3],
                                                    "nfeat": n, "oshape": list(lab.shape)}, x, lab))
    # find_objects: labels with gaps
    for shape in [(30,), (9, 12), (5, 6, 7)]:
        lab = rng.integers(0, 7, shape)
        lab[lab == 4] = 0
        for max_label in [0, 3, 9]:
            objs = nd.find_objects(lab, max_label)
            flat = []
            for o in objs:
                if o is None:
                    flat += [-1, -1] * len(shape)
                else:
                    for s in o:
                        flat += [s.start, s.stop]
            out.append(line("find_objects", "int32", shape,
                            {"max_label": max_label, "oshape": [len(objs), len(shape), 2]},
                            lab, np.array(flat)))
    return out


def main():
    lines = cases()
    OUT.write_text("# scipy.ndimage measurements, scripts/gen_ndimage_measure_fixtures.py\n"
                   + "\n".join(lines) + "\n")
    print(f"{len(lines)} cases, {OUT.stat().st_size} bytes -> {OUT}")


if __name__ == "__main__":
    main()
