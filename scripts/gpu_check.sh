#!/usr/bin/env bash
# The whole GPU check, for the device machine: configure the CUDA backend, build, run the test
# suite, the demo, the perf harness and the same cases in CuPy, and print one summary.
# Usage (from the repository root): scripts/gpu_check.sh [OUT_DIR]
# OUT_DIR receives the logs and perf-json.tgz, the JSON results (at most eight files).
CUPP_BACKEND=cuda
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
OUT_DIR=${1:-${OUT:-$ROOT/gpu-out}}
RESULTS="$BUILD/perf-results"
mkdir -p "$OUT_DIR" "$RESULTS"
# the build phase also runs without a GPU (gpu_pack.sh on the 2-core machine: the device machine
# compiles some test units far slower, docs/building.md)
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null ||
  echo "no GPU here"

# CUPP_GPU_PHASE=build stops after the build, =run skips it: the build alone can take longer than
# one device call allows, and its outputs stay on a warm machine for the next call (for about 30
# seconds: start the next call at once). CUPP_GPU_TARGETS builds only the named targets first.
PHASE=${CUPP_GPU_PHASE:-all}
read -r -a TARGETS <<< "${CUPP_GPU_TARGETS:-}"
# A carried install-cuda.tar.xz (scripts/prebuilt.sh, of this commit) replaces the library's build.
PREBUILT=()
if [[ -f $ROOT/install-cuda.tar.xz ]]; then
  tar -C "$ROOT" -xJf "$ROOT/install-cuda.tar.xz"
  PREBUILT=(-DCUPP_PREBUILT="$ROOT/install-cuda")
