#!/usr/bin/env python3
"""Runs engine benchmark builds side by side, alternately, and keeps each one's fastest CPU time
per benchmark: on a shared, noisy machine the minimum of several short runs is steadier than one
long run.

    bench/compare_engine.py FILTER NAME=BINARY [NAME=BINARY ...]    (REPS=8 by default)

Example: bench/compare_engine.py 'crs/pl1/' old=../old/build/rampart_bench_engine \\
             new=build/rampart_bench_engine
"""

import collections
import os
import re
import subprocess
import sys


def main():
    filt, variants = sys.argv[1], [v.split("=", 1) for v in sys.argv[2:]]
    best = collections.defaultdict(lambda: float("inf"))
    for _ in range(int(os.environ.get("REPS", "8"))):
        for name, binary in variants:
            out = subprocess.run([binary, "--benchmark_filter=" + filt, "--benchmark_min_time=0.3"],
                                 capture_output=True, text=True).stdout
            for line in out.splitlines():
                m = re.match(r"(\S+)\s+\S+ us\s+(\S+) us", line)
                if m:
                    best[(m.group(1), name)] = min(best[(m.group(1), name)], float(m.group(2)))
    print("benchmark", *[n for n, _ in variants])
    for bench in sorted({b for b, _ in best}):
        print(bench, *["%.0f" % best[(bench, n)] for n, _ in variants])


if __name__ == "__main__":
    main()
