"""Test domain of the Bessel family of cupx::special (include/cupx/special/detail/bessel.hpp).

cases() lists, per SciPy function, arrays of arguments over the whole real domain (tiny and huge
arguments, both signs, -0.0, poles, overflow and underflow, nan and +-inf, integer orders) with the
bounds |got - want| <= atol + rtol |want| that the kernels meet against SciPy 1.17. Oscillating
functions are split in bands whose atol is a multiple of the band's envelope (|H_v(x)| for J and Y),
so that the zeros are tested in absolute terms and everything else in relative terms.

Complex arguments (jv jve yv yve iv ive kv kve, hankel1 hankel1e hankel2 hankel2e, spherical_jn
and spherical_yn of complex z) are in _complex_cases(): the order is passed as a complex array with
a zero imaginary part (the test reads every operand of a complex row as complex) and SciPy is called
with its real part. Bounds are relative to the value or, where it is small against the functions'
scale (zeros of J, Y, I_{-v}, K in the left half plane), to that envelope (|H1| + |H2| for J and Y,
|I_|v|| + |K_|v|| for I and K, times the scaling's magnitude). Points where SciPy's value is not
finite, or where its scaled and unscaled functions disagree (AMOS's failures, e.g. jve at large
orders), are left out, except the explicit grid of special values.

Extra keys: "derivative": True marks spherical_jn/spherical_yn rows of the derivative (the kernels'
bool argument). Orders of spherical_jn/yn are passed as float64 and truncated to integers as SciPy
does. Every "f" evaluates SciPy in float64, also for the float32 rows. Regions where SciPy 1.17
itself is wrong are left out (see the notes at each function); for the float j0/j1/y0/y1 at
|x| >= 1e9 (exact phase here, SciPy's double reduction there) the float bound checks the magnitude.
"""

import numpy as np
import scipy.special as sc

_INF = np.inf
_NAN = np.nan
_TINY = 1e-303  # SciPy (AMOS) flushes results below about exp(-700.9) to 0


def _as64(f):
    """SciPy evaluated in float64 also for float32 rows (its float32 loops of spherical_jn/yn
    compute in float)."""
    def g(*args):
        return f(*[np.asarray(a, dtype=np.float64) for a in args])
    return g


def _case(name, f, args, rtol64, atol64, rtol32, atol32, **extra):
    f = _as64(f)
    args = [np.asarray(a, dtype=np.float64) for a in args]
    n = max(a.size for a in args)
    args = [np.broadcast_to(a, (n,)).copy() if a.size == 1 else a.ravel() for a in args]
    d = {"name": name, "f": f, "args": args, "rtol64": rtol64, "atol64": atol64, "rtol32": rtol32,
         "atol32": atol32}
    d.update(extra)
    return d


def _grid(a, b):
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    return np.repeat(a, b.size), np.tile(b, a.size)


def _f32(*args):
    """The arguments as the float32 rows see them."""
    return [np.asarray(a, dtype=np.float64).astype(np.float32).astype(np.float64) for a in args]


def _env_jy(v, x):
    """|H^(1)_v(x)| = sqrt(J^2 + Y^2), the envelope of J_v and Y_v (finite x > 0)."""
    with np.errstate(all="ignore"):
        return np.abs(sc.hankel1(np.abs(v), np.abs(x)))


def _env_j(v, x):
    """Envelope for J_v: |H_v| where J oscillates (x > |v|) or mixes with Y (negative non-integer
    v), else |J_v| itself (J_v has no zeros for 0 < x < v)."""
    env = _env_jy(v, x)
    with np.errstate(all="ignore"):
        mono = (np.abs(x) <= np.abs(v)) & ((v >= 0) | (np.floor(v) == v))
        return np.where(mono, np.abs(sc.jv(np.abs(v), np.abs(x))), env)


