#!/usr/bin/env python3
"""Side-by-side httpd benchmark: no WAF, Rampart (no rules, CRS PL1, CRS PL4) and ModSecurity v2
(CRS PL1, PL4), each in its own private httpd on 127.0.0.1, CRS in blocking mode.

    python3 bench/httpd_bench.py --module build-bench/mod_rampart.so [--quick] [--rounds N]

httpd is pinned to one core and wrk to another (taskset); the configurations alternate inside
every round (a round starts each configuration once and runs every workload against it), so a
neighbour's compile job slows all configurations alike and the ratios stay meaningful. Printed per
workload: the median over rounds of req/s, p50 and p99 latency, the ratio to no WAF and Rampart's
ratio to ModSecurity v2; then startup time and memory per child. Every wrk run is bounded
(-d seconds, --timeout), every httpd is stopped by its PID.

Both engines get the same settings: rules/rampart-recommended.conf (modsecurity.conf-recommended
with the same body limits and processors), then the overrides in ENGINE_SETTINGS below.
"""

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(SOURCE, "tests", "integration"))
sys.path.insert(0, HERE)

import harness  # noqa: E402  (private httpd: ServerRoot, free port, stop by PID)
from workloads import make_workloads  # noqa: E402

CRS = os.environ.get("RAMPART_CRS", "/work/shared/crs")
MODSEC = "/usr/lib/apache2/modules/mod_security2.so"
RECOMMENDED = os.path.join(SOURCE, "rules", "rampart-recommended.conf")
HTTPD_CPU, WRK_CPU = 0, 1
# A name, not 127.0.0.1: CRS scores a numeric Host (920350), which would log on every request.
HOST = "www.example.com"

# Identical for both engines. The 1 MB JSON body needs SecRequestBodyNoFilesLimit above it, and
# both keep bodies up to 2 MB in memory (v2 would otherwise spill the 1 MB body to a file).
ENGINE_SETTINGS = """\
Include "{recommended}"
SecRuleEngine On
SecRequestBodyNoFilesLimit 2097152
SecRequestBodyInMemoryLimit 2097152
SecAuditEngine Off
SecTmpDir "@ROOT@/tmp"
SecDataDir "@ROOT@/data"
"""

CRS_RULES = """\
Include "{crs}/crs-setup.conf.example"
SecAction "id:900000,phase:1,pass,nolog,t:none,\\
    setvar:tx.blocking_paranoia_level={pl},setvar:tx.detection_paranoia_level={pl}"
Include "{crs}/rules/*.conf"
"""

# name -> (engine, paranoia level or None for no rules)
CONFIGS = {
    "nowaf": (None, None),
    "rampart-norules": ("rampart", None),
    "rampart-pl1": ("rampart", 1),
    "rampart-pl4": ("rampart", 4),
    "modsec-pl1": ("modsec", 1),
    "modsec-pl4": ("modsec", 4),
}


class BenchHttpd(harness.Httpd):
    """harness.Httpd with a fixed-size event MPM, no access log, unlimited keep-alive, started
    pinned to one core with its startup timed."""

    def base_config(self):
        drop = ("CustomLog", "MaxKeepAliveRequests", "StartServers", "ThreadsPerChild",
                "MinSpareThreads", "MaxSpareThreads", "MaxRequestWorkers", "ThreadLimit",
                "ServerLimit")
        lines = [l for l in super().base_config().splitlines() if not l.startswith(drop)]
        lines += ["MaxKeepAliveRequests 0", "StartServers 2", "ServerLimit 2", "ThreadLimit 16",
                  "ThreadsPerChild 16", "MinSpareThreads 16", "MaxSpareThreads 32",
                  "MaxRequestWorkers 32", "MaxConnectionsPerChild 0"]
        return "\n".join(lines) + "\n"

    def start_timed(self):
        """Starts httpd on HTTPD_CPU; returns seconds from exec to the first answered request."""
        path = self.write_config(self.extra)
        begin = time.monotonic()
        p = subprocess.run(["taskset", "-c", str(HTTPD_CPU), harness.APACHE, "-f", path,
                            "-k", "start"], capture_output=True, text=True, timeout=120)
        if p.returncode != 0:
            raise harness.HttpdError(p.stdout + p.stderr)
        self.started = True
        deadline = begin + 120
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/index.html", timeout=5)
                return time.monotonic() - begin
            except urllib.error.HTTPError:  # an answer all the same (PL4 may refuse the probe)
                return time.monotonic() - begin
            except OSError:
                time.sleep(0.005)
        raise harness.HttpdError(f"httpd did not answer within 120 s\n{self.error_log()}")

    def children(self):
        parent = self.pid()
        kids = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as f:
                        if int(f.read().split(")")[-1].split()[1]) == parent:
                            kids.append(int(entry))
                except (OSError, ValueError, IndexError):
                    pass
        return kids


