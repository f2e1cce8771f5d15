#!/usr/bin/env bash
# The build-time figures of issue 12 (docs/building.md), on this machine's backend (CUPP_BACKEND
# overrides it): the full build from scratch without ccache (library, tests, examples, perf) and
# the compilation of perf/compile/ten_calls.cpp, a user's translation unit that includes
# cupp/cupp.hpp and calls ten functions. Usage: scripts/build_times.sh [full|tu]  (default: both)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# The full build runs in its own directory (build-<backend>-times); the translation unit is timed
# in the usual build directory (build-<backend>, or BUILD_DIR), whose library it builds if needed.
WHAT=${1:-both}
export CCACHE_DISABLE=1
if [[ $WHAT != tu ]]; then
  BUILD_MAIN=$BUILD
  BUILD="$BUILD-times"
  configure -DCUPP_BUILD_TESTS=ON -DCUPP_BUILD_EXAMPLES=ON -DCUPP_BUILD_PERF=ON
  cmake --build "$BUILD" --target clean >/dev/null
  t0=$(date +%s)
  cmake --build "$BUILD" -j "$JOBS" > "$BUILD/build.txt" 2>&1 || { tail -n 40 "$BUILD/build.txt"; exit 1; }
  echo "full build ($CUPP_BACKEND, $JOBS jobs): $(( $(date +%s) - t0 )) s wall"
  # the ten longest steps (ninja's log: start and end in ms)
  awk 'NR > 1 { printf "%7.1f s  %s\n", ($2 - $1) / 1000, $4 }' "$BUILD/.ninja_log" | sort -rn | head -n 10
  BUILD=$BUILD_MAIN
fi
if [[ $WHAT != full ]]; then
  configure -DCUPP_BUILD_TESTS=ON -DCUPP_BUILD_EXAMPLES=ON -DCUPP_BUILD_PERF=ON
  cmake --build "$BUILD" --target cupp > /dev/null
  obj=$(ninja -C "$BUILD" -t targets all | grep -o '^perf/CMakeFiles/ten_calls.dir/[^:]*\.o')
  cmd=$(ninja -C "$BUILD" -t commands "$obj" | tail -n 1 | sed 's#^[^ ]*ccache ##')
  rm -f "$BUILD/$obj"
  s=$( { cd "$BUILD" && TIMEFORMAT='%U %R'; time bash -c "$cmd" >/dev/null; } 2>&1 | tail -n 1)
  echo "ten_calls.cpp ($CUPP_BACKEND): ${s% *} s CPU, ${s#* } s wall"
fi