def _bands(name, f, v, x, env, rtol64, ea64, rtol32, ea32, per=64.0, **extra):
    """Bounds relative to an envelope: points away from zeros (|f| >= env/2) get one relative
    bound; the others are split by envelope into bands a factor `per` wide, atol = ea * band max."""
    out = []
    env = np.asarray(env, dtype=np.float64)
    with np.errstate(all="ignore"):
        w = np.abs(np.asarray(f(v, x), dtype=np.float64))
        # the float rows see the arguments rounded to float32: away from zeros for both
        w = np.minimum(w, np.abs(np.asarray(f(*_f32(v, x)), dtype=np.float64)))
    ok = np.isfinite(env) & (env > 0)
    far = ~ok | ~np.isfinite(w) | (w >= env / 2)
    if far.any():
        out.append(_case(name, f, [v[far], x[far]], max(rtol64, 2 * ea64), _TINY,
                         max(rtol32, 2 * ea32), 1e-45, **extra))
    v, x, env = v[~far], x[~far], env[~far]
    if v.size == 0:
        return out
    le = np.floor(np.log(env) / np.log(per))
    for b in np.unique(le):
        m = le == b
        top = env[m].max()
        out.append(_case(name, f, [v[m], x[m]], rtol64, max(ea64 * top, _TINY), rtol32,
                         max(ea32 * top, 1e-45), **extra))
    return out


# --------------------------------------------------------------------------------------------
# Orders 0 and 1.

_X_SPECIAL = np.array([_NAN, _INF, -_INF, 0.0, -0.0, 1e-310, 1e-300, -1e-300, 1e-30, -1e-30, 1e-8,
                       -1e-8, 1e-5, 0.5, 1.0, -1.0, 2.0, 5.0, 5.0000001, 8.0, 8.0000001, 10.0])


def _fixed_order_cases():
    out = []
    rng = np.random.default_rng(11)
    small = np.concatenate([_X_SPECIAL, np.linspace(-30, 30, 121), rng.uniform(-30, 30, 40)])
    large = np.concatenate([np.geomspace(30, 1e300, 120), rng.uniform(30, 1e3, 30)])
    for name, f in [("j0", sc.j0), ("j1", sc.j1), ("y0", sc.y0), ("y1", sc.y1)]:
        x = np.concatenate([small, large])
        if name[0] == "j":
            x = np.concatenate([x, -large[::5]])
        else:
            x = np.concatenate([x, [-1e10, -30.0]])  # domain error: nan
        with np.errstate(all="ignore"):
            env = np.maximum(np.abs(f(x)), np.sqrt(2 / (np.pi * np.abs(x))))
        if name[0] == "j":
            env = np.minimum(env, 1.0)
        # Cephes (so SciPy) reduces the phase as x - pi/4 in double, which the double kernels
        # share; the float kernels keep the exact phase, which drifts from SciPy's value beyond
        # |x| ~ 1e9 (there the float bound only checks the magnitude).
        huge = np.abs(x) >= 1e9
        out += _bands1(name, f, x[~huge], env[~huge], 4e-15, 1e-15, 6e-7, 5e-7)
        out += _bands1(name, f, x[huge], env[huge], 4e-15, 1e-15, 0.0, 2.0)
    # modified functions: relative bounds (no zeros); overflow at 709.78 as Cephes forms e^x
    xi = np.concatenate([_X_SPECIAL, np.linspace(-20, 20, 121), np.geomspace(20, 800, 40),
                         -np.geomspace(20, 800, 20), np.geomspace(800, 1e300, 20),
                         [700.0, 709.7, 709.8, 713.9, 714.0, 88.0, 88.8, 89.0, 92.0, 92.1]])
    for name, f in [("i0", sc.i0), ("i0e", sc.i0e), ("i1", sc.i1), ("i1e", sc.i1e)]:
        out.append(_case(name, f, [xi], 4e-15, 0.0, 6e-7, 1e-45))
    xk = np.concatenate([_X_SPECIAL, np.geomspace(1e-300, 2, 50), np.linspace(0.01, 20, 100),
                         np.geomspace(20, 1e300, 50),
                         [-1.0, -1e-300, -1e300, 85.0, 87.0, 100.0, 103.0, 104.0, 105.0, 700.0,
                          705.0, 708.0, 710.0, 740.0, 745.0, 746.0]])
    for name, f in [("k0", sc.k0), ("k0e", sc.k0e), ("k1", sc.k1), ("k1e", sc.k1e)]:
        out.append(_case(name, f, [xk], 4e-15, 1e-320, 9e-7, 3e-45))
    return out


