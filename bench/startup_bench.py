#!/usr/bin/env python3
"""httpd startup with CRS loaded, and what the first requests of a fresh httpd cost.

    python3 bench/startup_bench.py --module build/mod_rampart.so [--other-module OLD.so] [--starts 11]

Each start (the configurations of bench/httpd_bench.py, httpd pinned to one core) is timed from
exec to the first answered request (a GET of /index.html); then one more benign GET and two
attacks are timed, each a new connection. Work a build defers from startup to first use shows
in these columns: the first attack is the first request to reach most of CRS's attack patterns.
The two children of the event MPM take connections as they come, so the second attack may meet
the child the first one did not. The configurations alternate inside every start round; medians
are printed. With --other-module, a second Rampart build (e.g. the previous commit's) runs beside
the first as "rampart-other".
"""

import argparse
import os
import statistics
import sys
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import httpd_bench  # noqa: E402  (configurations, BenchHttpd, make_httpd)

ATTACK = "/index.html?id=1%27%20OR%20%271%27%3D%271&q=%3Cscript%3Ealert(1)%3C/script%3E"


def timed_get(port, path):
    """Seconds for one GET (an HTTP error status is an answer too)."""
    begin = time.monotonic()
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30).read()
    except urllib.error.HTTPError:
        pass
    return time.monotonic() - begin


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--module", required=True)
    ap.add_argument("--other-module", help="a second mod_rampart.so, run as rampart-other-*")
    ap.add_argument("--starts", type=int, default=11)
    ap.add_argument("--levels", default="1,4", help="CRS paranoia levels")
    args = ap.parse_args()
    files = {"index.html": "hello\n"}
    configs = []  # (label, config name in httpd_bench.CONFIGS, module)
    for pl in args.levels.split(","):
        configs.append((f"rampart-pl{pl}", f"rampart-pl{pl}", args.module))
        if args.other_module:
            configs.append((f"rampart-other-pl{pl}", f"rampart-pl{pl}", args.other_module))
        configs.append((f"modsec-pl{pl}", f"modsec-pl{pl}", args.module))
    results = {label: {"startup": [], "get": [], "attack1": [], "attack2": []}
               for label, _, _ in configs}
    for n in range(args.starts):
        for label, name, module in configs:
            h = httpd_bench.make_httpd(name, module, files)
            try:
                r = results[label]
                r["startup"].append(h.start_timed())
                r["get"].append(timed_get(h.port, "/index.html?a=1&b=hello"))
                r["attack1"].append(timed_get(h.port, ATTACK))
                r["attack2"].append(timed_get(h.port, ATTACK))
            finally:
                h.cleanup(check=False)
        print(f"start round {n + 1}/{args.starts} done", file=sys.stderr, flush=True)
    print("| configuration | startup s | fastest start s | next GET ms | first attack ms |"
          " second attack ms |")
    print("|---|---|---|---|---|---|")
    for label, _, _ in configs:
        r = results[label]
        print(f"| {label} | {statistics.median(r['startup']):.3f} | {min(r['startup']):.3f} |"
              f" {1e3 * statistics.median(r['get']):.1f} |"
              f" {1e3 * statistics.median(r['attack1']):.1f} |"
              f" {1e3 * statistics.median(r['attack2']):.1f} |")


if __name__ == "__main__":
    main()
