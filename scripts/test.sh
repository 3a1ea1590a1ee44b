#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs the whole test suite (unit tests and the
# integration tests against a real httpd). Ends with ctest's summary line.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
build=${RAMPART_BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$(nproc)"
cd "$build"
ctest --output-on-failure -j"$(nproc)" --timeout 600