def _bands1(name, f, x, env, rtol64, ea64, rtol32, ea32, per=64.0):
    """One-argument version of _bands."""
    out = []
    with np.errstate(all="ignore"):
        w = np.minimum(np.abs(f(x)), np.abs(f(*_f32(x))))
    ok = np.isfinite(env) & (env > 0)
    far = ~ok | ~np.isfinite(w) | (w >= env / 2)
    if far.any():
        out.append(_case(name, f, [x[far]], max(rtol64, 2 * ea64), 0.0, max(rtol32, 2 * ea32),
                         1e-45))
    x, env = x[~far], env[~far]
    le = np.floor(np.log(env) / np.log(per))
    for b in np.unique(le):
        m = le == b
        top = env[m].max()
        out.append(_case(name, f, [x[m]], rtol64, ea64 * top, rtol32, max(ea32 * top, 1e-45)))
    return out


# --------------------------------------------------------------------------------------------
# Real orders.

_V_SPECIAL = np.array([0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.0, -2.5, 3.0, -3.0, -1.3, 7.8, -41.0,
                       100.5, -100.5, 1000.0, 1e20, -1e20, _INF, -_INF, _NAN])
_XV_SPECIAL = np.array([0.0, -0.0, 1e-5, 1.0, -1.0, 2.5, 30.0, -30.0, 1e4, _INF, -_INF, _NAN])


def _pairs(rng, n, vlo, vhi, xlo, xhi, logv=False, signv=False):
    if logv:
        v = np.exp(rng.uniform(np.log(vlo), np.log(vhi), n))
    else:
        v = rng.uniform(vlo, vhi, n)
    if signv:
        v = v * rng.choice([-1.0, 1.0], n)
    x = np.exp(rng.uniform(np.log(xlo), np.log(xhi), n))
    return v, x


def _jy_domain(seed):
    """(v, x) pairs with x > 0 over small/moderate/large orders and arguments."""
    rng = np.random.default_rng(seed)
    parts = [
        _pairs(rng, 30, -6, 6, 1e-8, 2),  # small x (series, Temme)
        _pairs(rng, 30, -12, 12, 2, 40),  # Steed, Hankel onset
        _pairs(rng, 20, -10, 10, 40, 1e6),  # Hankel
        _pairs(rng, 15, -3, 3, 1e6, 1e9),  # large x
        _pairs(rng, 30, 5, 170, 0.1, 400, signv=True),  # moderate orders
        _pairs(rng, 20, 170, 3000, 1, 1e4, logv=True),  # Debye
    ]
    v = np.concatenate([p[0] for p in parts])
    x = np.concatenate([p[1] for p in parts])
    # around the turning point x = v
    vt = np.exp(rng.uniform(np.log(5), np.log(2.5e4), 35))
    xt = vt + rng.uniform(-6, 6, 35) * np.cbrt(vt)
    # integer and half-integer orders
    vi = np.concatenate([np.arange(-12, 13, 2), np.arange(-11, 13, 2) + 0.5])
    xi = np.exp(rng.uniform(np.log(1e-3), np.log(200), vi.size))
    v = np.concatenate([v, vt, vi])
    x = np.concatenate([x, np.abs(xt), xi])
    return v, x


# Bounds per region (double): (rtol, atol as a multiple of the envelope). They are set by SciPy's
# own errors, which grow with the order and the argument (AMOS; the kernels' errors are smaller).
_JY_TOL = {
    "v<=12,x<=100": (2e-13, 2e-13),
    "v<=12,x>100": (2e-14, 3e-15),
    "v>12,x<=v": (2e-12, 2e-12),
    "v>12,v<x<=1000": (5e-13, 5e-13),
    "v>12,x>1000": (1e-11, 1e-11),
}
_IK_TOL = {"v<=12,x<=100": 2e-13, "v<=12,x>100": 2e-14, "v>12": 2e-12}
_IV_TOL_LARGE_X = 3e-13  # SciPy's iv (Cephes) for x > 100: ~1e-13


def _jy_group(v, x):
    av, ax = np.abs(v), np.abs(x)
    return np.where(av <= 12, np.where(ax <= 100, "v<=12,x<=100", "v<=12,x>100"),
                    np.where(ax <= av, "v>12,x<=v",
                             np.where(ax <= 1000, "v>12,v<x<=1000", "v>12,x>1000")))


