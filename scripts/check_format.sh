#!/usr/bin/env bash
# The format check (CI runs it): every C++ file of the repository is as clang-format leaves it
# (.clang-format; Debian's clang-format 14, which CI installs). The generated ufunc fixtures
# (test/math/ufunc_*.cpp, test/fixtures/*.inc) are data, and the CMake templates src/**/*.cpp.in hold
# @VARIABLES@: neither is formatted.
# Usage: scripts/check_format.sh [--fix]   (--fix formats the files instead)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup.sh
command -v clang-format >/dev/null 2>&1 || install_packages clang-format
mapfile -t files < <(git ls-files '*.hpp' '*.cpp' '*.cuh' | grep -v '^test/math/ufunc_')
if [[ ${1:-} == --fix ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if ((${#bad[@]})); then
  echo "not formatted (scripts/check_format.sh --fix formats them): ${bad[*]}" >&2
  exit 1
fi
echo "format: ${#files[@]} files as clang-format $(clang-format --version | grep -o '[0-9][0-9.]*' | head -1) leaves them"
