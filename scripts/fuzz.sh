#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz (the `asan` preset: clang, ASan + UBSan) and runs
# each for SECONDS (default 60), starting from the seed corpus in tests/fuzz/corpus/<target>/.
# New inputs collect in build-asan/corpus/<target>/, crashes in build-asan/crashes/<target>/ (add
# each one to the seed corpus, with the fix, so it stays a regression test). Exits 1 when a
# harness failed. scripts/test.sh runs each for a few seconds through ctest (fuzz.<target>).
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]   targets: config request transforms logs cookies macros prefilter bodies pm
# FUZZ_TIMEOUT (default 10 s) is libFuzzer's per-input wall-clock limit: raise it when the run is
# niced beside other work, where a starved process can look like a hang.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(config request transforms logs cookies macros prefilter bodies pm)
build=build-asan

cmake --preset asan >/dev/null
cmake --build "$build" -j"$(nproc)" --target "${targets[@]/#/fuzz_}" >/dev/null

status=0
for t in "${targets[@]}"; do
  mkdir -p "$build/corpus/$t" "$build/crashes/$t"
  log="$build/fuzz_$t.log"
  if "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 \
      -artifact_prefix="$build/crashes/$t/" "$build/corpus/$t" "tests/fuzz/corpus/$t" >"$log" 2>&1; then
    # libFuzzer's closing line, "Done N runs in S second(s)": the status lines before it can be
    # followed by a dictionary whose entries also start with '#'.
    echo "fuzz_$t: ok, $(sed -nE 's/^Done ([0-9]+) runs.*/\1/p' "$log" | tail -1) runs in $seconds s"
  else
    echo "fuzz_$t: FAILED (log: $log)"
    tail -40 "$log"
    status=1
  fi
done
exit $status
