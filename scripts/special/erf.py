"""Test domain of the error function family (include/cupx/special/detail/erf.hpp).

cases() lists, per function, arguments over the whole domain (both signs, tiny and huge
magnitudes, the branch boundaries of the algorithms, overflow and underflow, the domain ends,
nan and +-inf) with the pass bounds |got - want| <= atol + rtol |want| against SciPy.

The double bounds are mostly SciPy's own error, which the C++ code does not share: SciPy's
erfc/ndtr/erfcx/erfi/log_ndtr (Cephes and the Faddeeva package) round x^2 or x/sqrt(2) before an
exponential and are off by up to 2e-13 near underflow and overflow, and its complex functions by
up to 6e-14 where |z^2| nears 700; ndtri_exp below y = -2048 by 5e-13. The float bounds allow the
CUDA builtins used for float on the GPU (erff 2, erfcf 4, erfcxf 4, erfinvf 2, erfcinvf 4,
normcdff 5, normcdfinvf 5 ulp); the float functions computed in double are within 1 ulp.
atol covers the subnormal results, where SciPy's Cephes erfc flushes to 0 (x > 26.64).
"""

import numpy as np
import scipy.special as sc

_SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan]
_MAGS = [1e-300, 1e-30, 1e-8, 0.5, 1.0, 10.0, 1e3, 1e10, 1e300]
_INTS = [float(i) for i in range(-5, 6)]

# Relative bounds of the float rows: builtins of n ulp plus the rounding of the reference.
_F1 = 2.5e-7  # computed in double, rounded
_F2 = 4e-7  # 2-ulp builtins
_F4 = 6e-7  # 4-ulp builtins
_F5 = 7.5e-7  # 5-ulp builtins
_TINY64 = 1e-307  # subnormal double results
_TINY32 = 1e-43  # subnormal float results


def _arr(*parts):
    return np.concatenate([np.asarray(p, dtype=np.float64).ravel() for p in parts])


def _sym(a):
    a = np.asarray(a, dtype=np.float64)
    return np.concatenate([a, -a])


def _case(name, f, x, rtol64, atol64, rtol32, atol32):
    return {"name": name, "f": f, "args": [x], "rtol64": rtol64, "atol64": atol64,
            "rtol32": rtol32, "atol32": atol32}


def _ccase(name, f, z, rtol64, atol64, rtol32, atol32):
    c = _case(name, f, np.asarray(z, dtype=np.complex128), rtol64, atol64, rtol32, atol32)
    c["complex"] = True
    return c


