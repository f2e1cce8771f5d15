#!/usr/bin/env bash
# The host backend's suites under AddressSanitizer and UndefinedBehaviorSanitizer (issue 20; the
# GPU's compute-sanitizer runs are scripts/sanitize.sh). Builds the library and the chosen suites
# into build-asan with -O1 and both sanitizers, then runs each suite; a report fails the run.
#
# Usage: scripts/sanitize_host.sh [BUILD_SECONDS]
#   BUILD_SECONDS (default: no limit) bounds the build: an instrumented library is a third full
#   host build (about 35 minutes of a 2-core machine without a warm ccache). When the limit ends
#   the build first, the script says how far it got and exits 0: ccache keeps what was compiled,
#   so the next run goes on from there (CI passes a limit).
# It builds in build-asan (CUPP_ASAN_BUILD_DIR overrides it). CUPP_SANITIZE_SUITES overrides the
# suites: the core (arrays, views, streams, the soak), memory (pools, out-of-memory recovery), io
# (the .npy reader and writer), interop (DLPack, the runtime-dtype array's loops).
set -uo pipefail
CUPP_BACKEND=host
# its own directory whatever BUILD_DIR says (that one may hold an uninstrumented build)
BUILD_DIR=${CUPP_ASAN_BUILD_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-asan}
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
set +e
LIMIT=${1:-0}
read -r -a SUITES <<< "${CUPP_SANITIZE_SUITES:-test_core test_memory test_io test_interop}"
# every UBSan check ends the run at its first report but null's, which continues so that Thrust's
# null references (.ci/ubsan.supp) do not end it: its reports are judged from the log below
flags="-O1 -g1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all \
-fsanitize-recover=null"
configure -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="$flags" -DCUPP_BUILD_TESTS=ON \
  -DCUPP_BUILD_EXAMPLES=OFF -DCUPP_BUILD_PERF=OFF || { echo "configuring build-asan failed"; exit 1; }
build=(cmake --build "$BUILD" -j "$JOBS" --target "${SUITES[@]}")
if [[ $LIMIT -gt 0 ]]; then
  timeout "$LIMIT" "${build[@]}" > "$BUILD/build.log" 2>&1
else
  "${build[@]}" > "$BUILD/build.log" 2>&1
fi
rc=$?
if [[ $rc -eq 124 ]]; then
  echo "   WARNING: the instrumented build did not finish in ${LIMIT} s ($(grep -c '^\[' \
"$BUILD/build.log") steps done): ccache keeps them for the next run; the suites did NOT run under \
the sanitizers" >&2
  exit 0
elif [[ $rc -ne 0 ]]; then
  grep -B2 -A12 -m5 'error' "$BUILD/build.log" | head -n 60
  echo "the instrumented build failed"
  exit 1
fi

# ASan's reports and every UBSan check but null end a suite with a failure; a null report is a
# failure unless it is inside Thrust's headers (.ci/ubsan.supp says why; the suppressions there do
# not take every time with GCC's runtime, so the log is read too).
export ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=1 # test_memory asks for absurd sizes
export UBSAN_OPTIONS=print_stacktrace=1:suppressions=$ROOT/.ci/ubsan.supp
status=0
for suite in "${SUITES[@]}"; do
  t0=$(date +%s)
  "$BUILD/test/$suite" > "$BUILD/$suite.log" 2>&1
  code=$?
  echo "   $suite: $(tail -n 2 "$BUILD/$suite.log" | head -n 1) ($(( $(date +%s) - t0 )) s)"
  if grep 'runtime error' "$BUILD/$suite.log" | grep -qv '/thrust/'; then
    code=1
  fi
  if [[ $code -ne 0 ]]; then
    grep -m3 -A30 -E 'ERROR: (Address|Leak)Sanitizer|runtime error|FAILED' "$BUILD/$suite.log" |
      head -n 80
    status=1
  fi
done
exit $status
