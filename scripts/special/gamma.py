"""Domains of the gamma family (include/cupx/special/detail/gamma.hpp): gamma, gammaln, loggamma,
rgamma, gammasgn, digamma/psi, polygamma, multigammaln, gammainc, gammaincc, gammaincinv and
gammainccinv, real and (where SciPy has them) complex."""
import numpy as np
import scipy.special as ss

EDGE = [np.nan, np.inf, -np.inf, 0.0, -0.0]
POSROOT = 1.4616321449683623  # digamma's positive root
NEGROOT = -0.5040830082644554  # digamma's first negative root


def gamma_line(seed):
    """The real line as Gamma sees it: poles, tiny and huge magnitudes, overflow of Gamma near 171.6
    (35.04 in float32), the reflection region, non-integers between the poles."""
    rng = np.random.default_rng(seed)
    special = [1.0, 2.0, 3.0, 0.5, -0.5, -1.5, -2.5, -1.0, -2.0, -3.0, -170.0, 1e-300, -1e-300,
               1e-30, -1e-30, 1e-8, -1e-8, 33.5, -33.5, 34.0, 35.0, 35.1, 171.5, 171.62, 171.7,
               172.0, -170.5, -171.5, -180.5, -1e10 - 0.5, 1e10, 1e300, -1e300, -1e17, -39.9,
               -41.7, 1 + 1e-10, 2 - 1e-10, 1 - 1e-10, 2 + 1e-10, 1e-320]
    pos = np.geomspace(1e-8, 170.0, 50)
    neg = -(np.arange(1, 40) + rng.uniform(0.02, 0.98, 39))
    return np.concatenate([EDGE, special, pos, neg, rng.uniform(-35.0, 35.0, 40)])


def lgam_line(seed):
    """log|Gamma|: the roots at 1 and 2, the zeros of log|Gamma| between the poles (-2.457,
    -2.747, -3.1435, -3.9553, ...), huge arguments up to the overflow of log Gamma."""
    rng = np.random.default_rng(seed)
    near = np.concatenate([1 + np.geomspace(1e-12, 0.4, 12), 1 - np.geomspace(1e-12, 0.4, 12),
                           2 + np.geomspace(1e-12, 0.4, 12), 2 - np.geomspace(1e-12, 0.4, 12)])
    zeros_neg = np.array([-2.457024738220800, -2.747682646727412, -3.143632608766623,
                          -3.955294284053988, -4.039361839740536, -4.991544640560048,
                          -5.008218168065226])
    big = np.array([13.0, 33.0, 34.0, 1e3, 1e8, 1e10, 1e100, 2.5e305, 2.6e305, 1e306, 1e308,
                    -34.5, -35.5, -1e5 - 0.5, -1e10 - 0.25])
    x = np.concatenate([gamma_line(seed), near, zeros_neg, big, rng.uniform(-10.0, -2.0, 20),
                        np.geomspace(0.1, 1e15, 30)])
    # SciPy's gammaln(1e-320) overflows 1/x to inf; cupx returns -log(x) = 736.8
    return x[~((np.abs(x) < 1e-310) & (x != 0))]


def psi_line(seed):
    """digamma: its roots (1.4616..., -0.5040..., -1.5734..., -2.6107...), poles, tiny and huge
    arguments, the integers that SciPy sums exactly, and the switch points 1, 2, 10."""
    rng = np.random.default_rng(seed)
    d = np.concatenate([np.geomspace(1e-14, 0.45, 14), -np.geomspace(1e-14, 0.45, 14)])
    dn = np.concatenate([np.geomspace(1e-14, 0.29, 10), -np.geomspace(1e-14, 0.29, 10)])
    special = [1.0, 2.0, 3.0, 9.0, 10.0, 11.0, 0.5, -0.5, -1.5, 1e-300, -1e-300, 1e-30, 1e-8,
               -1e-8, 1e8, 1e17, 1e20, 1e300, -1e300, -1e17, -1e5 - 0.5, 9.999, 10.001,
               -1.5734512503408, -2.6107208684441, 2.5, 1.5, 0.99, 1.01, -0.25, -0.75]
    return np.concatenate([EDGE, [-1.0, -2.0, -10.0], special, POSROOT + d, NEGROOT + dn,
                           np.geomspace(1e-6, 1e6, 30), -np.arange(1, 30) - rng.uniform(0.02, 0.98, 29),
                           rng.uniform(-10, 10, 30)])


