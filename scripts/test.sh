#!/usr/bin/env bash
# Builds cupp and runs the whole test suite: on the CUDA backend where a GPU is present, on the host
# backend otherwise. Usage: scripts/test.sh   (CUPP_BACKEND=host|cuda to choose)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
setup_needs test
echo "== cupp tests, backend: $CUPP_BACKEND"
configure -DCUPP_BUILD_TESTS=ON -DCUPP_BUILD_EXAMPLES=ON -DCUPP_BUILD_PERF=OFF
cmake --build "$BUILD" -j "$JOBS"
cd "$BUILD"
ctest --output-on-failure -j "$JOBS"
