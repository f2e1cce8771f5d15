#!/usr/bin/env python3
"""Writes SciPy's scipy.fft results into test/fixtures/cupx_fft.txt, read by
test/cupx/test_fft.cpp. Run from anywhere with NumPy 2 and SciPy >= 1.12:
python3 scripts/gen_cupx_fft_fixtures.py. The output is committed.

The format is test/fixtures/linalg.txt's (scripts/gen_linalg_fixtures.py), one line per case and
input dtype (float64, complex128):
  <case> <dtype> <shape of a> - | <a> | <output> [| <output> ...]
A case names the function and its arguments after colons:
  "r2r:<func>:<type>"                 func dct/idct/dst/idst over the last axis of a 1-D array,
                                      six outputs: norm backward/ortho/forward x orthogonalize 0/1
                                      (complex lines: the three norms, SciPy's default
                                      orthogonalize, which SciPy's complex path always uses);
  "r2r1:<func>:<type>:<norm>:<orth>:<axis>:<n>"   one call on a 2-D array (n 0: None);
  "r2rn:<func>:<type>:<norm>:<s>:<axes>"          dctn & co. on a 3-D array (s, axes: comma lists
                                                  or "None");
  "hfftn:<func>:<norm>:<s>:<axes>"                hfft2 / ihfft2 / hfftn / ihfftn;
  "fht:<func>:<dln>:<mu>:<offset>:<bias>"         fht / ifht over the last axis ("fhts": at a
                                                  pole of the gamma ratio, no round trip);
  "fhtoffset" (a: rows dln mu initial bias, output the offsets); "loggamma" (a: z, output
  scipy.special.loggamma(z)); "next_fast_len" (a: targets; outputs: complex, real) and
  "prev_fast_len".
"""
import pathlib
import sys
import warnings

import numpy as np
import scipy.fft as sf
import scipy.special as ss

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from gen_linalg_fixtures import random, write  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "cupx_fft.txt"
NORMS = ["backward", "ortho", "forward"]
FUNCS = {"dct": sf.dct, "idct": sf.idct, "dst": sf.dst, "idst": sf.idst}
NFUNCS = {"dctn": sf.dctn, "idctn": sf.idctn, "dstn": sf.dstn, "idstn": sf.idstn}


def axes_repr(a):
    return "None" if a is None else ",".join(str(e) for e in np.atleast_1d(a))


def r2r_cases(dtype):
    lengths = [1, 2, 5, 8, 17] if dtype == "float64" else [5]
    for n in lengths:
        for name, f in FUNCS.items():
            for t in [1, 2, 3, 4]:
                if n == 1 and t == 1 and name in ("dct", "idct"):
                    continue  # DCT-I needs two points
                x = random(dtype, n)
                if dtype == "float64":
                    outs = [f(x, type=t, norm=norm, orthogonalize=bool(o))
                            for norm in NORMS for o in [0, 1]]
                else:
                    outs = [f(x, type=t, norm=norm) for norm in NORMS]
                yield f"r2r:{name}:{t}", x, None, outs


def r2r1_cases(dtype):
    if dtype != "float64":
        return
    calls = [("dct", 2, "backward", 0, 0, None), ("dct", 3, "ortho", 1, 0, None),
             ("idct", 1, "forward", 0, 0, None), ("dst", 4, "ortho", 1, 0, None),
             ("idst", 2, "ortho", 0, -1, None), ("dct", 2, "ortho", 1, -1, 3),
             ("dct", 2, "backward", 0, -1, 9), ("dst", 1, "backward", 0, 0, 3),
             ("idct", 3, "ortho", 1, 0, 8), ("idst", 4, "forward", 0, -1, 2),
             ("dct", 1, "ortho", 1, 1, 7), ("dst", 3, "ortho", 1, -2, 6)]
    x = random(dtype, 5, 6)
    for name, t, norm, o, axis, n in calls:
        out = FUNCS[name](x, type=t, n=n, axis=axis, norm=norm, orthogonalize=bool(o))
        yield f"r2r1:{name}:{t}:{norm}:{o}:{axis}:{n or 0}", x, None, [out]


def r2rn_cases(dtype):
    x = random(dtype, 3, 4, 5)
    calls = [("dctn", 2, "backward", None, None), ("idctn", 2, "ortho", None, None),
             ("dstn", 1, "forward", None, (0, 2)), ("idstn", 3, "ortho", None, (2, 0)),
             ("dctn", 4, "backward", None, (1,)), ("dctn", 3, "ortho", (6, 3), None),
             ("idstn", 2, "backward", (2, 7), (0, 1)), ("dstn", 4, "ortho", (-1, 3), (2, 1)),
             ("idctn", 1, "forward", (3, 4, 5), None), ("dctn", 2, "ortho", None, (-1, -3))]
    if dtype != "float64":
        calls = calls[:3]
    for name, t, norm, s, axes in calls:
        out = NFUNCS[name](x, type=t, s=s, axes=axes, norm=norm)
        yield f"r2rn:{name}:{t}:{norm}:{axes_repr(s)}:{axes_repr(axes)}", x, None, [out]


