#!/usr/bin/env python3
"""Figures, data and the table of docs/performance.md from one run of the perf harness and CuPy.

    python3 perf/plot.py build-cuda/perf-results/*.json --run "run 17, 2026-12-01"

Inputs are either the files scripts/gpu_check.sh writes (cupp_<area>.json from perf/bench_*.cpp,
cupy.json from perf/cupy_bench.py: CuPy's file is the one with a "cupy" key), or one file this
script wrote before (docs/perf/run16.json: both sides in one file). It writes

- the figures, docs/img/perf_{speedup,bandwidth,host,transfers}.png (--out);
- the data it used, in one file (--save; default docs/perf/runN.json from --run "run N, ...",
  else docs/perf/latest.json; not written when the input already is such a file);
- the table and the figure links into docs/performance.md between the lines
  `<!-- perf-table:begin -->` and `<!-- perf-table:end -->` (--page; --page - prints it instead).

Needs matplotlib (pip install matplotlib). Ratios are cupp's time over CuPy's (below 1: cupp is
faster); speed-up is the inverse. Device times where both sides have one, else host time per call.
"""
import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

AREAS = ["core", "memory", "indexing", "reduction", "kernel", "complex", "random", "streams",
         "linalg", "fft", "io", "special", "ndimage", "signal"]
AREA_TITLES = {"core": "elementwise, reductions, matmul", "memory": "memory and transfers",
               "indexing": "indexing and layout", "reduction": "reductions, scans, sorting",
               "kernel": "custom kernels", "complex": "complex64", "random": "random numbers",
               "streams": "streams, events, graphs", "linalg": "linear algebra",
               "fft": "FFT", "io": "I/O and the runtime-dtype array",
               "special": "cupx special and stats",
               "ndimage": "cupx ndimage", "signal": "cupx signal"}
COLOURS = {"core": "#4c72b0", "memory": "#8172b3", "indexing": "#55a868", "reduction": "#c44e52",
           "kernel": "#dd8452", "complex": "#937860", "random": "#da8bc3", "streams": "#8c8c8c",
           "linalg": "#ccb974", "fft": "#64b5cd", "io": "#2f4f4f", "special": "#a0522d",
           "ndimage": "#6a8e23", "signal": "#b03060"}

# cupp cases compared with a CuPy case of another name (besides the one of the same name)
EXTRA_PAIRS = {"sqrt(x*x+y*y) 20M f32 (fused)": ["sqrt(x*x+y*y) 20M f32 (cupy.fuse)"]}
# what a reader needs to know about a row
NOTES = {
    "graph replay 100 tiny adds (per op)": "`cp::capture` of 100 `x += 1`, `g.launch(s)`; host time per add",
    "eager 100 tiny adds (per op)": "the same adds one by one; host time per add",
    "event record + wait": "`e.record(s1); s2.wait_event(e)`; host time",
    "to_device same device 256 MiB": "`a.to_device(d)`; CuPy `cp.array(a, copy=True)`",
    "stream create+destroy": "host time; cupp's destruction waits for the stream's work",
    ("sqrt(x*x+y*y) 20M f32 (fused)", "sqrt(x*x+y*y) 20M f32 (fused)"):
        "CuPy without `cupy.fuse`: a kernel per operation",
    ("sqrt(x*x+y*y) 20M f32 (fused)", "sqrt(x*x+y*y) 20M f32 (cupy.fuse)"): "CuPy with `cupy.fuse`",
    "tiny add 1000 f32": "`c = a + b`: the cost of a small call",
    "tiny sum 1000 f32": "a small reduction",
    "kernel functor x*a+b 1000 f32": "cupp functor kernel; CuPy `ElementwiseKernel`",
    "kernel functor x*a+b 20M f32": "cupp functor kernel; CuPy `ElementwiseKernel`",
    "kernel ElementwiseKernel 1000 f32": "`rtc::elementwise_kernel`, NVRTC (cached call)",
    "kernel ElementwiseKernel 20M f32": "`rtc::elementwise_kernel`, NVRTC",
    "kernel RawKernel 1000 f32": "`rtc::raw_kernel` (cached call)",
    "kernel RawKernel 20M f32": "`rtc::raw_kernel`",
    "pool alloc+free 64 MB (warm)": "a cached allocation",
    "H2D 80 MB pageable (asarray)": "`cp::asarray(std::vector)`",
    "D2H 80 MB pageable (get)": "`a.get(ptr)` / CuPy `get(out=)`",
    "D2H 80 MB to a new vector (asnumpy)": "`cp::asnumpy(a)`",
    "mask extract 256M f32 (half true)": "`a(mask)`",
    "take 16M of 256M f32 (a[idx])": "`a(idx)`",
    "basic slice a[1:, ::2] (host)": "a view: nothing runs on the GPU",
    "transpose copy 16384^2 f32": "`ascontiguousarray(a.T)`",
}
BEGIN, END = "<!-- perf-table:begin -->", "<!-- perf-table:end -->"


