#!/usr/bin/env bash
# Installs what is missing, builds everything, and runs the whole test suite (unit tests and the
# integration tests against a real httpd), first under the sanitizers. Ends with ctest's summary
# line.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

# First the sanitizer build (ASan + UBSan, clang; CMakePresets.json): the unit tests, the
# integration tests (all but test_memory_release) and CRS's regression suite with httpd loading
# the instrumented module, and each fuzz harness for a few seconds.
cmake --preset asan >/dev/null
cmake --build --preset asan -j"$(nproc)"
ctest --preset asan -j"$(nproc)"

# Then the regular build and the whole suite.
build=${RAMPART_BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$(nproc)"
cd "$build"
ctest --output-on-failure -j"$(nproc)" --timeout 600
