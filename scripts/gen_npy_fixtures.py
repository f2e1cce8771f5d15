#!/usr/bin/env python3
"""Writes the .npy/.npz files of test/io/test_npy.cpp into test/fixtures/npy/ with NumPy 2 (and
ml_dtypes for bfloat16). Run from anywhere: python3 scripts/gen_npy_fixtures.py. The output is
committed (a few dozen files, well under 200 KB).

Values follow the formula of test/common/testing.hpp's value_at<T>(i), for the element at C-order
index i, so that the test knows them without a sidecar file:
  bool: (i*7+3) % 3 != 0;  signed: (i*37+11) % 101 - 50;  unsigned: (i*37+11) % 101;
  float: ((i*37+11) % 101 - 50) / 8;  complex: float(i) + 1j * float(i+5).

  <dtype>.npy        shape (3, 4), np.save of a C-ordered array (the C++ test also compares the
                     bytes cupp's save writes for the same array with these)
  <dtype>_f.npy      the same values, Fortran-ordered (fortran_order: True)
  <dtype>_be.npy     the same values, big-endian ('>f4'...; every dtype wider than a byte)
  scalar_<dtype>.npy 0-d arrays (value_at(0)), empty_<dtype>.npy shape (0,), empty3d.npy (2, 0, 3)
  v2.npy, v3.npy     format versions 2.0 and 3.0 (float32 (3, 4)); v2_big_header.npy: 2.0 with a
                     header over 64 KiB
  f3d.npy            float64 (2, 3, 4) Fortran-ordered
  stored.npz, compressed.npz   np.savez / np.savez_compressed of a (int32 (3, 4)), b (float64
                     (3, 4), F order), c (complex64 0-d), e (uint8 (0,))
  zip64.npz          stored.npz's arrays in a zip whose every record is ZIP64 (written here)
  bad_*.npy, bad_*.npz   malformed files (see MALFORMED below)

With --check DIR it instead loads every .npy/.npz in DIR (files the C++ test wrote) with NumPy
and prints their dtypes and shapes: the round trip through NumPy.
"""
import io
import pathlib
import struct
import sys
import zipfile
import zlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parent.parent / "test" / "fixtures" / "npy"

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64", "complex64", "complex128"]


def np_dtype(name):
    if name == "bfloat16":
        import ml_dtypes
        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(name)


def value(name, i):
    if name == "bool":
        return (i * 7 + 3) % 3 != 0
    if name.startswith("int"):
        return (i * 37 + 11) % 101 - 50
    if name.startswith("uint"):
        return (i * 37 + 11) % 101
    f = lambda k: ((k * 37 + 11) % 101 - 50) / 8.0
    if name.startswith("complex"):
        return complex(f(i), f(i + 5))
    return f(i)


def values(name, shape):
    n = int(np.prod(shape, dtype=np.int64))
    a = np.array([value(name, i) for i in range(n)])
    if name.startswith("complex"):
        a = a.astype(np.complex128)
    return a.astype(np_dtype(name)).reshape(shape)


def save(name, a, **kw):
    np.save(OUT / name, a, **kw)


def write_version(name, a, version):
    with open(OUT / name, "wb") as f:
        np.lib.format.write_array(f, a, version=version)


def zip64_npz(path, arrays):
    """A stored zip with ZIP64 extras in every local and central header and a ZIP64 end record."""
    out = bytearray()
    central = bytearray()
    for key, a in arrays.items():
        buf = io.BytesIO()
        np.lib.format.write_array(buf, a)
        data = buf.getvalue()
        name = (key + ".npy").encode()
        crc = zlib.crc32(data)
        offset = len(out)
        extra = struct.pack("<HHQQ", 1, 16, len(data), len(data))
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 45, 0, 0, 0, 0x21, crc, 0xFFFFFFFF,
                           0xFFFFFFFF, len(name), len(extra)) + name + extra + data
        cextra = struct.pack("<HHQQQ", 1, 24, len(data), len(data), offset)
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 45 | (3 << 8), 45, 0, 0, 0, 0x21,
                               crc, 0xFFFFFFFF, 0xFFFFFFFF, len(name), len(cextra), 0, 0, 0, 0,
                               0xFFFFFFFF) + name + cextra
    cd_offset = len(out)
    out += central
    end64 = len(out)
    n = len(arrays)
    out += struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45 | (3 << 8), 45, 0, 0, n, n, len(central),
                       cd_offset)
    out += struct.pack("<IIQI", 0x07064B50, 0, end64, 1)
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
    path.write_bytes(bytes(out))
    with zipfile.ZipFile(path) as z:  # Python's zipfile and NumPy read it
        assert z.testzip() is None
    loaded = np.load(path)
    for key, a in arrays.items():
        assert np.array_equal(loaded[key], a)


def npy_bytes(a):
    buf = io.BytesIO()
    np.save(buf, a)
    return buf.getvalue()


def header_with(text):
    """An .npy version 1.0 header whose dict is `text` (padded as NumPy pads)."""
    hlen = len(text) + 1
    pad = 64 - (10 + hlen) % 64
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", hlen + pad) + text.encode() + b" " * pad + b"\n"


