#!/usr/bin/env bash
# compute-sanitizer over the CUDA test suites: memcheck and initcheck over a sample of every suite
# that was built, racecheck and synccheck over the suites with shared-memory kernels (the tools
# slow kernels 10-100x: the whole suite under all four tools does not fit one session's device
# time). Prints each run's "ERROR SUMMARY" line and seconds, and the first reports of any that
# found something; exit status 1 if one did.
# Usage: scripts/sanitize.sh [BUILD_DIR] [SECONDS_PER_RUN]   (defaults: build-cuda, 120)
# CUPP_SANITIZE_TOOLS and CUPP_SANITIZE_RUNS override the tools and the "suite:filter" runs.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${1:-$ROOT/build-cuda}
LIMIT=${2:-120}
read -r -a TOOLS <<< "${CUPP_SANITIZE_TOOLS:-memcheck racecheck initcheck synccheck}"
# "suite:filter" runs; a filter [#file] picks one test file's cases (Catch's -#). EVERY_SUITE is a
# sample of each suite, chosen to reach its own kernels with small arrays: memcheck and initcheck
# go over it. racecheck and synccheck look only at shared memory and barriers, so they go over the
# suites whose kernels have them (CUB's block sorts, scans and reductions, the ndimage tiles, the
# signal scans). Random's sample leaves out its two statistical cases (a million-element
# permutation, 60,000 lanes of permuted: over 200 s under initcheck or racecheck on the H100);
# its other cases reach the same kernels. CUPP_SANITIZE_RUNS replaces both lists.
RANDOM_SAMPLE='test_random:[#test_sample]~"*likely*"~"*reproducibly*"'
EVERY_SUITE="test_core:[streams] test_core:[#test_complex] test_memory:[pool] test_creation: \
test_math:[#test_functions] test_math:[#test_complex_ufuncs] test_math:[#test_overlap] \
test_reduction:[engine] test_reduction:[scan] test_reduction:[#test_complex] test_algorithm: \
test_sorting:[sort] test_manipulation:[take] test_manipulation:[mask] test_kernel:[#test_raw_kernel] \
test_kernel:[#test_rtc_elementwise] test_random:[#test_distributions_api] \
$RANDOM_SAMPLE test_linalg:[#test_solve] \
test_linalg:[#test_decompositions] test_linalg:[#test_eig] \
test_fft:[#test_fft_plan] test_fft:[#test_fft_nd] test_cupx: test_special:[#test_gamma] \
test_special:[#test_logsumexp] test_ndimage:[#test_rank_filters] test_ndimage:[#test_measurements] \
test_ndimage:[#test_interpolation] test_ndimage:[#test_distance] test_signal:[#test_filtering] \
test_signal:[#test_spectral] test_io:[npy] test_interop:[dlpack] test_interop:[#test_array_ops]"
SHARED_MEMORY="test_sorting:[sort] test_reduction:[engine] test_reduction:[scan] test_algorithm: \
test_manipulation:[mask] test_ndimage:[#test_tiles] test_ndimage:[#test_rank_filters] \
test_ndimage:[#test_measurements] test_signal:[#test_filtering] \
$RANDOM_SAMPLE test_fft:[#test_fft_nd]"
runs_of() {
  if [[ -n ${CUPP_SANITIZE_RUNS:-} ]]; then echo "$CUPP_SANITIZE_RUNS"
  elif [[ $1 == memcheck || $1 == initcheck ]]; then echo "$EVERY_SUITE"
  else echo "$SHARED_MEMORY"; fi
}
SAN=${CUPP_SANITIZER:-compute-sanitizer}
status=0
for tool in "${TOOLS[@]}"; do
  read -r -a RUNS <<< "$(runs_of "$tool")"
  for run in "${RUNS[@]}"; do
    suite=${run%%:*} filter=${run#*:}
    [[ -x $BUILD/test/$suite ]] || continue
    log=$(mktemp) t0=$SECONDS
    extra=()
    [[ $tool == memcheck ]] && extra=(--leak-check no)
    timeout "$LIMIT" "$SAN" --tool "$tool" "${extra[@]}" --error-exitcode 9 \
      "$BUILD/test/$suite" -# ${filter:+"$filter"} > "$log" 2>&1
    rc=$?
    # raw kernels learn their parameter count by asking the driver for one past the last
    # (src/cuda/rtc.cpp): the failing query and the cudaGetLastError that clears it are listed as
    # API errors. A run whose every error is one of those is clean.
    probes=$(grep -cE "Program hit cudaErrorInvalidValue .* to (cudaFuncGetParamInfo|cudaGetLastError)" "$log")
    errors=$(grep -m1 -oE "ERROR SUMMARY: [0-9]+" "$log" | grep -oE "[0-9]+$")
    if [[ $rc == 9 && $probes -gt 0 && $probes == "$errors" ]] && grep -q "All tests passed" "$log"; then
      rc=0
      sed -i "s/ERROR SUMMARY: $errors errors/ERROR SUMMARY: $errors errors, all parameter-count queries/" "$log"
    fi
    summary=$(grep -m1 "ERROR SUMMARY\|RACECHECK SUMMARY" "$log" || echo "(no summary)")
    case $rc in
    124) echo "$tool $suite $filter: stopped after ${LIMIT} s, $summary" ;;
    0) echo "$tool $suite $filter: $summary; $(grep -m1 "test cases\|No tests ran" "$log") ($((SECONDS - t0)) s)" ;;
    *) echo "$tool $suite $filter: exit $rc, $summary"; grep -m3 -A8 "^========= [A-Z]" "$log"
       status=1 ;;
    esac
    rm -f "$log"
  done
done
exit $status