def _real_cases():
    rng = np.random.default_rng(20240611)
    cases = []

    x = _arr(_sym(np.geomspace(1e-300, 1e300, 41)), _sym(_MAGS), np.linspace(-6, 6, 49),
             rng.normal(0, 2, 30), _INTS, _SPECIAL)
    cases.append(_case("erf", sc.erf, x, 1e-15, 0.0, _F2, 0.0))

    x = _arr(_sym(np.geomspace(1e-300, 1e300, 41)), _sym(_MAGS), np.linspace(-6, 28, 69),
             [26.5, 26.55, 26.6, 26.7, 27.3], rng.normal(2, 4, 30), _INTS, _SPECIAL)
    cases.append(_case("erfc", sc.erfc, x, 1e-13, _TINY64, _F4, _TINY32))

    x = _arr(np.geomspace(1e-300, 1e300, 41), -np.geomspace(1e-300, 26.6, 25),
             [-26.62, -26.7, -27.0, -30.0, -1e3, -1e300], np.linspace(-6, 30, 73),
             [25.9, 26.0, 26.1, 49.0, 51.0, 4.9e7, 5.1e7], _sym(_MAGS), rng.normal(0, 5, 30),
             _INTS, _SPECIAL)
    cases.append(_case("erfcx", sc.erfcx, x, 1e-13, 0.0, _F4, 0.0))

    # erfi overflows at |x| = 26.714; SciPy's exp(x^2) overflows (to inf) from 26.642 on
    x = _arr(_sym(np.geomspace(1e-300, 26.6, 45)),
             _sym([26.0, 26.3, 26.72, 27.0, 30.0, 1e3, 1e300]), np.linspace(-6, 6, 49),
             rng.normal(0, 4, 30), _INTS, _SPECIAL)
    cases.append(_case("erfi", sc.erfi, x, 1e-13, 0.0, _F1, 0.0))

    x = _arr(_sym(np.geomspace(1e-300, 1e300, 41)), np.linspace(-10, 10, 81),
             _sym([3.2499999999999996, 3.25, 6.2499999999999991, 6.25, 1e9, 1.0000000000000002e9]),
             _sym(_MAGS), rng.normal(0, 5, 20), _INTS, _SPECIAL)
    cases.append(_case("dawsn", sc.dawsn, x, 5e-15, 0.0, _F1, 0.0))

    e = np.geomspace(1e-300, 0.5, 30)
    x = _arr(_sym(e), _sym(1 - np.geomspace(1.2e-16, 0.5, 40)), np.linspace(-0.99, 0.99, 41),
             _sym([0.7293, 0.72932943352677, 0.72933, 5e-324]), rng.uniform(-1, 1, 30),
             [1.0, -1.0, 1.5, -1.5, 2.0, -3.0, 1e300], _SPECIAL)
    cases.append(_case("erfinv", sc.erfinv, x, 3e-15, 0.0, _F2, 0.0))

    y = _arr(np.geomspace(1e-300, 1, 40), 2 - np.geomspace(2.3e-16, 1, 30),
             1 + _sym(np.geomspace(1.2e-16, 0.5, 15)), [0.2706705664732254, 1.7293294335267746],
             rng.uniform(0, 2, 30), [1e-310, 0.0, -0.0, 1.0, 2.0, -1.0, 2.5, 1e300], _SPECIAL)
    cases.append(_case("erfcinv", sc.erfcinv, y, 3e-15, 0.0, _F4, 0.0))

    x = _arr(_sym(np.geomspace(1e-300, 1e300, 41)), np.linspace(-40, 10, 101),
             [-37.5, -37.7, -38.0, -38.5, 8.3, 8.4, 9.0],
             _sym([1.4142135623730951, 1.414213562373095]), rng.normal(0, 5, 30), _INTS, _SPECIAL)
    cases.append(_case("ndtr", sc.ndtr, x, 3e-13, _TINY64, _F5, _TINY32))

    x = _arr(-np.geomspace(1e-300, 1e300, 50), np.geomspace(1e-300, 40, 30), [50.0, 1e3, 1e300],
             np.linspace(-40, 10, 101), [-1.0, -1.0000000000000002, -0.9999999999999999, 1.5],
             rng.normal(0, 5, 30), _INTS, _SPECIAL)
    cases.append(_case("log_ndtr", sc.log_ndtr, x, 3e-13, _TINY64, _F1, _TINY32))

    p = _arr(np.geomspace(1e-310, 0.5, 50), 1 - np.geomspace(1.2e-16, 0.5, 30),
             np.linspace(0.01, 0.99, 41), [0.1353352832366127, 0.8646647167633873, 5e-324],
             rng.uniform(0, 1, 30), [0.0, -0.0, 1.0, -0.5, 1.5, 2.0, 1e300], _SPECIAL)
    cases.append(_case("ndtri", sc.ndtri, p, 3e-15, 0.0, _F5, 0.0))

    # Cephes' tail approximation (SciPy's) holds to y = -2048: 5e-13 beyond, where the C++ code
    # adds a Newton step; two rows, so that the bound stays tight where SciPy is accurate
    y = _arr(-np.geomspace(1e-300, 2048, 60), np.linspace(-10, 0, 41),
             [-2.0, -2.0000000000000004, -0.14541345786885906, -0.1454134578688591,
              -0.6931471805599453, -0.69314718055994, -0.69, -0.7, -745.2, -5e-324],
             -rng.uniform(0, 20, 20), [0.0, -0.0, 1.0, 1e-300, np.inf, np.nan])
    # atol: near y = -log 2 SciPy's exp(y) - 1/2 loses 0.5 ulp of 1/2 (1.4e-16 in the result)
    cases.append(_case("ndtri_exp", sc.ndtri_exp, y, 1e-14, 2e-16, _F1, 0.0))
    y = _arr(-np.geomspace(2049, 1.7e308, 40), [-1e300, -1.01e300, -9e307, -np.inf])
    cases.append(_case("ndtri_exp", sc.ndtri_exp, y, 1e-12, 0.0, _F1, 0.0))
    return cases


