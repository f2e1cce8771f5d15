# Sourced by common.sh (so by scripts/test.sh, demo.sh and gpu_check.sh): installs, once, what the
# chosen backend and step need and this machine lacks. It looks for each tool or library itself
# (not only for Debian's package), so a machine that has them another way (the GPU machine's Catch2
# v3 in /usr/local, a conda CMake) installs nothing. Installing needs apt-get and root (or sudo);
# without them it names what is missing and goes on, and CMake then says what it could not find.
# CUPP_NO_INSTALL=1 skips it.

# setup_needs <step>: step is demo or test
setup_needs() {
  local step=$1 need=()
  command -v cmake >/dev/null 2>&1 || need+=(cmake)
  command -v ninja >/dev/null 2>&1 || need+=(ninja-build)
  command -v g++ >/dev/null 2>&1 || need+=(g++)
  if [[ $CUPP_BACKEND == host ]]; then
    # OpenBLAS: the host backend's BLAS (matmul, dot); libgomp comes with g++
    have_lib libopenblas || need+=(libopenblas-dev)
    # LAPACKE: the host backend's dense solvers (linalg/)
    { have_lib liblapacke && [[ -f /usr/include/lapacke.h ]]; } || need+=(liblapacke-dev)
    # FFTW3: the host backend's FFT (fft/)
    { have_lib libfftw3 && have_lib libfftw3f && [[ -f /usr/include/fftw3.h ]]; } ||
      need+=(libfftw3-dev)
  fi
  # zlib: the deflated members of .npz files (io/), on both backends
  { have_lib libz && [[ -f /usr/include/zlib.h ]]; } || need+=(zlib1g-dev)
  if [[ $step == test ]]; then
    have_cmake_package Catch2 || need+=(catch2)
    # MPI: cupp::dist's engine on the host backend, and mpiexec, which runs its tests on 1, 2
    # and 4 ranks (on CUDA, NCCL comes with the toolkit and MPI is optional)
    if [[ $CUPP_BACKEND == host ]]; then
      { command -v mpiexec >/dev/null 2>&1 && have_lib libmpi; } ||
        need+=(libopenmpi-dev openmpi-bin)
    fi
  fi
  if ((${#need[@]})); then
    # ccache too, while installing anyway: rebuilds then take seconds
    command -v ccache >/dev/null 2>&1 || need+=(ccache)
    install_packages "${need[@]}"
  fi
}

have_lib() {
  ldconfig -p 2>/dev/null | grep -q "$1\.so " ||
    compgen -G "/usr/lib/*/$1.so" >/dev/null || compgen -G "/usr/local/lib/$1.so" >/dev/null
}

have_cmake_package() {
  local d
  for d in /usr/lib/cmake /usr/lib/*/cmake /usr/share/cmake /usr/local/lib/cmake \
    /usr/local/lib/*/cmake /usr/local/share/cmake ${CMAKE_PREFIX_PATH:+${CMAKE_PREFIX_PATH//:/ }}; do
    compgen -G "$d/$1*/$1Config.cmake" >/dev/null && return 0
    compgen -G "$d/$1*/$1-config.cmake" >/dev/null && return 0
  done
  return 1
}

install_packages() {
  local sudo=()
  if [[ ${CUPP_NO_INSTALL:-0} == 1 ]] || ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: missing $*; install them (CUPP_NO_INSTALL or no apt-get here)" >&2
    return 0
  fi
  if ((EUID != 0)); then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo -n)
    else
      echo "setup: missing $*; install them as root (apt-get install $*)" >&2
      return 0
    fi
  fi
  echo "setup: installing $* (apt-get, once)"
  if ! { timeout 120 "${sudo[@]}" apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
      "$@" 2>&1 >/dev/null | { grep -v '^debconf: delaying' || true; }; }; then
    echo "setup: apt-get could not install $*" >&2
  fi
}
