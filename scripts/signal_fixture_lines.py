"""The line format of the signal fixture files (test/cupx/signal/signal_testing.hpp reads it):
`<function> <key=value;...> | <name>=r <values> | ...`, shared by the gen_signal_*_fixtures.py
scripts."""
import numpy as np


def fmt(v):
    if v is None:
        return "none"
    if isinstance(v, str):
        return v
    if isinstance(v, (list, tuple, np.ndarray)):
        a = np.ravel(np.asarray(v))
        return ",".join(repr(float(x)) if a.dtype.kind == "f" else str(int(x)) for x in a)
    return repr(float(v)) if isinstance(v, (float, np.floating)) else str(v)


def out(name, v):
    return f"{name}=r " + " ".join(repr(float(x)) for x in np.ravel(np.asarray(v)))


def line(func, kw, **outputs):
    keys = ";".join(f"{k}={fmt(v)}" for k, v in kw.items()) or "-"
    return f"{func} {keys} | " + " | ".join(out(n, v).rstrip() for n, v in outputs.items())
