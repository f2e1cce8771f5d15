"""DLPack between cupp and real clients (issue 18), through the cupp_dlpack module.

NumPy on the host backend (CPU memory); CuPy and PyTorch on the CUDA backend where they are
installed (a client that is missing or on the other kind of device is skipped, and said so).
Both directions, no copy: the data pointers match and a write on one side shows on the other;
dtypes, views with strides (transposes, negative steps) and the versioned and legacy capsules.
Run by ctest (python_dlpack_clients) with PYTHONPATH at the module.
"""
import sys

import numpy as np

import cupp_dlpack as cd

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAILED:", what)


DTYPES = ["bool", "int8", "uint8", "int16", "int32", "int64", "uint64", "float16", "float32",
          "float64", "complex64", "complex128"]


class Legacy:
    """A producer of DLPack < 1.0: its __dlpack__ takes no max_version (legacy capsules)."""

    def __init__(self, x):
        self.x = x

    def __dlpack__(self, stream=None):
        return self.x.__dlpack__(stream=stream)

    def __dlpack_device__(self):
        return self.x.__dlpack_device__()


def numpy_client():
    # cupp -> NumPy: every dtype, the same memory
    for name in DTYPES:
        a = cd.arange(7, name)
        x = np.from_dlpack(a)
        check(x.dtype == np.dtype(name), f"numpy dtype {name}: {x.dtype}")
        check(x.ctypes.data == a.data_ptr, f"numpy {name}: a copy (pointers differ)")
        check(np.array_equal(x, np.arange(7).astype(name)), f"numpy values {name}: {x}")
    a = cd.arange(12, "float32")
    x = np.from_dlpack(a)
    a.double_in_place()  # cupp writes, NumPy sees it
    cd.synchronize()
    check(np.array_equal(x, 2 * np.arange(12, dtype=np.float32)), f"numpy sees cupp's write: {x}")
    # a transposed view keeps its strides
    t = np.from_dlpack(cd.arange(6, "int32").transpose())
    check(t.shape == (6,), f"numpy transposed 1-d shape {t.shape}")
    # NumPy -> cupp: a strided view (every other column, reversed rows), no copy
    base = np.arange(24, dtype=np.float64).reshape(4, 6)
    view = base[::-1, ::2]
    c = cd.from_dlpack(view)
    check(c.shape == [4, 3] and c.dtype == "float64", f"cupp's shape/dtype {c.shape} {c.dtype}")
    check(c.strides == [-6, 2], f"cupp's strides {c.strides}")
    check(c.data_ptr == view.ctypes.data, "cupp copied NumPy's array (pointers differ)")
    check(c.values() == view.ravel().tolist(), f"cupp's values {c.values()}")
    c.double_in_place()  # cupp writes into NumPy's memory
    cd.synchronize()
    expected = np.arange(24, dtype=np.float64).reshape(4, 6)
    expected[::-1, ::2] *= 2
    check(np.array_equal(base, expected), f"numpy sees cupp's write into its view: {base}")
    # the round trip: NumPy -> cupp -> NumPy is the same memory
    back = np.from_dlpack(cd.from_dlpack(base))
    check(back.ctypes.data == base.ctypes.data, "round trip copied")
    # read-only NumPy arrays are copied (cupp's arrays are writable)
    ro = np.arange(5.0)
    ro.flags.writeable = False
    r = cd.from_dlpack(ro)
    check(r.data_ptr != ro.ctypes.data and r.values() == ro.tolist(), "read-only: a copy")
    # legacy capsules both ways, and capsules nobody takes (their deleters run on collection)
    a = cd.arange(4, "int64")
    x = np.from_dlpack(Legacy(a))
    check(x.ctypes.data == a.data_ptr and x.tolist() == [0, 1, 2, 3], "legacy export")
    base = np.arange(3.0)
    c = cd.from_dlpack(Legacy(base))
    check(c.data_ptr == base.ctypes.data and c.values() == [0.0, 1.0, 2.0], "legacy import")
    for kw in ({}, {"max_version": (1, 0)}):
        cap = a.__dlpack__(**kw)
        check(type(cap).__name__ == "PyCapsule", f"capsule {kw}")
        del cap
    try:
        a.__dlpack__(dl_device=(2, 0))
        check(False, "export to another device type did not raise")
    except BufferError:
        pass
    print("numpy: cupp <-> numpy,", len(DTYPES), "dtypes, views, writes both ways, legacy capsules")


