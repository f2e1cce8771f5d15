# Shared by scripts/test.sh, demo.sh and gpu_check.sh: picks the backend, installs what is missing
# (setup.sh) and configures a build.
# The backend rule, the same as CMake's (CMakeLists.txt): cuda when nvcc is found and nvidia-smi
# lists a GPU, host otherwise. CUPP_BACKEND=cuda|host overrides it.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JOBS=${JOBS:-$(nproc)}
export PATH=$PATH:/usr/local/cuda/bin # where the toolkit installs nvcc when PATH lacks it

if [[ -z "${CUPP_BACKEND:-}" ]]; then
  if command -v nvcc >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
    CUPP_BACKEND=cuda
  else
    CUPP_BACKEND=host
  fi
fi
BUILD=${BUILD_DIR:-$ROOT/build-$CUPP_BACKEND}
source "$ROOT/scripts/setup.sh"

configure() {
  local generator=()
  command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
  cmake -S "$ROOT" -B "$BUILD" "${generator[@]}" -DCUPP_BACKEND="$CUPP_BACKEND" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCH:-90}" "$@" >/dev/null
}
