"""Domains of the elementary special functions (include/cupx/special/detail/elementary.hpp)."""
import numpy as np
import scipy.special as ss

EDGE = [np.nan, np.inf, -np.inf, 0.0, -0.0]


def real_line(seed, n=120):
    rng = np.random.default_rng(seed)
    mags = np.geomspace(1e-300, 1e300, 40)
    return np.concatenate([EDGE, mags, -mags, rng.uniform(-40, 40, n), np.arange(-5.0, 6.0),
                           [0.3, 0.5, 0.65, 709.0, 710.0, 717.0, 718.0, -745.0, 88.0, 89.0]])


def unit_interval(seed):
    rng = np.random.default_rng(seed)
    return np.concatenate([EDGE, [1.0, 0.5, 0.3, 0.65, 1e-300, 1 - 1e-16, -0.5, 2.0],
                           np.geomspace(1e-30, 0.5, 40), 1 - np.geomspace(1e-16, 0.5, 40),
                           rng.uniform(0, 1, 60)])


def pairs(seed, xs, ys):
    """Every x with every y, flattened (a grid of the edges and a sample)."""
    gx, gy = np.meshgrid(xs, ys, indexing="ij")
    return [gx.ravel(), gy.ravel()]


def cases():
    line = real_line(1)
    small = np.array(EDGE + [1e-300, 1e-20, 1e-8, 0.5, 1.0, 2.0, 10.0, 1e20, -1e-8, -0.5, -2.0])
    pos = np.array(EDGE + [1e-300, 1e-10, 0.1, 0.5, 1.0, 3.0, 1e5, 1e300, -1.0])
    rng = np.random.default_rng(7)
    z = (rng.standard_normal(40) + 1j * rng.standard_normal(40)) * np.geomspace(1e-6, 1e6, 40)
    zero_x = np.concatenate([np.zeros(8), z[:8]])
    zy = np.concatenate([[0, np.nan, 1, -1, 1j, np.inf, 2 + 3j, 1e-10], z[8:16]])
    return [
        dict(name="expit", f=ss.expit, args=[line], rtol64=4e-16, rtol32=3e-7, atol32=1.2e-38),
        dict(name="logit", f=ss.logit, args=[unit_interval(2)], rtol64=4e-16, rtol32=4e-7),
        dict(name="log_expit", f=ss.log_expit, args=[line], rtol64=4e-16, rtol32=3e-7),
        dict(name="xlogy", f=ss.xlogy, args=pairs(3, small, pos), rtol64=4e-16, rtol32=3e-7),
        dict(name="xlogy", f=ss.xlogy, args=[zero_x, zy], rtol64=4e-16, rtol32=3e-7,
             complex=True),
        dict(name="xlog1py", f=ss.xlog1py, args=pairs(4, small, pos - 1), rtol64=4e-16,
             rtol32=3e-7),
        dict(name="xlog1py", f=ss.xlog1py, args=[zero_x, zy], rtol64=4e-16, rtol32=3e-7,
             complex=True),
        dict(name="exprel", f=ss.exprel, args=[line], rtol64=4e-16, rtol32=3e-7),
        dict(name="expm1", f=ss.expm1, args=[line], rtol64=4e-16, rtol32=3e-7),
        dict(name="expm1", f=ss.expm1, args=[z], rtol64=4e-15, atol64=1e-300, rtol32=4e-6,
             atol32=1e-37),
        dict(name="log1p", f=ss.log1p, args=[line], rtol64=4e-16, rtol32=3e-7),
        dict(name="log1p", f=ss.log1p, args=[z], rtol64=4e-15, rtol32=4e-6),
        dict(name="entr", f=ss.entr, args=[line], rtol64=4e-16, rtol32=3e-7),
        dict(name="rel_entr", f=ss.rel_entr, args=pairs(5, pos, pos), rtol64=4e-16, rtol32=3e-7),
        dict(name="kl_div", f=ss.kl_div, args=pairs(6, pos, pos), rtol64=4e-16, rtol32=3e-7),
        dict(name="huber", f=ss.huber, args=pairs(7, pos, small), rtol64=4e-16, rtol32=3e-7),
        dict(name="pseudo_huber", f=ss.pseudo_huber, args=pairs(8, pos, small), rtol64=1e-15,
             rtol32=1e-6),
        dict(name="exp2", f=ss.exp2, args=[line], rtol64=4e-16, rtol32=3e-7),
        dict(name="cbrt", f=ss.cbrt, args=[line], rtol64=4e-16, rtol32=3e-7),
        dict(name="round", f=ss.round, args=[np.concatenate([line, np.arange(-4.5, 5.0, 0.5)])],
             rtol64=0.0, rtol32=0.0),
        dict(name="boxcox", f=ss.boxcox, args=pairs(9, pos, small), rtol64=2e-15, rtol32=1e-6),
        # (3^10 - 1) / 10 = 5904.8 comes out an ulp or two either side of SciPy's on the GPU
        dict(name="boxcox1p", f=ss.boxcox1p, args=pairs(10, pos - 1, small), rtol64=5e-15,
             rtol32=1e-6),
        dict(name="inv_boxcox", f=ss.inv_boxcox, args=pairs(11, small, small), rtol64=2e-15,
             rtol32=1e-6),
        dict(name="inv_boxcox1p", f=ss.inv_boxcox1p, args=pairs(12, small, small), rtol64=2e-15,
             rtol32=1e-6),
    ]
