#!/usr/bin/env bash
# The whole GPU check, for the device machine: configure the CUDA backend, build, run the test
# suite, the demo, the perf harness and the same cases in CuPy, and print one summary.
# Usage (from the repository root): scripts/gpu_check.sh [OUT_DIR]
CUPP_BACKEND=cuda
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
OUT_DIR=${1:-${OUT:-$ROOT/gpu-out}}
mkdir -p "$OUT_DIR"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$OUT_DIR/gpu.txt"

t0=$(date +%s)
configure
if ! cmake --build "$BUILD" -j "$JOBS" > "$OUT_DIR/build.txt" 2>&1; then
  grep -v '^\[' "$OUT_DIR/build.txt" | grep -B2 -A12 -m5 'error' | head -n 120
  echo "build failed"; exit 1
fi
echo "build: $(( $(date +%s) - t0 )) s"

set +e
(cd "$BUILD" && ctest --output-on-failure -j 4) 2>&1 | tee "$OUT_DIR/ctest.txt" | tail -n 25
for t in "$BUILD"/test/test_*; do echo "$(basename "$t"): $("$t" 2>&1 | tail -n 2 | head -n 1)"; done | tee "$OUT_DIR/catch.txt"

echo; echo "== demo"
"$BUILD/examples/self_check" 2>&1 | tee "$OUT_DIR/demo.txt"
"$BUILD/examples/first_program" 2>&1 | tee -a "$OUT_DIR/demo.txt"
"$BUILD/examples/matmul_benchmark" 2>&1 | tee -a "$OUT_DIR/demo.txt"

echo; echo "== perf"
"$BUILD/perf/bench_core" --json "$OUT_DIR/cupp_core.json" > "$OUT_DIR/bench_core.txt" 2>&1
PYTHONUNBUFFERED=1 python3 "$ROOT/perf/cupy_bench.py" --json "$OUT_DIR/cupy_core.json" > "$OUT_DIR/cupy.txt" 2>&1
python3 "$ROOT/perf/compare.py" "$OUT_DIR/cupp_core.json" "$OUT_DIR/cupy_core.json" | tee "$OUT_DIR/compare.txt"
echo; echo "== summary"; tail -n 3 "$OUT_DIR/ctest.txt"; cat "$OUT_DIR/catch.txt"
