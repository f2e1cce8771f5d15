#!/usr/bin/env python3
"""Writes scipy.stats' results into test/fixtures/stats.txt, read by test/cupx/test_stats.cpp.
Run from anywhere with NumPy 2 and SciPy >= 1.15: python3 scripts/gen_stats_fixtures.py. The
output is committed.

One line per case (float64 inputs; the test also runs them in float32 at its tolerance):
  <case> <shape of a> <shape of b or -> | <a> [| <b>] | <output> [| <output> ...]
A case names the function and its arguments after colons ("zscore:<axis>:<ddof>", axis "N" for
None); shapes are comma lists ("-" for no b, "0d" for a 0-d output is not used: outputs are
flat lists in C order).
"""
import pathlib
import warnings

import numpy as np
import scipy.stats as st

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "stats.txt"
rng = np.random.default_rng(20261203)


def values(x):
    return " ".join(repr(float(v)) for v in np.asarray(x, dtype=float).ravel())


def shape(x):
    return ",".join(str(e) for e in np.shape(x)) if x is not None else "-"


def ax(a):
    return "N" if a is None else str(a)


def data():
    """A (5, 7) sample: normal values, a constant column (NaN statistics), ties."""
    a = rng.standard_normal((5, 7)) * 3 + 1
    a[:, 3] = 2.5
    a[1, 5] = a[3, 5]
    return a


def cases():
    a = data()
    pos = np.abs(a) + 0.5
    ints = rng.integers(0, 4, (6, 5)).astype(float)
    for axis in [0, 1, None]:
        for ddof in [0, 1]:
            yield f"zscore:{ax(axis)}:{ddof}", a, None, [st.zscore(a, axis=axis, ddof=ddof)]
            yield f"sem:{ax(axis)}:{ddof}", a, None, [st.sem(a, axis=axis, ddof=ddof)]
            yield (f"variation:{ax(axis)}:{ddof}", pos, None,
                   [st.variation(pos, axis=axis, ddof=ddof)])
        for bias in [0, 1]:
            yield f"skew:{ax(axis)}:{bias}", a, None, [st.skew(a, axis=axis, bias=bool(bias))]
            for fisher in [0, 1]:
                yield (f"kurtosis:{ax(axis)}:{fisher}:{bias}", a, None,
                       [st.kurtosis(a, axis=axis, fisher=bool(fisher), bias=bool(bias))])
        for order in range(5):
            yield f"moment:{ax(axis)}:{order}", a, None, [st.moment(a, order, axis=axis)]
        yield f"gmean:{ax(axis)}", pos, None, [st.gmean(pos, axis=axis)]
        yield f"hmean:{ax(axis)}", pos, None, [st.hmean(pos, axis=axis)]
        for p in [2.0, -1.0, 0.5]:
            yield f"pmean:{ax(axis)}:{p!r}", pos, None, [st.pmean(pos, p, axis=axis)]
        for base in [None, 2.0]:
            yield (f"entropy:{ax(axis)}:{ax(base)}", pos, None,
                   [st.entropy(pos, base=base, axis=axis)])
            q = pos[::-1] + 0.25
            yield (f"entropy2:{ax(axis)}:{ax(base)}", pos, q,
                   [st.entropy(pos, q, base=base, axis=axis)])
        for cut in [0.1, 0.25, 0.4]:
            yield f"trim_mean:{ax(axis)}:{cut!r}", a, None, [st.trim_mean(a, cut, axis=axis)]
        for lo, hi in [(25, 75), (10, 90), (0, 100)]:
            for scale in [1.0, "normal"]:
                yield (f"iqr:{ax(axis)}:{lo}:{hi}:{'normal' if scale == 'normal' else scale}", a,
                       None, [st.iqr(a, axis=axis, rng=(lo, hi), scale=scale)])
        for scale in [1.0, "normal"]:
            yield (f"mad:{ax(axis)}:{scale}", a, None,
                   [st.median_abs_deviation(a, axis=axis, scale=scale)])
        m = st.mode(ints, axis=axis)
        yield f"mode:{ax(axis)}", ints, None, [m.mode, m.count]
        for method in ["average", "min", "max", "dense", "ordinal"]:
            yield (f"rankdata:{ax(axis)}:{method}", ints, None,
                   [st.rankdata(ints, method=method, axis=axis)])
    d = st.describe(a, axis=0)
    yield "describe:0", a, None, [[d.nobs], d.minmax[0], d.minmax[1], d.mean, d.variance,
                                  d.skewness, d.kurtosis]
    varied = pos + 0.01 * np.arange(pos.size).reshape(pos.shape)  # a constant column's log
    for lmb in [0.0, 0.5, 2.0, -1.0]:                                # variance is SciPy's noise
        yield f"boxcox_llf:{lmb!r}", varied, None, [st.boxcox_llf(lmb, varied)]
        yield f"boxcox_llf:{lmb!r}", varied[:, 0], None, [st.boxcox_llf(lmb, varied[:, 0])]
    withnan = ints.copy()
    withnan[2, 1] = np.nan
    for axis in [0, 1, None]:
        yield (f"rankdata:{ax(axis)}:average", withnan, None,
               [st.rankdata(withnan, axis=axis)])
    scores = rng.standard_normal((3, 7))
    for ddof in [0, 1]:
        yield f"zmap:0:{ddof}", scores, a, [st.zmap(scores, a, axis=0, ddof=ddof)]


def main():
    lines = []
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for name, a, b, outs in cases():
            head = f"{name} {shape(a)} {shape(b)}"
            parts = [head, values(a)] + ([values(b)] if b is not None else [])
            parts += [values(o) for o in outs]
            lines.append(" | ".join(parts))
    OUT.write_text("# scipy.stats results, written by scripts/gen_stats_fixtures.py\n" +
                   "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