def load_inputs(paths):
    """One data set: {"run", "device", "cupy_version", "copy_tbs", "cupp": [...], "cupy": [...]}."""
    if len(paths) == 1:
        with open(paths[0]) as f:
            d = json.load(f)
        if isinstance(d.get("cupp"), list):
            return d, True
    data = {"run": "", "device": "", "cupy_version": "", "copy_tbs": 0.0, "cupp": [], "cupy": []}
    for p in paths:
        with open(p) as f:
            d = json.load(f)
        if isinstance(d.get("cupp"), list):
            sys.exit(f"{p}: a combined file goes alone (it holds both sides)")
        if "cupy" in d:  # perf/cupy_bench.py's file
            data["cupy_version"] = d["cupy"]
            data["cupy"] += d["results"]
            continue
        m = re.match(r"cupp_(\w+)\.json$", os.path.basename(p))
        area = m.group(1) if m else "core"
        data["device"] = data["device"] or d.get("device", "")
        data["copy_tbs"] = max(data["copy_tbs"], d.get("copy_tbs", 0.0))
        data["cupp"] += [dict(r, area=area) for r in d["results"]]
    if not data["cupy"]:
        sys.exit("no CuPy results among the inputs (perf/cupy_bench.py writes cupy.json)")
    return data, False


def pairs(data):
    """(cupp result, CuPy result) for every case measured by both."""
    cupy = {r["name"]: r for r in data["cupy"]}
    out = []
    for r in data["cupp"]:
        for name in [r["name"]] + EXTRA_PAIRS.get(r["name"], []):
            if name in cupy:
                out.append((r, cupy[name]))
    return out


def compared(r, c):
    """(cupp value, CuPy value, unit, kind) of a pair: device ms when both have it, else host us."""
    if r["device_ms"] > 0 and c["device_ms"] > 0:
        return r["device_ms"], c["device_ms"], "ms", "device"
    if r["host_us"] > 0 and c["host_us"] > 0:
        return r["host_us"], c["host_us"], "us", "host"
    return None


def label(r, c):
    name = r["name"].strip()
    return name if c["name"] == r["name"] else f"{name} vs {c['name'].split('(')[-1].rstrip(')')}"


def note(r, c):
    return NOTES.get((r["name"], c["name"]), NOTES.get(r["name"], "") if c["name"] == r["name"] else "")


def fmt(v, unit):
    if unit == "us":
        return f"{v:.2f} us"
    return f"{v:.4f} ms" if v < 0.1 else f"{v:.3f} ms"


def runs_of(rows):
    """The runs the rows come from (transcribed data names one per result)."""
    return sorted({r.get("run", "") for r, _ in rows} - {""},
                  key=lambda s: (not s.isdigit(), s.zfill(4)))


def table(data, save_path):
    rows = [(r, c) for r, c in pairs(data) if compared(r, c)]
    rows.sort(key=lambda rc: AREAS.index(rc[0]["area"]) if rc[0]["area"] in AREAS else 99)
    several_runs = len(runs_of(rows)) > 1
    head = ("| area | case | cupp | CuPy | cupp / CuPy | speed-up | notes |" +
            (" run |" if several_runs else ""))
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for r, c in rows:
        a, b, unit, kind = compared(r, c)
        notes = [n for n in (note(r, c), "host time per call" if kind == "host" else "") if n]
        line = (f"| {r['area']} | {label(r, c)} | {fmt(a, unit)} | {fmt(b, unit)} | {a / b:.2f} | "
                f"{b / a:.2f}x | {'; '.join(notes)} |")
        if several_runs:
            line += f" {r.get('run', '')} |"
        lines.append(line)
    caption = [f"Measured in {data['run'] or 'one run'} on the {data['device'] or 'GPU'}"
               + (f", CUDA {data['cuda']}" if data.get("cuda") else "")
               + f", CuPy {data['cupy_version']} in the same run"
               + (f"; copy ceiling {data['copy_tbs']:.2f} TB/s" if data.get("copy_tbs") else "")
               + f". Data: [{os.path.relpath(save_path, os.path.join(ROOT, 'docs'))}]"
               f"({os.path.relpath(save_path, os.path.join(ROOT, 'docs'))})."]
    if several_runs:
        caption += ["", data.get("rows_note") or
                    "The rows come from different runs (the `run` column); both sides of a row "
                    "were measured in the same run."]
    return "\n".join(caption + [""] + lines)


