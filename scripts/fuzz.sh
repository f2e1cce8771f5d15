#!/usr/bin/env bash
# Runs the libFuzzer target over the .npy/.npz reader (test/fuzz/fuzz_npy.cpp) for a bounded time:
# builds it with clang (-fsanitize=fuzzer,address: the reader's sources instrumented, the rest of
# the host build's library as it is) and fuzzes from the committed NumPy files, test/fixtures/npy.
# Usage: scripts/fuzz.sh [SECONDS] (default 60; CI runs it). Needs the host build (scripts/test.sh)
# and clang++ with libFuzzer; without clang++ it says so and stops (exit 0).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD_DIR:-$ROOT/build-host}
SECONDS_LIMIT=${1:-60}
if ! command -v clang++ >/dev/null 2>&1; then
  echo "fuzz: clang++ not found, not run (apt-get install clang)"
  exit 0
fi
probe=$(mktemp -d)
printf '#include <cstddef>\n#include <cstdint>\nextern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }\n' \
  > "$probe/p.cpp"
if ! clang++ -fsanitize=fuzzer "$probe/p.cpp" -o "$probe/p" >/dev/null 2>&1; then
  rm -rf "$probe"
  echo "fuzz: clang++ cannot link -fsanitize=fuzzer (no libFuzzer runtime), not run"
  exit 0
fi
rm -rf "$probe"
[[ -f $BUILD/libcupp.a ]] || { echo "fuzz: $BUILD/libcupp.a missing: run scripts/test.sh" >&2; exit 1; }
clang++ -std=c++20 -O1 -g -fsanitize=fuzzer,address -DCUPP_BACKEND_HOST=1 \
  -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_OMP -I"$ROOT/include" \
  -isystem /usr/local/cuda/include/cccl -fopenmp \
  "$ROOT/test/fuzz/fuzz_npy.cpp" "$ROOT/src/io/npy.cpp" "$ROOT/src/io/npz.cpp" \
  "$BUILD/libcupp.a" -lopenblas -llapacke -lfftw3 -lfftw3f -lz -o "$BUILD/fuzz_npy"
# libFuzzer writes the inputs it finds into its first corpus directory: a scratch copy
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
cp "$ROOT"/test/fixtures/npy/* "$corpus"/
"$BUILD/fuzz_npy" -max_total_time="$SECONDS_LIMIT" -print_final_stats=1 -rss_limit_mb=2048 \
  "$corpus" 2>&1 | tail -n 12