def _grid(vals, keep, rng, n_off_axis):
    """The points of vals x vals that keep() accepts: all those on the axes, n_off_axis others."""
    v = np.asarray(vals, dtype=np.float64)
    z = (v[:, None] + 1j * v[None, :]).ravel()
    z = z[keep(z)]
    axes = (z.real == 0) | (z.imag == 0)
    off = z[~axes]
    return np.concatenate([z[axes], off[rng.choice(off.size, min(n_off_axis, off.size), False)]])


def _finite_values(f, z):
    """The points where SciPy's value is finite, neither overflowing nor underflowing."""
    with np.errstate(all="ignore"):
        w = f(z)
    a = np.abs(w)
    return z[np.isfinite(a) & (a < 1e300) & ((a > 1e-300) | (a == 0))]


def _complex_cases():
    vals = [0.0, 1e-300, 1e-10, 1e-4, 3e-3, 0.07, 0.3, 1.0, 2.5, 5.5, 6.5, 7.5, 9.0, 15.0, 27.0,
            1e3, 1e8]
    vals = vals + [-v for v in vals[1:]]

    # SciPy rounds Im(z^2) = 2xy before cos/sin: its phase error is |2xy| ulps, so |xy| <= 50
    def tame(z):
        return np.abs(z.real * z.imag) <= 50

    rng = np.random.default_rng(20240612)
    rand = rng.normal(0, 4, 40) + 1j * rng.normal(0, 4, 40)
    rand = rand[tame(rand)]
    cases = []

    # w(z) needs no exp(-z^2) in the upper half plane: larger |xy| there
    upper = _grid(vals, lambda z: (z.imag >= 0) | tame(z), rng, 190)
    edges = [np.inf, -np.inf, complex(0, np.inf), complex(np.nan, 0), complex(0, np.nan),
             complex(1, np.nan), complex(np.nan, 1), complex(np.inf, 1), complex(1e300, 0),
             complex(-30, 1e300)]
    z = np.concatenate([_finite_values(sc.wofz, upper), rand, edges])
    cases.append(_ccase("wofz", sc.wofz, z, 1e-13, 0.0, _F1, 0.0))

    edges = [complex(0, np.inf), complex(0, -np.inf), complex(np.inf, 0), complex(-np.inf, 1),
             complex(np.nan, 0), complex(0, np.nan), complex(np.nan, np.nan), complex(1, 1e300),
             complex(0, 30), complex(1e300, 1)]
    for name in ("erf", "erfc", "erfcx", "erfi", "dawsn", "ndtr"):
        f = getattr(sc, name)
        z = _finite_values(f, _grid(vals, tame, rng, 190))
        z = np.concatenate([z, rand, [e for e in edges if _edge_ok(name, e)]])
        cases.append(_ccase(name, f, z, 1e-13, 0.0, _F1, 0.0))
    return cases


def _edge_ok(name, z):
    # infinite arguments whose SciPy value has a defined phase (no overflowing exp(-z^2) with
    # an arbitrary angle)
    bad = {
        "erfc": {complex(1, 1e300)},
        "dawsn": {complex(1, 1e300)},
        "ndtr": {complex(1, 1e300), complex(0, 30), complex(1e300, 1)},
    }
    return z not in bad.get(name, set())


def cases():
    return _real_cases() + _complex_cases()
