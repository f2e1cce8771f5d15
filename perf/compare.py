#!/usr/bin/env python3
"""One table of cupp and CuPy timings from the same run:
python3 perf/compare.py cupp_core.json [cupp_memory.json ...] cupy.json   (CuPy's file last)

ratio = cupp time / CuPy time (below 1: cupp is faster). Host columns compare host time per call.
"""
import json
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def main():
    cupps = [load(p) for p in sys.argv[1:-1]]
    cupy = load(sys.argv[-1])
    cupp = dict(cupps[0])
    cupp["results"] = [r for c in cupps for r in c["results"]]
    cupp["copy_tbs"] = max(c.get("copy_tbs", 0) for c in cupps)
    ref = {r["name"]: r for r in cupy["results"]}
    copy_tbs = cupp.get("copy_tbs", 0)
    print(f"device: {cupp['device']}  CuPy {cupy.get('cupy', '?')}  copy ceiling {copy_tbs:.3f} TB/s")
    head = f"{'case':36s} {'cupp ms':>10s} {'CuPy ms':>10s} {'ratio':>7s} {'cupp us':>9s} {'CuPy us':>9s} {'TB/s':>7s} {'%copy':>6s} {'vs baseline':>22s}"
    print(head)
    print("-" * len(head))
    for r in cupp["results"]:
        c = ref.get(r["name"])
        tbs = r["bytes"] / (r["device_ms"] * 1e-3) / 1e12 if r["bytes"] else 0
        pct = f"{100 * tbs / copy_tbs:5.1f}" if tbs and copy_tbs else ""
        base = f"{r['device_ms'] / r['baseline_ms']:.3f} {r['baseline']}" if r["baseline_ms"] else ""
        cms = f"{c['device_ms']:10.4f}" if c else f"{'':>10s}"
        if c and c["device_ms"] > 0 and r["device_ms"] > 0:
            ratio = f"{r['device_ms'] / c['device_ms']:7.3f}"
        elif c and c["host_us"] > 0 and r["host_us"] > 0:
            ratio = f"{r['host_us'] / c['host_us']:6.3f}h"  # host-time ratio
        else:
            ratio = f"{'':>7s}"
        cus = f"{c['host_us']:9.2f}" if c else f"{'':>9s}"
        tb = f"{tbs:7.3f}" if tbs else f"{'':>7s}"
        print(f"{r['name']:36s} {r['device_ms']:10.4f} {cms} {ratio} {r['host_us']:9.2f} {cus} {tb} {pct:>6s} {base:>22s}")
    for name, c in ref.items():
        if not any(r["name"] == name for r in cupp["results"]):
            print(f"{name:36s} {'':>10s} {c['device_ms']:10.4f} {'':>7s} {'':>9s} {c['host_us']:9.2f}  (CuPy only)")


if __name__ == "__main__":
    main()