def gpu_client(name, module, from_dlpack, pointer, arange):
    for dt in ["int32", "float32", "float64", "complex64"]:
        a = cd.arange(9, dt)
        x = from_dlpack(a)
        check(pointer(x) == a.data_ptr, f"{name} {dt}: a copy")
        check(str(x.dtype).endswith(dt), f"{name} dtype {dt}: {x.dtype}")
        check([complex(v) for v in x.tolist()] == [complex(v) for v in range(9)],
              f"{name} values {dt}")
    a = cd.arange(10, "float32")
    x = from_dlpack(a)
    a.double_in_place()
    cd.synchronize()
    check(x.tolist() == [2.0 * v for v in range(10)], f"{name} sees cupp's write")
    y = arange(20).reshape(4, 5)[:, 1::2]  # a strided view of theirs
    c = cd.from_dlpack(y)
    check(c.data_ptr == pointer(y), f"cupp copied {name}'s view")
    check(c.values() == [float(v) for v in y.flatten().tolist()], f"cupp's values of {name}'s view")
    c.double_in_place()
    cd.synchronize()
    check(y.flatten().tolist() == [2.0 * v for v in (5 * r + k for r in range(4) for k in (1, 3))],
          f"{name} sees cupp's write into its view")
    print(f"{name}: cupp <-> {name}, views, writes both ways")


def stream_order(name, from_dlpack, side_stream, zeros, add_one, min_max, n=1 << 26, passes=200):
    """The DLPack stream contract: a producer's work still running when the consumer takes the
    array; the consumer's stream waits for the producer's by an event, with no host sync. Each
    side works on a non-blocking stream, so nothing but that event orders them."""
    # the reads inside the block: leaving it destroys cupp's stream, which waits for its work
    with cd.SideStream():
        a = cd.slow_count(n, passes)  # on cupp's side stream, still running
        x = from_dlpack(a)  # their current stream waits for cupp's
        lo, hi = min_max(x)
    check(lo == hi == passes, f"{name} read cupp's array before cupp's work ended: {lo}..{hi}")
    with side_stream():
        y = zeros(n)
        for _ in range(passes):
            add_one(y)  # on their side stream, still running
        with cd.SideStream():
            c = cd.from_dlpack(y)  # cupp's current stream waits for theirs
            lo, hi = c.min_max()
    check(lo == hi == passes, f"cupp read {name}'s array before {name}'s work ended: {lo}..{hi}")
    print(f"{name}: stream order both ways ({passes} passes over {n} elements in flight)")


def main():
    print("cupp backend:", cd.backend)
    if cd.backend == "host":
        numpy_client()
    else:
        print("numpy: skipped (cupp's arrays are in GPU memory)")
        try:
            import cupy as cp
        except ImportError:
            print("cupy: not installed, skipped")
        else:
            gpu_client("cupy", cp, cp.from_dlpack, lambda x: x.data.ptr,
                       lambda n: cp.arange(n, dtype=cp.float64))

            def cupy_add_one(y):
                y += 1

            stream_order("cupy", cp.from_dlpack, lambda: cp.cuda.Stream(non_blocking=True),
                         lambda n: cp.zeros(n, dtype=cp.float32), cupy_add_one,
                         lambda x: (float(x.min()), float(x.max())))
        try:
            import torch
        except ImportError:
            print("torch: not installed, skipped")
        else:
            gpu_client("torch", torch, torch.from_dlpack, lambda x: x.data_ptr(),
                       lambda n: torch.arange(n, dtype=torch.float64, device="cuda"))
            stream_order("torch", torch.from_dlpack, lambda: torch.cuda.stream(torch.cuda.Stream()),
                         lambda n: torch.zeros(n, dtype=torch.float32, device="cuda"),
                         lambda y: y.add_(1), lambda x: (x.min().item(), x.max().item()))
    if failures:
        print(len(failures), "failures")
        return 1
    print("all DLPack client checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