def _finite(f, v, x):
    """Keeps the points where SciPy's value is finite and nonzero (overflow, underflow and SciPy's
    own failures are tested by the explicit grids)."""
    with np.errstate(all="ignore"):
        w = f(v, x)
    m = np.isfinite(w) & (w != 0)
    return v[m], x[m]


def _jy_random(name, f, v, x):
    return _jy_grouped(name, f, *_finite(f, v, x))


def _jy_grouped(name, f, v, x):
    out = []
    g = _jy_group(v, x)
    env = _env_j(v, x) if name[0] == "j" else _env_jy(v, x)
    for key, (rt, ea) in _JY_TOL.items():
        m = g == key
        if m.any():
            out += _bands(name, f, v[m], x[m], env[m], rt, ea, 2e-7, 1e-7)
    return out


def _jv_cases():
    out = []
    # specials (NaN/inf/0 conventions). Not tested: SciPy's erratic nan for |v| >= 1e20 (here J = 0
    # for finite x) and jve's nan beyond AMOS's limits |x|, |v| > 1.07e9.
    v, x = _grid(_V_SPECIAL, _XV_SPECIAL)
    for name, f in [("jv", sc.jv), ("jve", sc.jve)]:
        keep = ~((np.abs(v) >= 1e20) & ((np.abs(x) > 1) | (name == "jve")))
        out += _jy_grouped(name, f, v[keep], x[keep])
    v, x = _jy_domain(21)
    vn = np.arange(-8, 9, dtype=np.float64)  # negative x with integer orders
    xn = -np.exp(np.random.default_rng(22).uniform(np.log(1e-3), np.log(100), vn.size))
    v, x = np.concatenate([v, vn]), np.concatenate([x, xn])
    for name, f in [("jv", sc.jv), ("jve", sc.jve)]:
        out += _jy_random(name, f, v, x)
    # tiny x (AMOS: ~4e-14 relative), reflection overflow
    vs = np.array([0.0, 0.3, 0.5, 1.0, 1.5, 2.0, 2.5, 5.0, -0.3, -0.5, -1.0, -1.3, -2.5, -250.5])
    v, x = _grid(vs, [1e-300, 1e-200, 1e-100, 1e-30, 1e-5])
    for name, f in [("jv", sc.jv), ("jve", sc.jve)]:
        out += _jy_grouped(name, f, v, x)
    return out


def _yv_cases():
    out = []
    v, x = _grid(_V_SPECIAL, _XV_SPECIAL)
    # Not tested: |v| = 1e20 (SciPy nan, here -inf) and Y_{-v} at negative half-integer orders
    # where Y_|v| overflows (SciPy +-inf or nan; the value is +-J_|v|, computed here).
    keep = (np.abs(v) != 1e20) & ~((v == -100.5) & (np.abs(x) < 1))
    for name, f in [("yv", sc.yv), ("yve", sc.yve)]:
        out += _jy_grouped(name, f, v[keep], x[keep])
    v, x = _jy_domain(31)
    # SciPy 1.17's yv loses all accuracy for orders ~100 beyond x ~ 1e9: moderate orders there
    keep = ~((x > 1e8) & (np.abs(v) > 2))
    for name, f in [("yv", sc.yv), ("yve", sc.yve)]:
        out += _jy_random(name, f, v[keep], x[keep])
    # tiny x and overflow (yve: SciPy returns +inf on overflow)
    vs = np.array([0.0, 0.3, 0.5, 1.0, 1.5, 2.0, 5.0, 300.0, -0.3, -1.0, -1.3, -2.0, -3.0, -300.3])
    v, x = _grid(vs, [1e-300, 1e-200, 1e-100, 1e-30, 1.0])
    for name, f in [("yv", sc.yv), ("yve", sc.yve)]:
        out += _jy_grouped(name, f, v, x)
    return out


def _ik_env(v, x):
    """Magnitude scale of I_v (and I_{-v}): I_|v| + (2/pi)|sin(pi v)| K_|v|."""
    with np.errstate(all="ignore"):
        a = np.abs(v)
        return sc.iv(a, np.abs(x)) + 0.6366197723675814 * np.abs(np.sin(np.pi * a)) * sc.kv(
            a, np.abs(x))


