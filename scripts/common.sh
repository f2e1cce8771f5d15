# Shared by scripts/test.sh, demo.sh and gpu_check.sh: picks the backend and configures a build.
# CUPP_BACKEND=cuda|host overrides the choice; by default cuda when a GPU answers, host otherwise.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JOBS=${JOBS:-$(nproc)}

if [[ -z "${CUPP_BACKEND:-}" ]]; then
  if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
    CUPP_BACKEND=cuda
  else
    CUPP_BACKEND=host
  fi
fi
BUILD=${BUILD_DIR:-$ROOT/build-$CUPP_BACKEND}

configure() {
  local generator=()
  command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
  cmake -S "$ROOT" -B "$BUILD" "${generator[@]}" -DCUPP_BACKEND="$CUPP_BACKEND" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCH:-90}" "$@" >/dev/null
}