fi
# CUPP_BUILD_LOG: where the build's output goes (gpu_pack.sh puts it under OUT, so that a build
# cut short by a call's time limit still shows how far it got)
BUILD_LOG=${CUPP_BUILD_LOG:-$RESULTS/build.txt}
# The DLPack client test (a nanobind module) where nanobind is importable: the device machine has
# no network, so carry nanobind's package directory and put it on PYTHONPATH (docs/building.md)
CLIENTS=()
python3 -c 'import nanobind' 2>/dev/null && CLIENTS=(-DCUPP_BUILD_PYTHON_CLIENT=ON)
# the libtorch client (test_libtorch, bench_libtorch) against the machine's PyTorch
TORCH_DIR=$(python3 -c 'import torch, os; print(os.path.dirname(torch.__file__))' 2>/dev/null || true)
[[ -n $TORCH_DIR && -d $TORCH_DIR/include ]] && CLIENTS+=(-DCUPP_LIBTORCH_DIR="$TORCH_DIR")
# The device machine's CXX (/opt/gcc) has libstdc++ only as a static archive: programs built with
# it carry a private C++ library, which breaks beside libtorch (cmake/cuppLibtorch.cmake refuses
# it). The system compiler, where it has the shared library, builds everything instead.
shared_libstdcxx() { [[ $("$1" -print-file-name=libstdc++.so 2>/dev/null) == /* ]]; }
if [[ -n ${CXX:-} ]] && ! shared_libstdcxx "$CXX" && [[ -x /usr/bin/g++ ]] &&
  shared_libstdcxx /usr/bin/g++; then
  echo "$CXX has no shared libstdc++: building with /usr/bin/g++"
  export CXX=/usr/bin/g++ CC=/usr/bin/gcc CUDAHOSTCXX=/usr/bin/g++
fi
if [[ $PHASE != run ]]; then
  t0=$(date +%s)
  configure -DCUPP_BUILD_TESTS=ON -DCUPP_BUILD_EXAMPLES=ON -DCUPP_BUILD_PERF=ON "${PREBUILT[@]}" \
    ${CLIENTS[@]+"${CLIENTS[@]}"}
  # ninja's log (each step's start and end) comes back with the outputs: where the build's time
  # goes (docs/building.md); kept when the call's time limit ends the build too
  trap '[[ -f $BUILD/.ninja_log ]] && cp "$BUILD/.ninja_log" "$OUT_DIR/ninja_log.txt"' EXIT
  if ! cmake --build "$BUILD" -j "$JOBS" ${TARGETS[@]+--target "${TARGETS[@]}"} \
    > "$BUILD_LOG" 2>&1; then
    [[ $BUILD_LOG -ef $OUT_DIR/build.txt ]] || cp "$BUILD_LOG" "$OUT_DIR/build.txt"
    grep -v '^\[' "$BUILD_LOG" | grep -B2 -A12 -m5 'error' | head -n 120
    echo "build failed"; exit 1
  fi
  echo "build: $(( $(date +%s) - t0 )) s"
  [[ $PHASE == build ]] && exit 0
fi

set +e
# CUPP_GPU_PARTS: which parts of the run phase (default all five), so that one warm machine can run
# them over several calls when one call's time limit is too short for all
PARTS=" ${CUPP_GPU_PARTS:-tests fuzz demo dist perf} "
part() { [[ $PARTS == *" $1 "* ]]; }
if part tests; then
# every suite that was built, one at a time (test_memory reads the device's free memory): its
# summary line, then any failures
for t in "$BUILD"/test/test_*; do
  [[ -x $t && ! -d $t ]] || continue
  name=$(basename "$t")
  # the soak test (test_core) for issue 19's 60 s: 8 threads of mixed work, every value checked
  CUPP_SOAK_SECONDS=${CUPP_SOAK_SECONDS:-60} "$t" > "$RESULTS/$name.log" 2>&1
  echo "$name: $(tail -n 2 "$RESULTS/$name.log" | head -n 1)"
done | tee "$OUT_DIR/ctest.txt"
grep -h -B3 -A12 "FAILED" "$RESULTS"/test_*.log | head -n 300 >> "$OUT_DIR/ctest.txt"
# DLPack with CuPy and PyTorch through the client module, where it was built
module_dir=$BUILD/test/interop/python
if compgen -G "$module_dir/cupp_dlpack*.so" > /dev/null; then
  PYTHONPATH=$module_dir${PYTHONPATH:+:$PYTHONPATH} python3 "$ROOT/test/interop/python/test_clients.py" \
    2>&1 | tee -a "$OUT_DIR/ctest.txt"
fi
fi

if part fuzz; then
echo; echo "== differential fuzzing against NumPy on the GPU (scripts/diff_fuzz.py)"
# 3000 programs took 38 s on the H200 (2026-12-03); compute-sanitizer: scripts/sanitize.sh
[[ -x $BUILD/test/diff_numpy ]] &&
  python3 "$ROOT/scripts/diff_fuzz.py" --binary "$BUILD/test/diff_numpy" --seeds 0:5000 \
    --batch 100 2>&1 | tail -n 20 | tee "$OUT_DIR/diff_fuzz.txt"
fi

if part demo; then
echo; echo "== demo"
{
  "$BUILD/examples/self_check"
  "$BUILD/examples/first_program"
  "$BUILD/examples/matmul_benchmark"
} > "$OUT_DIR/demo.txt" 2>&1
cat "$OUT_DIR/demo.txt"
fi

# cupp::dist on every GPU of the machine, one rank each (scripts/dist_run.sh: mpirun, or a store
# file without MPI): test_dist, the example, and bench_dist against one device
if part dist && [[ -x $BUILD/test/test_dist ]]; then
  gpus=$(nvidia-smi -L 2>/dev/null | wc -l)
  echo; echo "== cupp::dist on $gpus GPU(s)"
  for ((n = 1; n <= gpus; n *= 2)); do
    "$ROOT/scripts/dist_run.sh" "$n" "$BUILD/test/test_dist" > "$RESULTS/test_dist_np$n.log" 2>&1
    echo "test_dist on $n rank(s): $(grep -a -E "passed|failed" "$RESULTS/test_dist_np$n.log" | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
    "$ROOT/scripts/dist_run.sh" "$n" "$BUILD/examples/dist_poisson" 8192 2>&1 | grep -a poisson
    "$ROOT/scripts/dist_run.sh" "$n" "$BUILD/perf/bench_dist" --json "$RESULTS/cupp_dist_np$n.json" \
      2>&1 | tail -n 6
  done | tee "$OUT_DIR/dist.txt"
fi

part perf || exit 0
echo; echo "== perf"
: > "$OUT_DIR/bench.txt"
# CUPP_PERF_AREAS picks benchmark files (a shorter run when device time is short)
AREAS=${CUPP_PERF_AREAS:-core memory indexing reduction kernel complex random streams linalg fft io special ndimage signal libtorch}
JSONS=()
for area in $AREAS; do
  [[ -x $BUILD/perf/bench_$area ]] || continue # bench_libtorch only where PyTorch is
  "$BUILD/perf/bench_$area" --json "$RESULTS/cupp_$area.json" >> "$OUT_DIR/bench.txt" 2>&1
  JSONS+=("$RESULTS/cupp_$area.json")
done
# CUPP_CUPY_ONLY: words of the CuPy cases to run (cupy_bench.py --only), e.g. "ndimage signal"
read -r -a ONLY <<< "${CUPP_CUPY_ONLY:-}"
PYTHONUNBUFFERED=1 python3 "$ROOT/perf/cupy_bench.py" --json "$RESULTS/cupy.json" \
  ${ONLY[@]+--only "${ONLY[@]}"} > "$OUT_DIR/cupy.txt" 2>&1 ||
  tail -n 5 "$OUT_DIR/cupy.txt"
grep -h fragmentation "$OUT_DIR/bench.txt"
python3 "$ROOT/perf/compare.py" "${JSONS[@]}" "$RESULTS/cupy.json" |
  tee "$OUT_DIR/compare.txt"
# the results themselves, for perf/plot.py on the machine the logs go back to
tar czf "$OUT_DIR/perf-json.tgz" -C "$RESULTS" $(cd "$RESULTS" && ls ./*.json)
