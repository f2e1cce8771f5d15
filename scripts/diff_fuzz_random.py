"""numpy.random.Generator's steps for the differential fuzzer (scripts/diff_fuzz.py).

A random step's values cannot be NumPy's (cupp's bit streams are its own), so NumPy gives the
expected dtype, shape and error class, and the result is checked against what it must satisfy
instead: integers inside [low, high), floats inside their interval, a permutation's slices those
of its input, a sample's slices drawn from its population (no more often than they occur there
when drawn without replacement). No later step uses a random result: steps whose shape or error
depends on values (masks, unique, integer powers) would differ.
"""
import collections

import numpy as np

RANDOM_OPS = ["integers", "random", "uniform", "normal", "permutation", "permuted", "choice"]
INT_DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]


def size_text(rng):
    """A `size`: none (one draw), () (0-d) or a shape with empty and unit lengths."""
    return rng.choice(["none", "", "0", "1", "3", "2,3", "1,0", "5", "2,1,2"])


def size_of(text):
    return None if text == "none" else tuple(int(x) for x in text.split(",") if x)


def random_step(rng, inputs, kw):
    """A step of numpy.random.Generator: (op, operand names). The arrays it permutes or samples
    are the program's inputs, which cupp holds bit for bit as NumPy does (a computed variable may
    differ in its last bits, and its slices would not be found)."""
    op = rng.choice(RANDOM_OPS)
    kw["size"] = size_text(rng)
    if op == "integers":
        dt = rng.choice(INT_DTYPES)
        lo_max = (0, 1) if dt == "bool" else (int(np.iinfo(dt).min), int(np.iinfo(dt).max))
        low = rng.choice([lo_max[0], 0, rng.randint(max(lo_max[0], -50), min(lo_max[1], 50))])
        # C++ bounds are int64 or uint64 words: NumPy's past them cannot be written in cupp
        word = lambda v: -2**63 <= v < 2**64
        high = rng.choice([v for v in (low + 1, low + 2, low + 7, low + 1000, lo_max[1] + 1, low,
                                       low - 1, lo_max[1] + 2) if word(v)])
        if rng.random() < 0.1 and word(lo_max[0] - 1):
            low = lo_max[0] - 1  # out of the dtype's range: ValueError
        kw.update(low=str(low), high=str(high), dtype=dt)
        if rng.random() < 0.3:
            kw["endpoint"] = "1"
        return op, []
    if op == "random":
        kw["dtype"] = rng.choice(["float32", "float64"])
        return op, []
    if op in ("uniform", "normal"):
        a = round(rng.uniform(-5, 5), 3)
        b = rng.choice([0.0, 0.5, 3.0, -1.0])  # high - low or scale; < 0 is NumPy's ValueError
        if op == "uniform":
            kw.update(low=str(a), high=str(a + b))
        else:
            kw.update(loc=str(a), scale=str(b))
        return op, []
    name = rng.choice(list(inputs))
    nd = inputs[name].ndim
    if op != "choice":
        del kw["size"]
    if op == "permuted" and rng.random() < 0.3:
        kw["axis"] = "none"
    else:  # now and then out of range: NumPy's AxisError
        kw["axis"] = str(rng.randint(-nd - 1, nd) if rng.random() < 0.1 else
                         rng.randint(-nd, max(nd - 1, 0)))
    if op == "choice":
        kw["replace"] = rng.choice(["0", "1"])
    return op, [name]


def random_numpy(op, args, kw):
    """NumPy's result of a random step (its values are not compared)."""
    g = np.random.default_rng(0)
    size = size_of(kw.get("size", "none"))
    if op == "integers":
        return g.integers(int(kw["low"]), int(kw["high"]), size=size, dtype=kw["dtype"],
                          endpoint=kw.get("endpoint") == "1")
    if op == "random":
        return g.random(size, dtype=kw["dtype"])
    if op == "uniform":
        return g.uniform(float(kw["low"]), float(kw["high"]), size)
    if op == "normal":
        return g.normal(float(kw["loc"]), float(kw["scale"]), size)
    x, axis = args[0], None if kw["axis"] == "none" else int(kw["axis"])
    if op == "permutation":
        return g.permutation(x, axis=axis)
    if op == "permuted":
        return g.permuted(x, axis=axis)
    return g.choice(x, size=size, replace=kw["replace"] == "1", axis=axis)


def random_known(op, args, kw):
    """The random steps where cupp differs on purpose (docs/random.md)."""
    if op == "random" and kw["size"] == "none":
        return True  # NumPy returns a Python float (float64) for dtype=float32; cupp a float32
    return op == "choice" and args[0].ndim == 0  # NumPy samples range(int(a)); cupp refuses a
    # 0-d population (pass its value)


def random_property(op, args, kw):
    """What a random step's result must satisfy: a function of cupp's result."""
    if op == "integers":
        low, high = int(kw["low"]), int(kw["high"]) + (kw.get("endpoint") == "1")
        return lambda g: g.size == 0 or low <= int(g.min()) and int(g.max()) < high
    if op == "random":
        return lambda g: bool(np.all((g >= 0) & (g < 1)))
    if op == "uniform":  # [low, high), high itself by rounding (as NumPy's docs say)
        low, high = float(kw["low"]), float(kw["high"])
        return lambda g: bool(np.all((g >= low) & (g <= high)))
    if op == "normal":
        loc, scale = float(kw["loc"]), float(kw["scale"])
        return lambda g: bool(np.all(np.isfinite(g)) and (scale or np.all(g == loc)))
    x = args[0]
    axis = None if kw["axis"] == "none" else int(kw["axis"]) % x.ndim
    if op == "permutation":
        return lambda g: g.shape == x.shape and items(g, axis) == items(x, axis)
    if op == "permuted":
        if axis is None:
            return lambda g: g.shape == x.shape and items(g.ravel(), 0) == items(x.ravel(), 0)
        lanes = lambda a: [items(lane, 0) for lane in np.moveaxis(a, axis, -1).reshape(
            -1, a.shape[axis])] if a.size else []
        return lambda g: g.shape == x.shape and lanes(g) == lanes(x)
    # choice: the result is x.take(indices of shape `size`, axis): its slices are x's
    size = size_of(kw["size"])
    k = 1 if size is None else int(np.prod(size))
    pool = items(x, axis)

    def drawn(g):
        flat = g.reshape(x.shape[:axis] + (k,) + x.shape[axis + 1:])
        got = items(flat, axis)
        if kw["replace"] == "1":
            return all(s in pool for s in got)
        return all(n <= pool[s] for s, n in got.items())
    return drawn


def items(a, axis):
    """The multiset of a's slices along `axis`: their bytes (signed zeros included: a permutation
    or sample copies bits), with every NaN made one NaN (the input is NumPy's value of a variable
    cupp computed too, whose NaN payloads are its own)."""
    def key(x):
        x = np.ascontiguousarray(x)
        if x.dtype.kind not in "fcV":  # ml_dtypes' bfloat16 is "V"
            return x.tobytes()
        parts = x.astype(np.complex128).view(np.float64).copy()
        parts[np.isnan(parts)] = np.nan
        return parts.tobytes()
    return collections.Counter(key(s) for s in np.moveaxis(a, axis, 0))
