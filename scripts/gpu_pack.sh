#!/usr/bin/env bash
# For the device machine, whose outputs vanish when it goes cold: builds the named CUDA targets
# (against a carried install-cuda.tar.xz when there is one, as gpu_check.sh) in groups, and after
# each group packs its executables, stripped, as OUT_DIR/<first target>.tar.xz. What finished
# before a call's time limit comes back even when a later group did not; the next call carries
# the packs (unpack them at the repository root) and runs CUPP_GPU_PHASE=run scripts/gpu_check.sh.
# Run it from /work/main (a link to the checkout): the tests find their fixtures by the absolute
# path they were configured with. It runs on the 2-core machine too, against the pack there
# (BUILD_DIR=... picks the build directory): a call then carries packs of at most about 30 MB
# beside the 34 MB checkout, and runs them before include/ or src/ change. xz -9e: CUDA
# executables shrink to about half of -3's size (bench_core..bench_special and three test suites:
# 31.7 -> 18.6 MB), for about 40 s of two cores.
# Usage: scripts/gpu_pack.sh OUT_DIR "bench_special bench_ndimage" "test_special" ...
CUPP_BACKEND=cuda
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
OUT_DIR=$1
shift
for group in "$@"; do
  read -r -a targets <<< "$group"
  t0=$(date +%s)
  log=$OUT_DIR/build-${targets[0]}.txt
  if ! CUPP_GPU_PHASE=build CUPP_GPU_TARGETS="$group" CUPP_BUILD_LOG="$log" \
    "$ROOT/scripts/gpu_check.sh" "$OUT_DIR" > /dev/null 2>&1; then
    grep -v '^\[' "$log" | grep -B2 -A12 -m5 'error' | head -n 60
    continue
  fi
  files=()
  for t in "${targets[@]}"; do
    for dir in test perf examples; do
      [[ -x $BUILD/$dir/$t ]] && strip "$BUILD/$dir/$t" && files+=("${BUILD#"$ROOT"/}/$dir/$t")
    done
    # the DLPack client module (test/interop/python), a shared library
    for so in "$BUILD"/test/interop/python/"$t".*so; do
      [[ -f $so ]] && strip "$so" && files+=("${so#"$ROOT"/}")
    done
  done
  # stored under build-cuda/, where the device's run phase (gpu_check.sh) looks, whichever
  # directory built them
  pack=$OUT_DIR/${targets[0]}.tar.xz
  tar -C "$ROOT" -cf - --transform "s#^${BUILD#"$ROOT"/}/#build-cuda/#" "${files[@]}" |
    xz -T0 -9e > "$pack"
  echo "$group: built and packed in $(( $(date +%s) - t0 )) s ($(du -h "$pack" | cut -f1))"
  # a call carries 64 MiB with the checkout's tracked files
  room=$(( 64 * 1048576 - $(git -C "$ROOT" ls-files -z | (cd "$ROOT" && xargs -0 stat -c %s) |
    awk '{s += $1} END {print s}') ))
  (( $(stat -c %s "$pack") < room )) ||
    echo "$pack: more than the $(( room / 1048576 )) MiB a call carries beside the checkout"
done
