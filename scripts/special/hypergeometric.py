"""Test domain of cupx::special's hypergeometric functions (include/cupx/special/hypergeometric.hpp
and detail/hypergeometric.hpp): hyp2f1, hyp1f1, hyp0f1 of real arguments.

cases() lists, per function, arguments covering the domain (both signs of every parameter, x near
1 and -1, large |x|, c near and at nonpositive integers, polynomial cases, NaN and infinities)
with SciPy's callable and the pass bounds |got - want| <= atol + rtol * |want| measured for the
header. Where SciPy's own value is off (mpmath at 50 digits disagrees beyond 1e-13), the
reference is mpmath's (scripts/special/misc.py's _mp_where).
"""

import numpy as np
import scipy.special as sc

NAN = np.nan
INF = np.inf


def _a(*parts):
    return np.concatenate([np.atleast_1d(np.asarray(p, dtype=np.float64)) for p in parts])


def _case(name, f, args, rtol64, atol64, rtol32, atol32):
    return {"name": name, "f": f, "args": [np.asarray(a) for a in args], "rtol64": rtol64,
            "atol64": atol64, "rtol32": rtol32, "atol32": atol32}


def _mp_fixed(f, mpfun, dps=50, tol=1e-13):
    """f(*args), with mpmath's value where SciPy's differs from it beyond tol (relative)."""

    def g(*args):
        import mpmath

        out = np.array(f(*args), dtype=np.float64)
        with mpmath.workdps(dps):
            for i in range(out.size):
                vals = [float(a[i]) for a in args]
                if not all(np.isfinite(vals)) or np.isinf(out[i]) or vals[-1] >= 1:
                    continue
                try:
                    v = mpmath.mpf(mpmath.re(mpfun(*vals)))
                except (ValueError, ZeroDivisionError, mpmath.libmp.NoConvergence):
                    continue
                ref = float(v)
                if np.isfinite(ref) and not abs(out[i] - ref) <= tol * abs(ref) + 1e-300:
                    out[i] = ref
        return out

    return g


def _hyp2f1():
    rng = np.random.default_rng(211)
    # special values: poles of c, polynomials, x = 1, x > 1, NaN, infinities
    sp = [
        (NAN, 1, 1, 0.5), (1, 1, 1, NAN), (NAN, 1, 1, 0.0), (1, 1, 0, 0.5), (1, 1, -2, 0.5),
        (-1, 1, -2, 0.5), (-2, 1, -1, 0.5), (-2, 1, -3, 0.5), (1, 1, 2, 1.0), (0.5, 0.5, 2, 1),
        (0.5, 0.5, 1, 1), (0.5, 0.5, 1.5, 2.0), (-2, 1, 1, 1.5), (-3, 2.5, 1.5, 7.0),
        (3, 2, 1, 1.5), (1, 2, 3, -1), (1, 1, 2, -1), (0.5, 0.5, 1, -1), (2, 3, 1, -1),
        (0, 2, 3, 0.7), (2.5, 0, 3, 0.7), (-1, 2.5, 3, 0.7), (2.5, 1.5, 1.5, 0.3),
        (1.5, 2.5, 1.5, -0.3), (-4, 2, 1.5, -30.0), (-5, 2.5, 3.5, 0.999),
        (0.5, 0.5, 1.5, INF),
    ]
    a, b, c, x = (np.array(v, dtype=np.float64) for v in zip(*sp))
    # parameter grid (both signs, halves, integers) x arguments over (-inf, 1)
    pa = [-5.5, -2.3, -0.5, 0.7, 1.0, 3.2, 6.5]
    pc = [-4.5, -1.3, 0.5, 1.0, 2.0, 4.7]
    xs = [-1e4, -30.0, -3.0, -1.0, -0.7, -0.2, 1e-3, 0.3, 0.6, 0.9, 0.999, 1 - 1e-7]
    ga, gb, gc, gx = np.meshgrid(pa, pa[::2], pc, xs, indexing="ij")
    # integer c - a - b and b - a (the limit forms), random points
    n = 200
    ra = rng.uniform(-6, 6, n)
    rb = rng.uniform(-6, 6, n)
    m = rng.integers(-3, 4, n).astype(np.float64)
    rc = ra + rb + m
    rx = rng.uniform(0.5, 1, n)
    rb2 = ra + rng.integers(-3, 4, n)
    rc2 = rng.uniform(-6, 6, n)
    rx2 = -(10 ** rng.uniform(0, 4, n))
    r3 = [rng.uniform(-8, 8, 300) for _ in range(3)]
    rx3 = rng.uniform(-1, 1, 300)
    a = _a(a, ga.ravel(), ra, ra, r3[0])
    b = _a(b, gb.ravel(), rb, rb2, r3[1])
    c = _a(c, gc.ravel(), rc, rc2, r3[2])
    x = _a(x, gx.ravel(), rx, rx2, rx3)
    import mpmath

    f = _mp_fixed(sc.hyp2f1, lambda a, b, c, x: mpmath.hyp2f1(a, b, c, x))
    # the connection formulas cancel for c < -1 and x <= -1 (terms 1e3-1e6 times the value): a
    # bound of their own; atol for values that cancel to ~0 near x = -1
    hard = (c < -1) & (x <= -1)
    return [_case("hyp2f1", f, [v[~hard] for v in (a, b, c, x)], 5e-12, 1e-14, 2.4e-7, 1e-14),
            _case("hyp2f1", f, [v[hard] for v in (a, b, c, x)], 1e-9, 1e-14, 2.4e-7, 1e-14)]


