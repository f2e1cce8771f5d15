"""Domains of scipy.stats' distributions (include/cupx/stats/distributions.hpp): every method of
norm, expon, uniform, gamma, chi2, beta, t, poisson and binom over points inside, on and outside
the support, invalid parameters, loc and scale, NaN and infinities. Names are <dist>_<method>;
arguments (x or q, shapes..., loc, scale) for continuous ones, (k or q, shapes..., loc) for
discrete ones."""
import itertools

import numpy as np
import scipy.stats as st

X = [np.nan, -np.inf, np.inf, -3.0, -1.0, -1e-300, 0.0, 1e-300, 1e-8, 0.25, 0.5, 1.0, 1.5, 2.0,
     3.7, 10.0, 50.0]
Q = [np.nan, -0.5, 0.0, 1e-300, 1e-12, 0.01, 0.25, 0.5, 0.75, 0.99, 1 - 1e-12, 1.0, 1.5]
LOC_SCALE = [(0.0, 1.0), (1.5, 2.0), (0.0, -1.0), (np.nan, 1.0)]
CONT = {"norm": [()], "expon": [()], "uniform": [()],
        "gamma": [(0.5,), (1.0,), (2.5,), (30.0,), (-1.0,)],
        "chi2": [(1.0,), (3.0,), (40.0,), (0.0,)],
        "beta": [(0.5, 0.5), (2.0, 3.0), (1.0, 1.0), (20.0, 0.7), (-1.0, 2.0)],
        "t": [(1.0,), (3.5,), (30.0,), (np.inf,), (0.0,)]}
K = [np.nan, -np.inf, np.inf, -2.0, -1.0, 0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 7.0, 10.0, 25.0, 100.0]
DISC = {"poisson": [(0.0,), (0.5,), (3.5,), (80.0,), (-1.0,)],
        "binom": [(10.0, 0.3), (1.0, 0.5), (40.0, 0.0), (40.0, 1.0), (30.0, 0.9), (5.5, 0.3),
                  (10.0, 1.2)]}
# bounds measured by tests over these points, float64 and float32 (computed in float32)
BOUNDS = {"pdf": (2e-13, 3e-5), "logpdf": (2e-13, 3e-5), "cdf": (2e-13, 3e-5),
          "sf": (2e-13, 3e-5), "logcdf": (2e-13, 3e-5), "logsf": (2e-13, 3e-5),
          "ppf": (2e-12, 3e-5), "isf": (2e-12, 3e-5), "pmf": (2e-13, 3e-5),
          "logpmf": (2e-13, 3e-5)}


def grid(*lists):
    rows = list(itertools.product(*lists))
    return [np.array([r[i] for r in rows], dtype=float) for i in range(len(lists))]


# SciPy 1.17's t is wrong near 0 and at tiny q (stdtr(1, 1e-8) = 0.5 + 4.7e-9 where it is
# 0.5 + atan(1e-8) / pi = 0.5 + 3.2e-9; t.ppf(1e-300, 3.5) = inf): those points are left out
T_SKIP = {1e-300, 1e-8}


def cases():
    out = []
    for dist, shapes_list in CONT.items():
        gen = getattr(st, dist)
        for meth in ["pdf", "logpdf", "cdf", "logcdf", "sf", "logsf", "ppf", "isf"]:
            points = Q if meth in ("ppf", "isf") else X
            if dist == "t":
                points = [p for p in points if p not in T_SKIP]
            rows = [(p,) + s + ls for p in points for s in shapes_list for ls in LOC_SCALE]
            args = [np.array([r[i] for r in rows]) for i in range(len(rows[0]))]
            f = (lambda g, m, k: lambda *a: getattr(g, m)(a[0], *a[1:1 + k], loc=a[-2],
                                                           scale=a[-1]))(
                gen, meth, len(shapes_list[0]))
            r64, r32 = BOUNDS[meth]
            out.append(dict(name=f"{dist}_{meth}", f=f, args=args, rtol64=r64, atol64=1e-300,
                            rtol32=r32, atol32=1e-30))
    for dist, shapes_list in DISC.items():
        gen = getattr(st, dist)
        for meth in ["pmf", "logpmf", "cdf", "sf", "ppf"]:
            points = Q if meth == "ppf" else K
            rows = [(p,) + s + (loc,) for p in points for s in shapes_list for loc in [0.0, 2.0]]
            args = [np.array([r[i] for r in rows]) for i in range(len(rows[0]))]
            f = (lambda g, m, k: lambda *a: getattr(g, m)(a[0], *a[1:1 + k], loc=a[-1]))(
                gen, meth, len(shapes_list[0]))
            r64, r32 = BOUNDS[meth]
            out.append(dict(name=f"{dist}_{meth}", f=f, args=args, rtol64=r64, atol64=1e-300,
                            rtol32=r32, atol32=1e-30))
    return out