def hermitian_cases(dtype):
    x = random(dtype, 3, 4, 5)
    calls = [("hfftn", "backward", None, None), ("hfftn", "ortho", (4, 6), None),
             ("hfftn", "forward", None, (0, 2)), ("hfftn", "backward", (5, 3), (2, 0)),
             ("hfft2", "backward", None, None), ("hfft2", "ortho", (3, 8), None),
             ("hfftn", "backward", (-1, 4), (1, 2))]
    if dtype == "float64":
        calls += [("ihfftn", "backward", None, None), ("ihfftn", "ortho", (2, 6), (0, 2)),
                  ("ihfftn", "forward", None, (2, 1)), ("ihfft2", "backward", None, None),
                  ("ihfft2", "ortho", (3, 7), None)]
    for name, norm, s, axes in calls:
        f = getattr(sf, name)
        out = f(x, s=s, axes=axes, norm=norm) if axes is not None else f(x, s=s, norm=norm)
        yield f"hfftn:{name}:{norm}:{axes_repr(s)}:{axes_repr(axes)}", x, None, [out]


def fht_cases(dtype):
    if dtype != "float64":
        return
    r = np.logspace(-2, 2, 16)
    a = np.exp(-r**2 / 2) * r**1.5
    a2 = random(dtype, 2, 9)
    for name, x, dln, mu, offset, bias in [
            ("fht", a, float(np.log(r[1] / r[0])), 0.5, 0.0, 0.0),
            ("fht", a, float(np.log(r[1] / r[0])), 2.0, 0.3, 0.0),
            ("fht", a, float(np.log(r[1] / r[0])), 1.5, 0.2, 0.7),
            ("fht", a2, 0.1, -0.5, 0.0, -0.3),
            ("fht", a2, 0.05, 3.0, -0.4, 1.2),
            ("ifht", a, float(np.log(r[1] / r[0])), 0.5, 0.0, 0.0),
            ("ifht", a2, 0.1, 2.0, 0.25, 0.5),
            ("ifht", a2, 0.2, 0.0, -0.1, -0.8)]:
        out = getattr(sf, name)(x, dln, mu, offset=offset, bias=bias)
        yield f"fht:{name}:{dln!r}:{mu!r}:{offset!r}:{bias!r}", x, None, [out]
    # u_0 = 2^q Gamma(xp) / Gamma(xm) at poles: both (poch's limit), xm only (0: the inverse is
    # singular), xp only (inf: the transform is singular); SciPy warns and sets u_0 = 0 or inf
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, mu, bias in [("fht", -1.0, 0.0), ("fht", -3.0, 1.0), ("ifht", 1.0, 2.0),
                               ("fht", 1.0, -2.0), ("fht", 1.0, 2.0)]:
            out = getattr(sf, name)(a2, 0.1, mu, offset=0.1, bias=bias)
            yield f"fhts:{name}:0.1:{mu!r}:0.1:{bias!r}", a2, None, [out]
    rows = np.array([[0.1, 2.0, 0.5, 0.0], [0.05, 0.5, 0.0, 0.0], [0.3, -0.5, 1.0, 0.4],
                     [0.01, 1.0, 0.0, -1.5], [0.2, 7.5, -2.0, 2.0]])
    yield "fhtoffset", rows, None, [np.array([sf.fhtoffset(*row) for row in rows])]
    z = np.array([0.5 + 0.1j, 1 + 0j, 2 + 0j, 3.7 - 2j, 0.25 + 40j, -2.5 + 0.3j, 12 + 150j,
                  1.75 + 157j, -0.3 - 0.01j, 8 + 0j, 0.01 + 1e-3j])
    yield "loggamma", z, None, [ss.loggamma(z)]


def fast_len_cases(dtype):
    if dtype != "float64":
        return
    targets = np.array([0, 1, 5, 6, 7, 11, 12, 13, 17, 97, 127, 1021, 1025, 4097, 65537,
                        1000003, 123456789, 2**40 + 1, 3**30 + 7])
    for name in ["next_fast_len", "prev_fast_len"]:
        f = getattr(sf, name)
        yield name, targets.astype(float), None, [
            np.array([f(int(t)) for t in targets], dtype=float),
            np.array([f(int(t), True) for t in targets], dtype=float)]


def cases(dtype):
    yield from r2r_cases(dtype)
    yield from r2r1_cases(dtype)
    yield from r2rn_cases(dtype)
    yield from hermitian_cases(dtype)
    yield from fht_cases(dtype)
    yield from fast_len_cases(dtype)


def main():
    write(OUT, "scipy.fft results, written by scripts/gen_cupx_fft_fixtures.py", cases)


if __name__ == "__main__":
    main()
