#!/usr/bin/env bash
# The demo: the C++ ports of the seed programs (GPU self-check, sqrt(x**2+y**2) on 20M floats,
# 5000x5000 matmul), each timed on the CPU and with cupp. Without a GPU it says so and runs the
# host backend (with a smaller matmul, which a 2-core CPU takes minutes for at full size).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
setup_needs demo
if [[ "$CUPP_BACKEND" == host ]]; then
  echo "No GPU found: running cupp's host backend (OpenMP + OpenBLAS) instead of CUDA."
  MATMUL_N=${MATMUL_N:-1500}
else
  MATMUL_N=${MATMUL_N:-5000}
fi
configure -DCUPP_BUILD_EXAMPLES=ON -DCUPP_BUILD_TESTS=OFF -DCUPP_BUILD_PERF=OFF
cmake --build "$BUILD" -j "$JOBS" --target self_check first_program matmul_benchmark
echo; echo "== self-check"; "$BUILD/examples/self_check"
echo; echo "== first program"; "$BUILD/examples/first_program"
echo; echo "== matmul benchmark"; "$BUILD/examples/matmul_benchmark" "$MATMUL_N"