def _ik_domain(seed):
    rng = np.random.default_rng(seed)
    parts = [
        _pairs(rng, 30, -6, 6, 1e-6, 2),
        _pairs(rng, 30, -12, 12, 2, 60),
        _pairs(rng, 20, -10, 10, 60, 700),
        _pairs(rng, 30, 5, 170, 0.1, 500, signv=True),
        _pairs(rng, 20, 170, 3000, 1, 3000, logv=True),
    ]
    v = np.concatenate([p[0] for p in parts])
    x = np.concatenate([p[1] for p in parts])
    vt = np.exp(rng.uniform(np.log(5), np.log(3000), 20))
    xt = vt * rng.uniform(0.7, 1.3, 20)
    vi = np.concatenate([np.arange(-12, 13, 2), np.arange(-11, 13, 2) + 0.5])
    xi = np.exp(rng.uniform(np.log(1e-3), np.log(200), vi.size))
    return np.concatenate([v, vt, vi]), np.concatenate([x, xt, xi])


def _ik_random(name, f, v, x, scaled):
    return _ik_grouped(name, f, *_finite(f, v, x), scaled)


def _ik_consistent(v, x):
    """Drops points where SciPy's iv is 0 or inf while ive is not (its Wronskian with an overflowed
    K, or AMOS's early overflow); the kernels give the finite values there."""
    with np.errstate(all="ignore"):
        i, ie = sc.iv(v, x), sc.ive(v, x)
        bad = ((i == 0) & (ie != 0)) | (np.isinf(i) & ~np.isinf(ie * np.exp(np.abs(x))))
    return v[~bad], x[~bad]


def _ik_grouped(name, f, v, x, scaled):
    out = []
    av, ax = np.abs(v), np.abs(x)
    g = np.where(av <= 12, np.where(ax <= 100, "v<=12,x<=100", "v<=12,x>100"), "v>12")
    # I_{-v} (non-integer v) changes sign: bounded against the scale of its two terms
    zeros = (name[0] == "i") & (v < 0) & (np.floor(v) != v)
    for key, rt in _IK_TOL.items():
        if name == "iv" and key == "v<=12,x>100":
            rt = _IV_TOL_LARGE_X
        m = (g == key) & ~zeros
        if m.any():
            out.append(_case(name, f, [v[m], x[m]], rt, _TINY, 2e-7, 1e-45))
        m = (g == key) & zeros
        if m.any():
            env = _ik_env(v[m], x[m])
            if scaled:
                with np.errstate(all="ignore"):
                    env = env * np.exp(-ax[m])
            out += _bands(name, f, v[m], x[m], env, rt, rt, 2e-7, 1e-7, per=1e3)
    return out


def _iv_cases():
    out = []
    v, x = _grid(_V_SPECIAL, _XV_SPECIAL)
    # Not tested: ive's nan for |v| >= 1.07e9 (AMOS)
    keep = np.abs(v) != 1e20
    for name, f in [("iv", sc.iv), ("ive", sc.ive)]:
        out += _ik_grouped(name, f, v[keep], x[keep], name == "ive")
    v, x = _ik_domain(41)
    vn = np.arange(-8, 9, dtype=np.float64)
    xn = -np.exp(np.random.default_rng(42).uniform(np.log(1e-3), np.log(100), vn.size))
    v, x = np.concatenate([v, vn]), np.concatenate([x, xn])
    v, x = _ik_consistent(v, x)
    for name, f in [("iv", sc.iv), ("ive", sc.ive)]:
        out += _ik_random(name, f, v, x, name == "ive")
    # overflow and underflow edges
    v, x = _grid([0.0, 0.5, 1.0, 3.5, 30.0, -0.5, -30.5, 0.0, 0.5, 1.0, 2.5, 200.0, -0.5, -3.5,
                  -200.5], [700.0, 709.0, 712.0, 714.0, 800.0, 1e5, 1e-300, 1e-30, 1e-5])
    v, x = _ik_consistent(v, x)
    for name, f in [("iv", sc.iv), ("ive", sc.ive)]:
        out += _ik_grouped(name, f, v, x, name == "ive")
    return out