def _hyp1f1():
    rng = np.random.default_rng(213)
    sp = [
        (1, 0, 1), (-2, -3, 1), (-3, -2, 1.0), (1.5, -2, 1.0), (NAN, 1, 0), (1, 1, NAN),
        (0, 0, 1), (1, 2, 0), (0, 2, 5), (-1, 2.5, 3), (2.5, 2.5, 3), (3.5, 2.5, -3),
        (1, 2, 1e-5), (1, 2, -40), (-3, -3, 1), (-4, 1.5, 7), (-20, 0.5, 30),
        (0.5, 1.5, -INF), (-2, 1, INF), (1, 3, -800), (2.5, 1.5, -1000),
    ]
    a, b, x = (np.array(v, dtype=np.float64) for v in zip(*sp))
    pa = [-6.5, -2.3, -0.5, 0.3, 1.0, 2.7, 8.5]
    pb = [-3.5, -0.6, 0.5, 1.0, 2.5, 9.0]
    xs = [-300.0, -50.0, -8.0, -1.0, -1e-3, 1e-3, 0.5, 3.0, 12.0, 60.0, 300.0]
    ga, gb, gx = np.meshgrid(pa, pb, xs, indexing="ij")
    r = rng.uniform(-5, 10, (3, 300))
    rx = rng.uniform(-40, 40, 300)
    a = _a(a, ga.ravel(), r[0])
    b = _a(b, gb.ravel(), r[1])
    x = _a(x, gx.ravel(), rx)
    import mpmath

    f = _mp_fixed(sc.hyp1f1, lambda a, b, x: mpmath.hyp1f1(a, b, x))
    return [_case("hyp1f1", f, [a, b, x], 5e-12, 1e-300, 2.4e-7, 1e-30)]


def _hyp0f1():
    rng = np.random.default_rng(217)
    sp = [(0, 1), (-1, 1), (-1.5, 1), (0, 0), (NAN, 1), (1, NAN), (1, 0), (-1, 0), (2.5, 1e-9),
          (1.5, -100), (2.5, 1e5), (2.5, 1e4), (1, -1e10), (-2.5, -5), (-2.5, 5), (300.5, 1e5),
          (-30.5, 20.0)]
    v, z = (np.array(t, dtype=np.float64) for t in zip(*sp))
    gv, gz = np.meshgrid([-7.5, -2.3, -0.5, 0.5, 1.0, 2.0, 4.4, 30.0],
                         [-1e4, -300, -20, -1, -0.01, 0.01, 1, 20, 300, 1e4], indexing="ij")
    v = _a(v, gv.ravel(), rng.uniform(-10, 40, 200))
    z = _a(z, gz.ravel(), rng.uniform(-100, 100, 200))
    # (hyp0f1 is SciPy's formula over cupx's Bessel I and J: their accuracy at large argument)
    return [_case("hyp0f1", sc.hyp0f1, [v, z], 5e-12, 1e-300, 2.4e-7, 1e-30)]


def cases():
    return _hyp2f1() + _hyp1f1() + _hyp0f1()
