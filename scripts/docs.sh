#!/usr/bin/env bash
# The documentation: compiles every C++ block of README.md and docs/*.md (scripts/check_docs.py),
# then generates the API reference from the /// comments of include/cupp with doxygen into
# build-docs/html (open build-docs/html/index.html).
# Usage (from anywhere): scripts/docs.sh [--no-check]   (--no-check: the reference only)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

if [[ ${1:-} != --no-check ]]; then
  echo "== code blocks of README.md and docs/*.md"
  python3 scripts/check_docs.py
fi

echo "== API reference (doxygen)"
if ! command -v doxygen >/dev/null 2>&1; then
  echo "doxygen is not installed: apt-get install doxygen (Debian/Ubuntu), brew install doxygen" \
       "(macOS), or see https://www.doxygen.nl/download.html" >&2
  exit 1
fi
mkdir -p build-docs
doxygen Doxyfile
# warnings go to build-docs/warnings.txt (Doxyfile's WARN_LOGFILE): shown, not fatal
if [[ -s build-docs/warnings.txt ]]; then
  cat build-docs/warnings.txt >&2
  echo "doxygen: $(wc -l < build-docs/warnings.txt) warning line(s), see above" >&2
fi
echo "API reference: $ROOT/build-docs/html/index.html"
