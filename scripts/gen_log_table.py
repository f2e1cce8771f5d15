#!/usr/bin/env python3
"""The table of include/cupp/detail/random/log_table.hpp, the double logarithm of the random laws.

Entry i serves the reduced arguments m in [sqrt(2)/2, sqrt(2)) whose offset from sqrt(2)/2's bits
(math.hpp's log_reduce) has i in its bits 45-51: the doubles between those with offset i << 45 and
((i + 1) << 45) - 1. invc is the double nearest 2 / (lo + hi), exactly 1 for the subinterval
that holds 1; logc + logc_lo is -log(invc) to 80 digits, split into two doubles.

Usage: scripts/gen_log_table.py            prints the rows of the initializer
       scripts/gen_log_table.py --check    compares them with the header's (exit 1 if they differ)
"""
import re
import struct
import sys
from decimal import Decimal, getcontext
from pathlib import Path

getcontext().prec = 80
SQRT_HALF_BITS = 0x3FE6A09E667F3BCD
HEADER = Path(__file__).resolve().parent.parent / "include/cupp/detail/random/log_table.hpp"


def double_of(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def entry(i):
    lo = Decimal(double_of(SQRT_HALF_BITS + (i << 45)))
    hi = Decimal(double_of(SQRT_HALF_BITS + ((i + 1) << 45) - 1))
    invc = 1.0 if lo <= 1 <= hi else float(2 / (lo + hi))
    log_c = -Decimal(invc).ln()
    logc = float(log_c)
    return invc, logc, float(log_c - Decimal(logc))


def row(e):
    return "    {" + ", ".join((x + 0.0).hex() for x in e) + "},"  # -0.0 + 0.0 is +0


def main():
    rows = [row(entry(i)) for i in range(128)]
    if "--check" not in sys.argv[1:]:
        print("\n".join(rows))
        return 0
    same = re.findall(r"^    \{.*\},$", HEADER.read_text(), re.M) == rows
    print("log_table.hpp matches" if same else "log_table.hpp differs from the generator")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
