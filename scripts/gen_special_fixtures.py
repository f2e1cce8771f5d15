#!/usr/bin/env python3
"""Writes scipy.special's values into test/fixtures/special_<family>.txt, read by
test/cupx/special_testing.hpp. Run from anywhere with NumPy 2 and SciPy >= 1.15:
python3 scripts/gen_special_fixtures.py [family ...]. The output is committed.

Each family's domain lives in scripts/special/<family>.py: `cases()` returns dicts with the SciPy
name, the function, its argument arrays (float64 or complex128, one length) and the pass bounds
|got - want| <= atol + rtol * |want| for float64 and float32 inputs (NaN matches NaN, infinities
match exactly). One line per case and dtype:
  <name> <dtype> <number of args> <rtol> <atol> | <arg 1> | ... | <arg k> | <output 1> [| ...]
dtype is float64, float32, complex128 or complex64; float32 lines hold float32 inputs (their
float64 reprs, exact) and SciPy's float64 result on them rounded to float32; complex values are
re im pairs; every number is the repr of a float64. A case with "derivative": True
(spherical_jn, spherical_yn) is named <name>_derivative, one with a "cpp" key by it
(hurwitz_zeta for zeta's two-argument form, comb_exact...).
"""
import importlib
import pathlib
import sys
import warnings

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent / "test" / "fixtures"
FAMILIES = sorted(p.stem for p in (HERE / "special").glob("*.py") if not p.stem.startswith("_"))


def values(x):
    x = np.asarray(x)
    if np.iscomplexobj(x):
        return " ".join(f"{float(v.real)!r} {float(v.imag)!r}" for v in x.ravel())
    return " ".join(repr(float(v)) for v in x.ravel())


def lines(case):
    is_complex = case.get("complex", False) or any(np.iscomplexobj(a) for a in case["args"])
    wide, narrow = ("complex128", "complex64") if is_complex else ("float64", "float32")
    for dtype, rtol, atol in [(wide, case["rtol64"], case.get("atol64", 0.0)),
                              (narrow, case.get("rtol32"), case.get("atol32", 0.0))]:
        if rtol is None:
            continue
        args = [np.asarray(a) for a in case["args"]]
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            if dtype == narrow:  # huge values overflow to inf, as a float32 array would hold them
                args = [a.astype(np.complex64 if np.iscomplexobj(a) else np.float32)
                        for a in args]
            wide_args = [a.astype(np.complex128 if np.iscomplexobj(a) else np.float64)
                         for a in args]
            outs = case["f"](*wide_args)
            outs = list(outs) if isinstance(outs, tuple) else [outs]
            if dtype == narrow:
                outs = [np.asarray(o).astype(np.complex64 if np.iscomplexobj(o) else np.float32)
                        for o in outs]
        # "cpp": the test's name where SciPy's is shared (zeta's two forms, exact comb)
        name = case.get("cpp", case["name"]) + ("_derivative" if case.get("derivative") else "")
        head = f"{name} {dtype} {len(args)} {float(rtol)!r} {float(atol)!r}"
        yield " | ".join([head] + [values(a) for a in args] + [values(o) for o in outs])


def main(families):
    sys.path.insert(0, str(HERE))
    for family in families:
        module = importlib.import_module(f"special.{family}")
        text = [f"# scipy.special values ({family}), written by scripts/gen_special_fixtures.py"]
        for case in module.cases():
            text.extend(lines(case))
        (OUT / f"special_{family}.txt").write_text("\n".join(text) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:] or FAMILIES)