def memory_kib(pid):
    """(RSS, PSS) in KiB: PSS splits the pages the children share copy-on-write with the parent."""
    rss = pss = 0
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    return rss, pss


def make_httpd(name, module, htdocs_files):
    engine, pl = CONFIGS[name]
    config = ""
    if engine == "modsec":
        config += f"LoadModule security2_module {MODSEC}\n"
    if engine:
        config += ENGINE_SETTINGS.format(recommended=RECOMMENDED)
    if pl:
        config += CRS_RULES.format(crs=CRS, pl=pl)
    os.environ["RAMPART_MODULE"] = module
    h = BenchHttpd(config=config, unique_id=(engine == "modsec"), rampart=(engine == "rampart"),
                   files=htdocs_files)
    for d in ("tmp", "data"):
        os.makedirs(os.path.join(h.root, d), exist_ok=True)
        # The children run as www-data; a mode would not do, start() resets it to 0755.
        if os.geteuid() == 0:
            shutil.chown(os.path.join(h.root, d), "www-data", "www-data")
    return h


UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 6e4}


def to_ms(text):
    m = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text)
    return float(m.group(1)) * UNITS[m.group(2)]


def run_wrk(port, workload, seconds, connections):
    cmd = ["taskset", "-c", str(WRK_CPU), "wrk", "-t1", f"-c{connections}", f"-d{seconds}s",
           "--timeout", "10s", "--latency", "-H", f"Host: {HOST}"]
    if workload.script:
        cmd += ["-s", workload.script]
    cmd.append(f"http://127.0.0.1:{port}{workload.path}")
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 60).stdout
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p50 = re.search(r"^\s+50%\s+(\S+)", out, re.M)
    p99 = re.search(r"^\s+99%\s+(\S+)", out, re.M)
    if rps and float(rps.group(1)) == 0:  # not one request finished within the run
        return 0.0, float("nan"), float("nan")
    if not (rps and p50 and p99):
        raise RuntimeError(f"could not read wrk's output:\n{out}")
    return float(rps.group(1)), to_ms(p50.group(1)), to_ms(p99.group(1))


def status_of(port, workload):
    """The status one request of this workload gets (to check a benign one is not blocked)."""
    req = urllib.request.Request(f"http://127.0.0.1:{port}{workload.path}", data=workload.body,
                                 headers=dict(workload.headers, Host=HOST))
    if workload.content_type:
        req.add_header("Content-Type", workload.content_type)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def one_round(names, workloads, args, files, results):
    for name in names:
        h = make_httpd(name, args.module, files)
        try:
            startup = h.start_timed()
            res = results.setdefault(name, {"startup": [], "rss": [], "pss": [], "wl": {}})
            res["startup"].append(startup)
            for w in workloads:
                status = status_of(h.port, w)
                run_wrk(h.port, w, 1, args.connections)  # warm-up, not counted
                rps, p50, p99 = run_wrk(h.port, w, args.duration, args.connections)
                r = res["wl"].setdefault(w.name, {"rps": [], "p50": [], "p99": [], "status": set()})
                r["rps"].append(rps)
                r["p50"].append(p50)
                r["p99"].append(p99)
                r["status"].add(status)
                print(f"  {name:16} {w.name:20} {status} {rps:10.1f} req/s  p50 {p50:8.2f} ms"
                      f"  p99 {p99:8.2f} ms", flush=True)
            mem = [memory_kib(pid) for pid in h.children()]
            res["rss"].append(statistics.mean(m[0] for m in mem))
            res["pss"].append(statistics.mean(m[1] for m in mem))
        finally:
            h.cleanup(check=False)


def med(values):
    """Median of the rounds in which at least one request finished (NaN otherwise)."""
    done = [v for v in values if not math.isnan(v)]
    return statistics.median(done) if done else float("nan")


def ratio(a, b):
    return f"{a / b:.3f}" if b and not math.isnan(a / b) else "n/a"