def complex_plane(seed, huge=True):
    """A grid over |Re|, |Im| <= 40 with the poles, the real axis (both signs of zero), the
    neighbourhoods of 1 and 2 (loggamma's Taylor discs), the negative axis, and huge moduli."""
    rng = np.random.default_rng(seed)
    re = np.array([-40.5, -20.3, -7.5, -3.2, -1.0, -0.5, -0.1, 0.0, 0.05, 0.5, 1.0, 1.1, 2.0,
                   2.15, 3.7, 7.5, 15.0, 40.0])
    im = np.array([-30.0, -7.5, -1.0, -1e-3, -0.0, 0.0, 1e-8, 0.15, 1.0, 6.9, 7.1, 16.5])
    g = (re[:, None] + 1j * im[None, :]).ravel()
    extra = np.array([1 + 0.1j, 1 - 0.1j, 0.9 + 0.05j, 2 + 0.1j, 2.1 - 0.05j, 1 + 1e-10j,
                      2 - 1e-10j, 1e10 + 1e10j, -1e10 + 1j, 1 + 1e10j, 1e100 - 1e100j,
                      1e300 + 1j, -2 + 1e-300j, -0.5 - 0.0j, -3.5 + 0j, 172 + 0j, 200 + 1j,
                      -200.5 + 0j, -200.5 + 1j, -1e17 + 1e-3j, -1e17 + 0j, 5 - 0j, -5 - 0j,
                      complex(np.nan, 0), complex(0, np.nan), complex(np.nan, np.nan)])
    if not huge:  # moduli that overflow complex64 (SciPy 1.17's digamma then differs: see psi_plane)
        extra = extra[np.abs(extra) < 1e30]
    rand = rng.uniform(-25, 25, 40) + 1j * rng.uniform(-25, 25, 40)
    return np.concatenate([g, extra, rand])


def psi_plane(seed):
    """Complex digamma: its roots with small complex offsets, the plane grid, the reflection strip
    |Im| < 16 and the recurrence region |z| < 16. Infinite parts other than Re z = +inf with finite
    Im z are left out: SciPy 1.17 returns log(z) there, cupx NaN as the newer xsf does."""
    rng = np.random.default_rng(seed)
    off = np.array([1e-12, 1e-6, 1e-3, 0.05, 0.2, 0.29]) * np.exp(1j * np.array([0.3, 1.2, 2.5,
                                                                                 3.9, 5.0, 0.0]))
    extra = np.array([complex(np.inf, 0), complex(np.inf, 3), complex(-np.inf, 0),
                      16 + 0.1j, -15 + 15.9j, 0.3 + 0.3j, -0.3 - 0.1j])
    return np.concatenate([complex_plane(seed, huge=False), POSROOT + off, POSROOT - 3 * off, NEGROOT + off,
                           NEGROOT - off, extra, rng.uniform(-16, 16, 20) + 1j * rng.uniform(-16, 16, 20)])


def igam_grid(seed):
    """(a, x) over the whole quarter plane: tiny to huge a against x at fixed ratios x/a (across
    the switch between series and continued fraction and through Temme's band |x - a| < 0.4 a)
    and at fixed x (the igamc series for x <= 1.1, underflow for x >= 700)."""
    rng = np.random.default_rng(seed)
    a_vals = np.array([1e-300, 1e-10, 1e-3, 0.1, 0.5, 1.0, 1.5, 3.0, 10.0, 19.9, 20.5, 50.0,
                       150.0, 250.0, 1e3, 1e5, 1e10])
    ratios = np.array([1e-3, 0.3, 0.59, 0.61, 0.8, 0.97, 1.0, 1.03, 1.3, 1.39, 1.41, 3.0])
    ga, gr = np.meshgrid(a_vals, ratios, indexing="ij")
    a1, x1 = ga.ravel(), (ga * gr).ravel()
    xs = np.array([1e-300, 1e-10, 0.3, 0.5, 0.7, 1.05, 1.2, 10.0, 100.0, 700.0, 1e3, 1e10])
    a_s = np.array([1e-300, 1e-6, 0.05, 0.3, 0.6, 1.0, 1.2, 5.0, 30.0])
    ga, gx = np.meshgrid(a_s, xs, indexing="ij")
    a2, x2 = ga.ravel(), gx.ravel()
    a3 = np.exp(rng.uniform(np.log(0.01), np.log(100.0), 60))
    x3 = a3 * np.exp(rng.uniform(-1.5, 1.5, 60))
    a4 = rng.uniform(0.0, 25.0, 20)
    x4 = rng.uniform(0.0, 40.0, 20)
    # the igamc series up to x = 2 and the continued fraction past it
    ga, gx = np.meshgrid([1e-6, 0.01, 0.3, 0.9, 1.5, 1.95], [1.2, 1.5, 1.9, 2.0, 2.05, 3.0],
                         indexing="ij")
    a4 = np.concatenate([a4, ga.ravel()])
    x4 = np.concatenate([x4, gx.ravel()])
    nan, inf = np.nan, np.inf
    ea = [nan, 1.0, -1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, inf, inf, inf, 1.0, 2.0, 1e-300]
    ex = [1.0, nan, 1.0, -1.0, 0.0, 1.0, inf, 1e-300, 0.0, 1.0, inf, 0.0, inf, 0.0, 0.0]
    return [np.concatenate([a1, a2, a3, a4, ea]), np.concatenate([x1, x2, x3, x4, ex])]