def _kv_cases():
    out = []
    v, x = _grid(_V_SPECIAL, _XV_SPECIAL)
    keep = np.abs(v) != 1e20  # SciPy nan (AMOS), here inf
    for name, f in [("kv", sc.kv), ("kve", sc.kve)]:
        out += _ik_grouped(name, f, v[keep], x[keep], name == "kve")
    v, x = _ik_domain(51)
    for name, f in [("kv", sc.kv), ("kve", sc.kve)]:
        out += _ik_random(name, f, v, x, name == "kve")
    # tiny x, overflow, underflow (SciPy's kv is 0 beyond x = 710 (1 + |v|))
    v, x = _grid([0.0, 0.3, 0.5, 1.0, 2.5, 200.0, 1000.0, -0.5, -200.0],
                 [1e-300, 1e-100, 1e-10, 1.0, 500.0, 705.0, 720.0, 7000.0, 1e5])
    for name, f in [("kv", sc.kv), ("kve", sc.kve)]:
        out += _ik_grouped(name, f, v, x, name == "kve")
    return out


# --------------------------------------------------------------------------------------------
# Spherical Bessel functions (order: integer-valued float64, truncated like SciPy's long cast).

def _sph(f, derivative):
    def g(n, x):
        with np.errstate(all="ignore"):
            ni = np.where(np.isfinite(n) & (np.abs(n) < 9e18), n, -1).astype(np.int64)
        return f(ni, x, derivative=derivative)
    return g


def _sph_cases():
    out = []
    rng = np.random.default_rng(61)
    ns = np.array([0, 1, 2, 5, 30, 100, 250, -1, 2.7, -0.5, _NAN, _INF])
    xs = np.array([0.0, -0.0, 1e-300, 1e-5, 1.0, -1.0, 2.5, -7.5, 99.9, 100.0, 100.1, -1e3, 1e6,
                   1e300, _INF, -_INF, _NAN])
    n0, x0 = _grid(ns, xs)
    n1 = np.concatenate([rng.integers(0, 40, 60), rng.integers(40, 400, 30)]).astype(np.float64)
    x1 = np.concatenate([np.exp(rng.uniform(np.log(1e-3), np.log(200), 60)),
                         np.exp(rng.uniform(np.log(1), np.log(2000), 30))])
    x1 = x1 * rng.choice([-1.0, 1.0], x1.size)
    n, x = np.concatenate([n0, n1]), np.concatenate([x0, x1])
    with np.errstate(all="ignore"):
        scale = np.sqrt(np.pi / 2 / np.abs(x))
        env_j = _env_j(n + 0.5, x) * scale
        env_y = _env_jy(n + 0.5, x) * scale
        env_d = 1 + (np.abs(n) + 1) / np.abs(x)  # the derivatives: j_{n-1} - (n+1) j_n / x
    g = _jy_group(n + 0.5, x)
    for name, f, env in [("spherical_jn", sc.spherical_jn, env_j),
                         ("spherical_yn", sc.spherical_yn, env_y)]:
        for der in (False, True):
            extra = {"derivative": True} if der else {}
            with np.errstate(all="ignore"):
                e = env * env_d if der else env
            for key, (rt, ea) in _JY_TOL.items():
                m = g == key
                if m.any():
                    out += _bands(name, _sph(f, der), n[m], x[m], e[m], rt, ea, 2e-7, 1e-7,
                                  **extra)
    return out


# --------------------------------------------------------------------------------------------
# Complex arguments.

_CX = {  # name: (SciPy function, unscaled partner, scale factor magnitude |e^g(z)|, kind)
    "jv": (sc.jv, None, None, "jy"),
    "jve": (sc.jve, sc.jv, lambda z: np.exp(-np.abs(z.imag)), "jy"),
    "yv": (sc.yv, None, None, "jy"),
    "yve": (sc.yve, sc.yv, lambda z: np.exp(-np.abs(z.imag)), "jy"),
    "iv": (sc.iv, None, None, "ik"),
    "ive": (sc.ive, sc.iv, lambda z: np.exp(-np.abs(z.real)), "ik"),
    "kv": (sc.kv, None, None, "ik"),
    "kve": (sc.kve, sc.kv, lambda z: np.exp(z.real), "ik"),
    "hankel1": (sc.hankel1, None, None, "h"),
    "hankel1e": (sc.hankel1e, sc.hankel1, lambda z: np.exp(z.imag), "h"),
    "hankel2": (sc.hankel2, None, None, "h"),
    "hankel2e": (sc.hankel2e, sc.hankel2, lambda z: np.exp(-z.imag), "h"),
}