def legend_below(ax):
    """The legend under the x label (0.6 inch below the axes), clear of the bars."""
    height = ax.get_position().height * ax.figure.get_size_inches()[1]
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.6 / height), ncol=3,
              frameon=False)


def figures(data, out_dir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.makedirs(out_dir, exist_ok=True)
    meta = {"Software": None}  # no version stamps: the PNGs change only when the data does
    runs = [int(x) for x in runs_of(pairs(data)) if x.isdigit()]
    subtitle = (data["run"] + (f" (each case's latest run, runs {min(runs)}-{max(runs)})"
                               if len(runs) > 1 else "") +
                f", {data['device']}, CuPy {data['cupy_version']}")
    written = []

    def save(fig, name):
        path = os.path.join(out_dir, name)
        fig.savefig(path, dpi=110, bbox_inches="tight", metadata=meta)
        plt.close(fig)
        written.append(path)

    # 1. speed-up over CuPy, every case both measured
    rows = [(r, c) for r, c in pairs(data) if compared(r, c)]
    rows.sort(key=lambda rc: (AREAS.index(rc[0]["area"]) if rc[0]["area"] in AREAS else 99))
    rows.reverse()  # barh draws bottom-up: the first area on top
    names = [label(r, c) + (" (host)" if compared(r, c)[3] == "host" and "(host)" not in r["name"]
                            else "") for r, c in rows]
    speedup = [compared(r, c)[1] / compared(r, c)[0] for r, c in rows]
    fig, ax = plt.subplots(figsize=(8, 0.28 * len(rows) + 1.2))
    ax.barh(range(len(rows)), speedup, color=[COLOURS.get(r["area"], "gray") for r, _ in rows])
    ax.set_xscale("log")
    ax.axvline(1.0, color="black", linewidth=0.8)
    for i, s in enumerate(speedup):
        ax.text(s * 1.04 if s >= 1 else s / 1.04, i, f"{s:.2f}x", va="center",
                ha="left" if s >= 1 else "right", fontsize=7)
    ax.set_yticks(range(len(rows)), names, fontsize=7)
    ax.set_xlabel("speed-up over CuPy (CuPy time / cupp time; log scale, right of 1 = cupp faster)")
    ax.set_title(f"cupp against CuPy\n{subtitle}", fontsize=9)
    ax.legend(handles=[plt.Rectangle((0, 0), 1, 1, color=COLOURS[a]) for a in AREAS
                       if any(r["area"] == a for r, _ in rows)],
              labels=[AREA_TITLES[a] for a in AREAS if any(r["area"] == a for r, _ in rows)],
              fontsize=7, loc="lower right")
    lo, hi = min(speedup), max(speedup)
    ax.set_xlim(min(0.5, lo / 1.6), hi * 1.8)
    save(fig, "perf_speedup.png")

    # 2. bandwidth of the memory-bound device cases, against the copy ceiling
    bw = [(r, c) for r, c in pairs(data) if r["area"] != "memory" and r["bytes"] > 0 and
          r["device_ms"] > 0 and c["device_ms"] > 0 and c["name"] == r["name"]]
    if bw:
        tb = lambda x: x["bytes"] / (x["device_ms"] * 1e-3) / 1e12
        fig, ax = plt.subplots(figsize=(8, 0.32 * len(bw) + 1.2))
        ys = range(len(bw))
        ax.barh([y - 0.2 for y in ys], [tb(r) for r, _ in bw], height=0.4, label="cupp",
                color="#4c72b0")
        ax.barh([y + 0.2 for y in ys], [tb(c) for _, c in bw], height=0.4, label="CuPy",
                color="#bbbbbb")
        if data.get("copy_tbs"):
            ax.axvline(data["copy_tbs"], color="black", linestyle="--", linewidth=0.8,
                       label=f"device copy ({data['copy_tbs']:.2f} TB/s)")
        ax.set_yticks(list(ys), [r["name"] for r, _ in bw], fontsize=7)
        ax.invert_yaxis()
        ax.set_xlabel("TB/s (bytes the operation must move / device time)")
        ax.set_title(f"Memory bandwidth reached\n{subtitle}", fontsize=9)
        legend_below(ax)
        save(fig, "perf_bandwidth.png")

    # 3. host time of small calls, against the launch floor
    small = [(r, c) for r, c in pairs(data) if compared(r, c) and compared(r, c)[3] == "host"]
    if small:
        fig, ax = plt.subplots(figsize=(8, 0.32 * len(small) + 1.2))
        ys = range(len(small))
        ax.barh([y - 0.2 for y in ys], [r["host_us"] for r, _ in small], height=0.4, label="cupp",
                color="#4c72b0")
        ax.barh([y + 0.2 for y in ys], [c["host_us"] for _, c in small], height=0.4,
                label="CuPy", color="#bbbbbb")
        floor = [r["host_us"] for r in data["cupp"] if r["name"].strip() == "empty kernel launch"]
        if floor:
            ax.axvline(floor[0], color="black", linestyle="--", linewidth=0.8,
                       label=f"an empty kernel launch ({floor[0]:.2f} us)")
        ax.set_yticks(list(ys), [r["name"] for r, _ in small], fontsize=7)
        ax.invert_yaxis()
        ax.set_xlabel("host time per call (us)")
        ax.set_title(f"What a small call costs the CPU\n{subtitle}", fontsize=9)
        legend_below(ax)
        save(fig, "perf_host.png")

    # 4. host <-> device transfers, against the link
    tr = [(r, c) for r, c in pairs(data) if r["name"].startswith(("H2D", "D2H"))]
    if tr:
        gbs = lambda x: x["bytes"] / (x["device_ms"] * 1e-3) / 1e9
        fig, ax = plt.subplots(figsize=(8, 0.4 * len(tr) + 1.2))
        ys = range(len(tr))
        ax.barh([y - 0.2 for y in ys], [gbs(r) for r, _ in tr], height=0.4, label="cupp",
                color="#8172b3")
        ax.barh([y + 0.2 for y in ys], [gbs(c) for _, c in tr], height=0.4, label="CuPy",
                color="#bbbbbb")
        link = [gbs(r) for r in data["cupp"] if "link ceiling" in r["name"] and r["device_ms"] > 0]
        if link:
            ax.axvline(max(link), color="black", linestyle="--", linewidth=0.8,
                       label=f"pinned cudaMemcpy ({max(link):.0f} GB/s)")
        ax.set_yticks(list(ys), [r["name"] for r, _ in tr], fontsize=7)
        ax.invert_yaxis()
        ax.set_xlabel("GB/s (80 MB, pageable host memory)")
        ax.set_title(f"Host <-> device copies\n{subtitle}", fontsize=9)
        legend_below(ax)
        save(fig, "perf_transfers.png")
    return written


def write_data(data, path):
    """The data set, one result per line (diffs between runs stay readable)."""
    head = {k: v for k, v in data.items() if k not in ("cupp", "cupy")}
    text = json.dumps(head, indent=1)[:-2]
    for side in ("cupp", "cupy"):
        text += f',\n "{side}": [\n' + ",\n".join("  " + json.dumps(r) for r in data[side]) + "\n ]"
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as f:
        f.write(text + "\n}\n")


def update_page(page, text):
    with open(page) as f:
        s = f.read()
    if BEGIN not in s or END not in s:
        sys.exit(f"{page}: no {BEGIN} ... {END} lines to replace (use --page - to print)")
    before, rest = s.split(BEGIN, 1)
    after = rest.split(END, 1)[1]
    with open(page, "w") as f:
        f.write(f"{before}{BEGIN}\n{text}\n{END}{after}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("inputs", nargs="+", help="cupp_*.json and cupy.json, or one combined file")
    ap.add_argument("--run", help='what the run was, e.g. "run 17, 2026-12-01"')
    ap.add_argument("--cuda", help='CUDA version of the run, e.g. "13.0"')
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "img"), help="figure folder")
    ap.add_argument("--save", help="where the data goes (default: docs/perf/runN.json)")
    ap.add_argument("--page", default=os.path.join(ROOT, "docs", "performance.md"),
                    help="page whose table is replaced ('-': print the table)")
    args = ap.parse_args()

    data, combined = load_inputs(args.inputs)
    if args.run:
        data["run"] = args.run
    if args.cuda:
        data["cuda"] = args.cuda
    if combined and not args.save:
        save_path = os.path.abspath(args.inputs[0])
    else:
        m = re.match(r"run (\d+)", data.get("run") or "")
        save_path = os.path.abspath(args.save or os.path.join(
            ROOT, "docs", "perf", f"run{m.group(1)}.json" if m else "latest.json"))
        write_data(data, save_path)
        print(f"data: {os.path.relpath(save_path)}")
    for path in figures(data, args.out):
        print(f"figure: {os.path.relpath(path)}")
    img = os.path.relpath(args.out, os.path.join(ROOT, "docs"))
    text = table(data, save_path) + "\n\n" + "\n".join(
        f"![{alt}]({img}/{name})" for alt, name in (
            ("speed-up over CuPy", "perf_speedup.png"), ("bandwidth", "perf_bandwidth.png"),
            ("host time of small calls", "perf_host.png"), ("transfers", "perf_transfers.png"))
        if os.path.exists(os.path.join(args.out, name)))
    if args.page == "-":
        print(text)
    else:
        update_page(args.page, text)
        print(f"table: {os.path.relpath(args.page)}")


if __name__ == "__main__":
    main()
