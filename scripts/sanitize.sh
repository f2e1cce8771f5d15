#!/usr/bin/env bash
# compute-sanitizer over the CUDA test suites: memcheck, racecheck, initcheck and synccheck, each
# over a sample of every suite that was built (the tools slow kernels 10-100x: the whole suite under
# all four tools does not fit one session's device time). Prints each run's "ERROR SUMMARY" line
# and the first reports of any that found something; exit status 1 if one did.
# Usage: scripts/sanitize.sh [BUILD_DIR] [SECONDS_PER_RUN]   (defaults: build-cuda, 120)
# CUPP_SANITIZE_TOOLS and CUPP_SANITIZE_RUNS override the tools and the "suite:filter" runs.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${1:-$ROOT/build-cuda}
LIMIT=${2:-120}
read -r -a TOOLS <<< "${CUPP_SANITIZE_TOOLS:-memcheck racecheck initcheck synccheck}"
# A sample per suite: each suite's cases of one area, chosen to reach its own kernels (sorts and
# set operations, gathers and scatters, reductions and scans, the runtime-dtype array's loops,
# streams and events) with small arrays.
read -r -a RUNS <<< "${CUPP_SANITIZE_RUNS:-test_sorting:[sort] test_manipulation:[take] \
test_manipulation:[mask] test_reduction:[engine] test_reduction:[scan] test_core:[streams] \
test_interop:[dlpack] test_algorithm: test_memory:[pool]}"
SAN=${CUPP_SANITIZER:-compute-sanitizer}
status=0
for tool in "${TOOLS[@]}"; do
  for run in "${RUNS[@]}"; do
    suite=${run%%:*} filter=${run#*:}
    [[ -x $BUILD/test/$suite ]] || continue
    log=$(mktemp)
    extra=()
    [[ $tool == memcheck ]] && extra=(--leak-check no)
    timeout "$LIMIT" "$SAN" --tool "$tool" "${extra[@]}" --error-exitcode 9 \
      "$BUILD/test/$suite" ${filter:+"$filter"} > "$log" 2>&1
    rc=$?
    summary=$(grep -m1 "ERROR SUMMARY\|RACECHECK SUMMARY" "$log" || echo "(no summary)")
    case $rc in
    124) echo "$tool $suite $filter: stopped after ${LIMIT} s, $summary" ;;
    0) echo "$tool $suite $filter: $summary; $(grep -m1 "test cases\|No tests ran" "$log")" ;;
    *) echo "$tool $suite $filter: exit $rc, $summary"; grep -m3 -A8 "^========= [A-Z]" "$log"
       status=1 ;;
    esac
    rm -f "$log"
  done
done
exit $status
