#!/usr/bin/env bash
# Builds this commit's CUDA library here (no GPU needed) and packs its installation as
# install-cuda.tar.xz, for the device machine: carry that file, and scripts/gpu_check.sh unpacks
# it and links the tests and benchmarks against it (CUPP_PREBUILT) instead of compiling the
# library there, which takes most of a session's device time (over 400 s of 16 cores,
# 2026-12-04). The headers must be this commit's: rebuild after any change under include/ or src/.
# Usage (from the repository root): CUPP_BACKEND=cuda scripts/prebuilt.sh
export CUPP_BACKEND=cuda
# SASS for sm_90 alone: the PTX that CMake's "90" adds triples the pack (43 MB of xz, over the
# device call's 64 MiB together with the 33 MB of the checkout); the device is an sm_90 GPU.
export CUDA_ARCH=${CUDA_ARCH:-90-real}
BUILD_DIR=${BUILD_DIR:-$(dirname "${BASH_SOURCE[0]}")/../build-prebuilt} # not build-cuda's options
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# cupp_dist without MPI, which the device machine lacks: its ranks start from the store file
# (CUPP_DIST_STORE), and one rank needs nothing
configure -DCUPP_BUILD_TESTS=OFF -DCUPP_BUILD_EXAMPLES=OFF -DCUPP_BUILD_PERF=OFF \
  -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON
cmake --build "$BUILD" -j "$JOBS" # cupp and, where NCCL is, cupp_dist: the install exports both
rm -rf "$ROOT/install-cuda"
cmake --install "$BUILD" --prefix "$ROOT/install-cuda" >/dev/null
tar -C "$ROOT" -cJf "$ROOT/install-cuda.tar.xz" install-cuda
ls -l "$ROOT/install-cuda.tar.xz"