def big_v2_header(name, a):
    """A version 2.0 file whose header is over 64 KiB (its dict padded with spaces, which NumPy
    itself reads with max_header_size raised): what only 2.0's 32-bit length can say."""
    text = ("{'descr': '%s', 'fortran_order': False, 'shape': %r, }" % (a.dtype.str, a.shape) +
            " " * 70000)
    hlen = len(text) + 1
    pad = 64 - (12 + hlen) % 64
    data = b"\x93NUMPY\x02\x00" + struct.pack("<I", hlen + pad) + text.encode() + b" " * pad + b"\n"
    (OUT / name).write_bytes(data + a.tobytes())
    assert np.array_equal(np.load(OUT / name, max_header_size=200000), a)


def malformed():
    good = npy_bytes(values("float64", (3, 4)))
    files = {
        "bad_magic.npy": b"\x93NUMPZ" + good[6:],
        "bad_version.npy": good[:6] + b"\x04\x00" + good[8:],
        "bad_short.npy": good[:5],
        "bad_truncated_header.npy": good[:40],
        "bad_truncated_data.npy": good[:-8],
        "bad_huge_shape.npy": header_with(
            "{'descr': '<f8', 'fortran_order': False, 'shape': (1099511627776, 1099511627776), }"),
        "bad_big_shape.npy": header_with(
            "{'descr': '<f8', 'fortran_order': False, 'shape': (1000000, 1000000), }") + b"\0" * 64,
        "bad_ndim.npy": header_with(
            "{'descr': '<f8', 'fortran_order': False, 'shape': %r, }" % ((1,) * 33,)) + b"\0" * 8,
        "bad_negative_shape.npy": header_with(
            "{'descr': '<f8', 'fortran_order': False, 'shape': (-1, 4), }"),
        "bad_descr.npy": header_with("{'descr': '<U5', 'fortran_order': False, 'shape': (2,), }") +
        b"\0" * 40,
        "bad_keys.npy": header_with("{'descr': '<f8', 'shape': (2,), }") + b"\0" * 16,
        "bad_fortran.npy": header_with(
            "{'descr': '<f8', 'fortran_order': 'no', 'shape': (2,), }") + b"\0" * 16,
        "bad_syntax.npy": header_with("{'descr': '<f8', 'fortran_order': False, 'shape': (2,"),
        "bad_header_len.npy": good[:8] + struct.pack("<H", 60000) + good[10:],
        "bad_structured.npy": npy_bytes(np.zeros(2, dtype=[("x", "<f4"), ("y", "<i4")])),
        "bad_object.npy": npy_bytes(np.array([1, "a", None], dtype=object)),
    }
    for name, data in files.items():
        (OUT / name).write_bytes(data)
    stored = (OUT / "stored.npz").read_bytes()
    (OUT / "bad_zip_truncated.npz").write_bytes(stored[: len(stored) // 2])
    (OUT / "bad_zip_notzip.npz").write_bytes(good)
    # a flipped byte in member a's data (after its local header and npy header): a CRC mismatch
    at = stored.index(b"\x93NUMPY") + 128 + 4
    crc = bytearray(stored)
    crc[at] ^= 0xFF
    (OUT / "bad_zip_crc.npz").write_bytes(bytes(crc))
    # compressed.npz with its first member's deflate data corrupted
    comp = bytearray((OUT / "compressed.npz").read_bytes())
    name_len, extra_len = struct.unpack("<HH", comp[26:30])
    start = 30 + name_len + extra_len
    for k in range(start, start + 8):
        comp[k] ^= 0x5A
    (OUT / "bad_zip_inflate.npz").write_bytes(bytes(comp))


def generate():
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.iterdir():
        old.unlink()
    for name in DTYPES:
        a = values(name, (3, 4))
        save(name + ".npy", a)
        save(name + "_f.npy", np.asfortranarray(a))
        if a.dtype.itemsize > 1 and name != "bfloat16":
            save(name + "_be.npy", a.astype(a.dtype.newbyteorder(">")))
        save("scalar_" + name + ".npy", values(name, ()))
        save("empty_" + name + ".npy", values(name, (0,)))
    save("empty3d.npy", values("float32", (2, 0, 3)))
    save("f3d.npy", np.asfortranarray(values("float64", (2, 3, 4))))
    write_version("v2.npy", values("float32", (3, 4)), (2, 0))
    write_version("v3.npy", values("float32", (3, 4)), (3, 0))
    big_v2_header("v2_big_header.npy", values("float32", (3, 4)))
    arrays = {"a": values("int32", (3, 4)), "b": np.asfortranarray(values("float64", (3, 4))),
              "c": values("complex64", ()), "e": values("uint8", (0,))}
    np.savez(OUT / "stored.npz", **arrays)
    np.savez_compressed(OUT / "compressed.npz", **arrays)
    zip64_npz(OUT / "zip64.npz", arrays)
    malformed()
    total = sum(p.stat().st_size for p in OUT.iterdir())
    print(f"{len(list(OUT.iterdir()))} files, {total} bytes in {OUT}")


def check(directory):
    for p in sorted(pathlib.Path(directory).iterdir()):
        if p.suffix == ".npy":
            a = np.load(p)
            print(p.name, a.dtype.str, a.shape, "F" if np.isfortran(a) else "C")
        elif p.suffix == ".npz":
            with np.load(p) as z:
                print(p.name, {k: (z[k].dtype.str, z[k].shape) for k in z.files})


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        check(sys.argv[2])
    else:
        generate()