def _real_order(f):
    def g(v, z):
        return f(np.real(v), z)
    return g


def _ccase(name, f, v, z, rtol64, atol64, rtol32, atol32, **extra):
    d = {"name": name, "f": _real_order(f),
         "args": [np.asarray(v, dtype=np.complex128), np.asarray(z, dtype=np.complex128)],
         "rtol64": rtol64, "atol64": atol64, "rtol32": rtol32, "atol32": atol32, "complex": True}
    d.update(extra)
    return d


def _cdomain(seed):
    """(v, z) over the four quadrants, the axes, the cut, tiny and large |z|, large orders."""
    rng = np.random.default_rng(seed)

    def polar(n, rlo, rhi):
        return (np.exp(rng.uniform(np.log(rlo), np.log(rhi), n)) *
                np.exp(1j * rng.uniform(-np.pi, np.pi, n)))
    x = np.exp(rng.uniform(np.log(1e-3), np.log(300), 12))
    parts = [
        (rng.uniform(-12, 12, 120), polar(120, 1e-6, 1e3)),  # small orders
        (rng.uniform(-12, 12, 60), np.concatenate([-x + 0j, -x - 0j, 1j * x, -1j * x, x + 0j])),
        (rng.uniform(12, 300, 50) * rng.choice([-1.0, 1.0], 50), polar(50, 0.5, 1e3)),  # large v
        (rng.uniform(-50, 50, 30), polar(30, 1e3, 2e4)),  # large |z|
        (rng.uniform(-3, 3, 20), polar(20, 1e-300, 1e-6)),  # tiny |z|
        (np.arange(-6.0, 7.0), polar(13, 0.1, 50)),  # integer orders
        (np.arange(-6.0, 7.0) + 0.5, polar(13, 0.1, 50)),  # half-integer orders
    ]
    return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]))


def _cenv(kind, v, z, sf):
    with np.errstate(all="ignore"):
        a = np.abs(v)
        if kind == "jy":
            env = np.maximum(np.abs(sc.hankel1(a, z)), np.abs(sc.hankel2(a, z)))
        elif kind == "ik":
            env = np.abs(sc.iv(a, z)) + np.abs(sc.kv(a, z))
        else:
            return None
        return env if sf is None else env * sf(z)


def _cbands(name, f, v, z, env, rtol64, rtol32, per=64.0, **extra):
    """_bands for complex rows: relative where |f| >= env/8, else atol = rtol * band's env."""
    out = []
    with np.errstate(all="ignore"):
        w = np.abs(f(v, z))
    if env is None:
        far = np.ones(v.size, dtype=bool)
    else:
        ok = np.isfinite(env) & (env > 0)
        far = ~ok | ~np.isfinite(w) | (w >= env / 8)
    if far.any():
        out.append(_ccase(name, f, v[far], z[far], rtol64, _TINY, rtol32, 1e-45, **extra))
    if far.all():
        return out
    v, z, env = v[~far], z[~far], env[~far]
    le = np.floor(np.log(env) / np.log(per))
    for b in np.unique(le):
        m = le == b
        top = env[m].max()
        out.append(_ccase(name, f, v[m], z[m], rtol64, max(rtol64 * top, _TINY), rtol32,
                          max(rtol32 * top, 1e-45), **extra))
    return out


def _cx_consistent(f, g, sf, v, z):
    """Drops SciPy's non-finite values and those where the scaled and unscaled forms disagree."""
    with np.errstate(all="ignore"):
        a = f(v, z)
        keep = np.isfinite(a)
        if g is not None:
            b = g(v, z) * sf(z)
            both = np.isfinite(b) & (np.abs(b) > 1e-290) & (np.abs(a) > 1e-290)
            keep &= ~both | (np.abs(a - b) <= 1e-11 * np.abs(a))
        keep &= a != 0  # AMOS's underflow flag where the value is representable
    return keep


