#!/usr/bin/env python3
"""Runs the engine scaling benchmark (bench/scaling_bench.cc), prints its table with the growth
exponent between neighbouring points, and draws a log-log plot (bench/results/scaling-plN.png).

    /usr/bin/python3 bench/scaling_plot.py [--binary build-bench/rampart_bench_scaling] [--pl 1]
                                  [--budget 2] [--from results.tsv] [--png PATH]

(/usr/bin/python3: the plot needs Debian's python3-matplotlib, which scripts/setup.sh installs.)

Exponent: log(t2/t1) / log(n2/n1) between two points; 1 is linear growth, 2 quadratic. Small
inputs are dominated by the fixed cost of a transaction, so early exponents are well below 1.
"""

import argparse
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")
UNITS = {"body-form": "KB", "body-json": "KB", "args": "argument", "headers": "header"}


def read_rows(text):
    rows = []
    for line in text.splitlines()[1:]:
        series, n, size, us, per = line.split("\t")
        rows.append((series, int(n), int(size), float(us), float(per)))
    return rows


def print_table(rows):
    print("| series | n | request bytes | µs per transaction | µs per unit | exponent |")
    print("|---|---|---|---|---|---|")
    prev = {}
    for series, n, size, us, per in rows:
        exp = ""
        if series in prev:
            n0, us0 = prev[series]
            exp = f"{math.log(us / us0) / math.log(n / n0):.2f}"
        prev[series] = (n, us)
        print(f"| {series} | {n} | {size} | {us:.1f} | {per:.3f} per {UNITS[series]} | {exp} |")


def plot(rows, path, pl):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    panels = [("request body size (KB)", ["body-form", "body-json"]),
              ("number of arguments", ["args"]), ("number of request headers", ["headers"])]
    for ax, (label, names) in zip(axes, panels):
        for name in names:
            pts = [(n, us / 1000) for s, n, _, us, _ in rows if s == name]
            if not pts:
                continue
            xs, ys = zip(*pts)
            ax.loglog(xs, ys, "o-", label=name)
            # Dashed: linear growth through the last point, for reference.
            ax.loglog(xs, [ys[-1] * x / xs[-1] for x in xs], "--", color="grey", linewidth=0.8)
        ax.set_xlabel(label)
        ax.set_ylabel("ms per transaction")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
    fig.suptitle(f"Rampart engine, CRS v4 PL{pl}, one transaction (dashed: linear growth)")
    fig.tight_layout()
    fig.savefig(path, dpi=90)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", default=os.path.join(os.path.dirname(HERE), "build-bench",
                                                     "rampart_bench_scaling"))
    ap.add_argument("--pl", type=int, default=1)
    ap.add_argument("--budget", type=float, default=2.0, help="seconds per point at most")
    ap.add_argument("--from", dest="source", help="read a saved table instead of running")
    ap.add_argument("--png", help="write the plot here (default bench/results/scaling-plN.png)")
    args = ap.parse_args()
    os.makedirs(RESULTS, exist_ok=True)
    if args.source:
        with open(args.source) as f:
            text = f.read()
    else:
        if not os.path.isfile(args.binary):
            sys.exit(f"{args.binary} does not exist: build the rampart_bench_scaling target")
        text = subprocess.run([args.binary, str(args.pl), str(args.budget)], check=True,
                              capture_output=True, text=True, timeout=3600).stdout
        with open(os.path.join(RESULTS, f"scaling-pl{args.pl}.tsv"), "w") as f:
            f.write(text)
    rows = read_rows(text)
    print_table(rows)
    png = args.png or os.path.join(RESULTS, f"scaling-pl{args.pl}.png")
    plot(rows, png, args.pl)
    print(f"\nplot: {os.path.relpath(png, os.path.dirname(HERE))}")


if __name__ == "__main__":
    main()