def igami_grid(seed, small_a=False):
    """(a, p) for the inverses: a from 0.1 to 1e3 against p from 1e-300 to 1 - 1e-16 with the
    edges p = 0, 1, out of [0, 1], a = 0, inf; a = 1e6 and 1e10 only for central p, where SciPy's
    own P(a, x) is right (outside Temme's band it sums at most 2000 terms of a series that needs
    ~sqrt(a) of them, and its inverse is off by up to 1e-6). small_a: a from 1e-10 to 0.05, where
    x = (p Gamma(a + 1))**(1/a) amplifies the error of p by 1/a."""
    rng = np.random.default_rng(seed)
    p_vals = np.array([1e-300, 1e-100, 1e-20, 1e-5, 0.01, 0.3, 0.5, 0.7, 0.89, 0.91, 0.99,
                       1 - 1e-10, 1 - 1e-16])
    if small_a:
        a_vals = np.array([1e-10, 1e-3, 0.01, 0.05])
        ga, gp = np.meshgrid(a_vals, p_vals, indexing="ij")
        return [ga.ravel(), gp.ravel()]
    a_vals = np.array([0.1, 0.5, 1.0, 1.5, 3.0, 10.0, 30.0, 200.0, 1e3])
    ga, gp = np.meshgrid(a_vals, p_vals, indexing="ij")
    a2 = np.repeat([1e6, 1e10], 3)
    p2 = np.tile([0.3, 0.5, 0.7], 2)
    a3 = np.exp(rng.uniform(np.log(0.1), np.log(500.0), 40))
    p3 = rng.uniform(0.0, 1.0, 40)
    nan, inf = np.nan, np.inf
    ea = [nan, 1.0, -1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, inf, inf, 2.0]
    ep = [0.5, nan, 0.5, -0.1, 1.1, 0.0, 1.0, 0.0, 1.0, 0.5, 0.0, 1.0, 0.0]
    return [np.concatenate([ga.ravel(), a2, a3, ea]), np.concatenate([gp.ravel(), p2, p3, ep])]


def _multigammaln(a, d):
    def one(ai, di):
        try:
            return ss.multigammaln(ai, int(di))
        except ValueError:  # a <= (d - 1) / 2: cupx returns NaN
            return np.nan
    return np.array([one(ai, di) for ai, di in zip(a, d)], dtype=np.float64)


def _polygamma(n, x):
    with np.errstate(all="ignore"):
        return ss.polygamma(n, x)