# Relative bounds (double): orders up to 50 and larger ones (the upward recurrence of K over a
# few hundred orders, and SciPy's own error, reach ~2e-13 there); beyond |z| = 1000 SciPy's own
# error grows as |z| eps (AMOS's argument reduction; the kernels agree with mpmath to ~1e-15
# there): 5e-12.
_CX_TOL = ((50.0, 1e-13), (np.inf, 5e-13))
_CX_TOL_LARGE_Z = 5e-12
_CX_TOL32 = 2e-7


def _cx_special():
    """The grid of special values (SciPy's conventions: z = 0, non-finite z or v, the cut)."""
    vs = np.array([0.0, 0.5, -0.5, 1.0, -1.0, 2.3, -2.3, 7.0, -7.0, _INF, -_INF, _NAN, 1e20])
    zs = np.array([0j, complex(-0.0, 0.0), complex(-3, 0.0), complex(-3, -0.0), complex(3, 0.0),
                   3j, -3j, complex(1, 1), complex(-1, -1), complex(_INF, 0), complex(0, _INF),
                   complex(_NAN, 0), complex(1, _NAN), complex(_INF, _INF)])
    return np.repeat(vs, zs.size), np.tile(zs, vs.size)


def _complex_cases():
    out = []
    v, z = _cdomain(71)
    vsp, zsp = _cx_special()
    for name, (f, g, sf, kind) in _CX.items():
        keep = _cx_consistent(f, g, sf, v, z)
        vv, zz = v[keep], z[keep]
        env = _cenv(kind, vv, zz, sf)
        big = np.abs(zz) > 1000
        for i, (vmax, rt) in enumerate(_CX_TOL):
            lo = 0.0 if i == 0 else _CX_TOL[i - 1][0]
            m = (np.abs(vv) > lo) & (np.abs(vv) <= vmax) & ~big
            if m.any():
                out += _cbands(name, f, vv[m], zz[m], None if env is None else env[m], rt,
                               _CX_TOL32)
        if big.any():
            out += _cbands(name, f, vv[big], zz[big], None if env is None else env[big],
                           _CX_TOL_LARGE_Z, _CX_TOL32)
        # special values; not tested: hankel2(0, 0) (SciPy nan + inf i, here nan)
        sk = ~((name == "hankel2") & (vsp == 0) & (zsp == 0))
        out.append(_ccase(name, f, vsp[sk], zsp[sk], 1e-13, _TINY, _CX_TOL32, 1e-45))
    # spherical_jn and spherical_yn of complex z (integer orders), and their derivatives
    rng = np.random.default_rng(72)
    n = np.concatenate([rng.integers(0, 30, 80), [0, 1, 2, 5, 0, 1, 3, -1, 0, 2, 1]]).astype(float)
    zr = (np.exp(rng.uniform(np.log(1e-3), np.log(300), 80)) *
          np.exp(1j * rng.uniform(-np.pi, np.pi, 80)))
    zs = np.array([0j, complex(-0.0, 0), complex(_INF, 0), complex(_INF, 1), complex(_NAN, 0),
                   complex(-2, 0), complex(-2, -0.0), complex(2, 0), 2j, complex(0, _INF), 1 + 1j])
    z = np.concatenate([zr, zs])
    for name, f in [("spherical_jn", sc.spherical_jn), ("spherical_yn", sc.spherical_yn)]:
        for der in (False, True):
            extra = {"derivative": True} if der else {}

            def h(nn, zz, f=f, der=der):
                with np.errstate(all="ignore"):
                    ni = np.where(np.isfinite(nn) & (np.abs(nn) < 9e18), nn, -1).astype(np.int64)
                return f(ni, zz, derivative=der)
            with np.errstate(all="ignore"):
                a = np.abs(n) + 0.5
                env = np.maximum(np.abs(sc.hankel1(a, z)), np.abs(sc.hankel2(a, z))) * np.sqrt(
                    np.pi / 2 / np.abs(z))
                if der:
                    env = env * (1 + (np.abs(n) + 1) / np.abs(z))
                keep = np.isfinite(h(n, z)) | ~np.isfinite(z) | (z == 0)
            out += _cbands(name, h, n[keep], z[keep], env[keep], 1e-13, _CX_TOL32, **extra)
    return out


def cases():
    """All cases of the Bessel family (see the module docstring for the fields)."""
    return (_fixed_order_cases() + _jv_cases() + _yv_cases() + _iv_cases() + _kv_cases() +
            _sph_cases() + _complex_cases())