def report(results, workloads, names):
    print("\n## Per workload (median over rounds; ratio = req/s / no-WAF req/s; "
          "vs v2 = Rampart req/s / ModSecurity v2 req/s at the same PL)\n")
    print("| workload | configuration | status | req/s | p50 ms | p99 ms | ratio | vs v2 |")
    print("|---|---|---|---|---|---|---|---|")
    for w in workloads:
        base = med(results["nowaf"]["wl"][w.name]["rps"]) if "nowaf" in results else 0
        for name in names:
            r = results[name]["wl"][w.name]
            rps = med(r["rps"])
            vs = ""
            if name.startswith("rampart-pl"):
                other = results.get(name.replace("rampart", "modsec"))
                if other:
                    vs = ratio(rps, med(other["wl"][w.name]["rps"]))
            status = "/".join(str(s) for s in sorted(r["status"]))
            print(f"| {w.name} | {name} | {status} | {rps:.0f} | {med(r['p50']):.2f} | "
                  f"{med(r['p99']):.2f} | {ratio(rps, base)} | {vs} |")
    print("\n## Startup (exec to first answer) and memory per child (after the workloads)\n")
    print("| configuration | startup s | RSS MiB per child | PSS MiB per child |")
    print("|---|---|---|---|")
    for name in names:
        r = results[name]
        print(f"| {name} | {med(r['startup']):.3f} | {med(r['rss']) / 1024:.1f} | "
              f"{med(r['pss']) / 1024:.1f} |")
    if {"nowaf", "rampart-pl1", "rampart-pl4"} <= results.keys():
        print("\n## PL4 extra cost / PL1 extra cost (per request, 1/req/s over no WAF)\n")
        print("| workload | Rampart | ModSecurity v2 |")
        print("|---|---|---|")
        for w in workloads:
            # A configuration that answered nothing in time (0 req/s) has no cost to compare.
            cost = {n: 1 / rps for n in results
                    if (rps := med(results[n]["wl"][w.name]["rps"])) > 0}
            cells = []
            for eng in ("rampart", "modsec"):
                if "nowaf" not in cost:
                    cells.append("n/a")
                elif f"{eng}-pl1" in cost and f"{eng}-pl4" in cost:
                    extra1 = cost[f"{eng}-pl1"] - cost["nowaf"]
                    extra4 = cost[f"{eng}-pl4"] - cost["nowaf"]
                    cells.append(ratio(extra4, extra1) if extra1 > 0 else "n/a")
                else:
                    cells.append("")
            print(f"| {w.name} | {cells[0]} | {cells[1]} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--module", default=os.path.join(SOURCE, "build-bench", "mod_rampart.so"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--duration", type=int, default=5, help="seconds per wrk run")
    ap.add_argument("--connections", type=int, default=8)
    ap.add_argument("--quick", action="store_true", help="1 s runs, 3 rounds")
    ap.add_argument("--configs", default=",".join(CONFIGS), help="comma-separated subset")
    ap.add_argument("--workloads", default="", help="comma-separated subset (default: all)")
    ap.add_argument("--json", help="also write the raw figures to this file")
    args = ap.parse_args()
    if args.quick:
        args.duration, args.rounds = 1, 3
    if not os.path.isfile(args.module):
        sys.exit(f"{args.module} does not exist: build the mod_rampart target (Release)")
    if (os.cpu_count() or 1) < 2:
        sys.exit("needs two cores: httpd and wrk are pinned to separate ones")
    names = [n for n in args.configs.split(",") if n]
    for n in names:
        if n not in CONFIGS:
            sys.exit(f"unknown configuration {n!r}; known: {', '.join(CONFIGS)}")
    with tempfile.TemporaryDirectory(prefix="rampart-bench-") as tmp:
        workloads = make_workloads(tmp)
        if args.workloads:
            wanted = args.workloads.split(",")
            workloads = [w for w in workloads if w.name in wanted]
        with open(os.path.join(tmp, "page.html")) as f:
            files = {"htdocs/page.html": f.read()}
        results = {}
        for i in range(args.rounds):
            print(f"round {i + 1}/{args.rounds}", flush=True)
            one_round(names, workloads, args, files, results)
    report(results, workloads, names)
    if args.json:
        for r in results.values():
            for w in r["wl"].values():
                w["status"] = sorted(w["status"])
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
