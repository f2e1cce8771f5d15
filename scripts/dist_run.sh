#!/usr/bin/env bash
# Runs a cupp::dist program on N ranks of this machine: through mpirun where it is installed
# (cupp::dist then bootstraps over MPI when it was built with it), else as N processes started
# here with CUPP_DIST_RANK/CUPP_DIST_SIZE and a store file of their own (NCCL's id; cupp::dist
# built without MPI). One GPU a rank on CUDA. Exit status: the first failing rank's, else 0.
# Usage: scripts/dist_run.sh N program [args...]
set -uo pipefail
n=$1
shift
if command -v mpirun >/dev/null 2>&1; then
  # Open MPI: more ranks than cores (CI), and as root (containers)
  extra=()
  mpirun --version 2>&1 | grep -q "Open MPI" && extra=(--oversubscribe)
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 exec mpirun -np "$n" \
    ${extra[@]+"${extra[@]}"} "$@"
fi
store=$(mktemp -u "${TMPDIR:-/tmp}/cupp_dist_store.XXXXXX")
pids=()
for ((r = 0; r < n; ++r)); do
  CUPP_DIST_RANK=$r CUPP_DIST_SIZE=$n CUPP_DIST_STORE=$store "$@" &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do
  wait "$p" || { rc=$?; ((status == 0)) && status=$rc; }
done
rm -f "$store" "$store.partial"
exit "$status"