def cases():
    rng = np.random.default_rng(11)
    gl = gamma_line(1)
    ll = lgam_line(2)
    pl = psi_line(3)
    cp = complex_plane(4)
    pp = psi_plane(5)
    ns = np.array([0.0, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 50.0, 170.0, -1.0, 1.5, np.nan])
    # (not -1.5: at negative half-integers the terms of SciPy's Euler-Maclaurin sum cancel to
    # 1e-2 relative for large n, in SciPy and in cupx, which sums the same way)
    xs = np.array([np.nan, np.inf, -np.inf, 0.0, -1.0, -1.25, -2.75, 1e-300, 1e-10, 0.01, 0.5,
                   1.0, 2.0, 10.0, 1e3, 1e10, 1e20])
    gn, gx = np.meshgrid(ns, xs, indexing="ij")
    pn = np.concatenate([gn.ravel(), rng.integers(1, 8, 40).astype(float)])
    px = np.concatenate([gx.ravel(), rng.uniform(-8, 30, 40)])
    ma = np.concatenate([[np.nan, 0.4, 0.5, 0.50001, 1.0, 1.2, 2.5, 10.0, 1e5, 1e300, 0.9, 1.6],
                         rng.uniform(0, 40, 40)])
    md = np.concatenate([[1, 1, 2, 2, 1, 3, 3, 5, 10, 2, 2, 4], rng.integers(1, 30, 40)]).astype(float)
    ig = igam_grid(6)
    ii = igami_grid(7)
    iis = igami_grid(8, small_a=True)
    big = ig[0] > 200
    return [
        dict(name="gamma", f=ss.gamma, args=[gl], rtol64=1e-15, atol64=0.0, rtol32=5e-7,
             atol32=0.0),
        # complex Gamma = exp(loggamma): the phase Im loggamma reaches 1e2, so a few ulps of it
        # (FMA contraction differs between host and device) move the result by 3e-14
        dict(name="gamma", f=ss.gamma, args=[cp], rtol64=1e-13, atol64=0.0, rtol32=2e-7,
             atol32=0.0, complex=True),
        # float32: absolute accuracy about the zeros of log|Gamma| on the negative axis
        dict(name="gammaln", f=ss.gammaln, args=[ll], rtol64=1e-15, atol64=5e-16, rtol32=5e-7,
             atol32=1e-6),
        dict(name="loggamma", f=ss.loggamma, args=[ll], rtol64=1e-15, atol64=5e-16, rtol32=5e-7,
             atol32=1e-7),
        dict(name="loggamma", f=ss.loggamma, args=[cp], rtol64=2e-15, atol64=1e-16, rtol32=2e-7,
             atol32=1e-7, complex=True),
        dict(name="rgamma", f=ss.rgamma, args=[gl], rtol64=2e-15, atol64=0.0, rtol32=2e-7,
             atol32=0.0),
        dict(name="rgamma", f=ss.rgamma, args=[cp], rtol64=1e-13, atol64=0.0, rtol32=2e-7,
             atol32=0.0, complex=True),
        # SciPy's gammasgn(-1e10 - 0.5) overflows an int and returns +1; cupx returns -1
        dict(name="gammasgn", f=ss.gammasgn, args=[gl[gl != -1e10 - 0.5]], rtol64=0.0,
             atol64=0.0, rtol32=0.0, atol32=0.0),
        # absolute accuracy about the roots on the negative axis (reflection); SciPy's own
        # reflection is off by 2e-15 relative where x is just above a negative integer
        dict(name="digamma", f=ss.digamma, args=[pl], rtol64=2e-15, atol64=2e-15, rtol32=5e-7,
             atol32=1e-6),
        dict(name="psi", f=ss.psi, args=[pl], rtol64=2e-15, atol64=2e-15, rtol32=5e-7,
             atol32=1e-6),
        # SciPy's complex digamma is off by up to 3.6e-15 (its recurrences and series)
        dict(name="digamma", f=ss.digamma, args=[pp], rtol64=5e-15, atol64=0.0, rtol32=2e-7,
             atol32=0.0, complex=True),
        dict(name="polygamma", f=_polygamma, args=[pn, px], rtol64=5e-15, atol64=0.0,
             rtol32=5e-7, atol32=0.0),
        dict(name="multigammaln", f=_multigammaln, args=[ma, md], rtol64=1e-15, atol64=1e-15,
             rtol32=5e-7, atol32=1e-6),
        # SciPy's own error reaches 1e-13 for a <= 200 (3e-13 for a = 1000 in the far tails,
        # where a log x is large): the bounds are what the two differ by
        dict(name="gammainc", f=ss.gammainc, args=[v[~big] for v in ig], rtol64=2e-13,
             atol64=0.0, rtol32=3e-7, atol32=0.0),
        dict(name="gammainc", f=ss.gammainc, args=[v[big] for v in ig], rtol64=1e-12,
             atol64=0.0, rtol32=3e-7, atol32=0.0),
        # gammaincc(1e-6, 700) = 1.4e-313, which SciPy flushes to 0
        dict(name="gammaincc", f=ss.gammaincc, args=[v[~big] for v in ig], rtol64=2e-13,
             atol64=1e-310, rtol32=3e-7, atol32=0.0),
        dict(name="gammaincc", f=ss.gammaincc, args=[v[big] for v in ig], rtol64=1e-12,
             atol64=0.0, rtol32=3e-7, atol32=0.0),
        # x(p) amplifies the error of P by 1/(a |log x|) at tiny p: (0.5, 1e-100) differs by 4e-14
        dict(name="gammaincinv", f=ss.gammaincinv, args=ii, rtol64=1e-13, atol64=0.0,
             rtol32=3e-7, atol32=0.0),
        dict(name="gammainccinv", f=ss.gammainccinv, args=ii, rtol64=1e-13, atol64=0.0,
             rtol32=3e-7, atol32=0.0),
        dict(name="gammaincinv", f=ss.gammaincinv, args=iis, rtol64=1e-12, atol64=0.0,
             rtol32=3e-7, atol32=0.0),
        dict(name="gammainccinv", f=ss.gammainccinv, args=iis, rtol64=1e-12, atol64=0.0,
             rtol32=3e-7, atol32=0.0),
    ]
