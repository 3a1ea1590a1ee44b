#!/usr/bin/env python3
"""Soak test (issue 10): CRS v4 PL1 in blocking mode behind a private httpd (mpm_event), a
bounded wrk run of mixed ordinary and attack requests, and the memory and file descriptors of
every httpd process sampled from /proc meanwhile.

    python3 bench/soak.py --module build/mod_rampart.so [--duration 600] [--connections 64]
                          [--interval 5] [--plot docs/img/soak-rss.png] [--json out.json]

Fails (exit 1) when: a response is 5xx or not the status its request expects (the 403 count
must match the attacks' share of the rotation), wrk reports a socket error, a child crashes or
is replaced, a child's RSS grows 5 % or more after warm-up (median of the second fifth of the
samples against the median of the last fifth; the first fifth is warm-up), or a child holds more
file descriptors when idle after the run than when idle before it.
scripts/soak.sh is the usual way to run it; tests/integration/test_soak_short.py runs 30 s.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(SOURCE, "tests", "integration"))
sys.path.insert(0, HERE)

import harness  # noqa: E402  (private httpd: ServerRoot, free port, stop by PID)
import proc_sample  # noqa: E402
import soak_workload  # noqa: E402

CRS = os.environ.get("RAMPART_CRS_DIR") or os.path.join(SOURCE, "..", "shared", "crs")
RSS_GROWTH_LIMIT = 0.05
# A child's idle descriptors may differ by this much: none. Every descriptor a request opens
# (connection, spill and upload files) is closed by the time keep-alive has ended.
FD_GROWTH_LIMIT = 0
IDLE_WAIT = 4.0  # wrk has closed its connections; lingering close takes at most 2 s

CONFIG = """Include "{source}/rules/rampart-recommended.conf"
SecRuleEngine On
SecTmpDir "@ROOT@/tmp"
SecDataDir "@ROOT@/data"
SecAuditLog "@ROOT@/logs/audit.log"
Include "{crs}/crs-setup.conf.example"
Include "{crs}/rules/*.conf"
"""


class SoakHttpd(harness.Httpd):
    """harness.Httpd with a fixed set of event-MPM children for the whole run (no child is
    started or stopped by spare-thread maintenance, none retires after N connections), so each
    child's memory can be followed from start to end; no access log (millions of lines)."""

    def __init__(self, connections, threads=None, **kw):
        # Each child has twice as many workers as there are connections by default: when all
        # of a child's workers are busy, mpm_event closes its idle keep-alive connections, and a
        # client that has just sent its next request on one sees the connection end without an
        # answer (wrk counts a read error). That is httpd's load shedding, not a Rampart
        # failure. One worker per connection is not enough: the listener hands connections to
        # whichever child accepts first, so when wrk reconnects (every 100 requests a connection
        # reaches MaxKeepAliveRequests) a child can hold more than its share for a while; a CI
        # run saw 11 read errors so.
        self.threads = threads or max(16, 2 * connections)
        super().__init__(**kw)

    def base_config(self):
        drop = ("CustomLog", "StartServers", "ThreadsPerChild", "MinSpareThreads",
                "MaxSpareThreads", "MaxRequestWorkers", "ThreadLimit", "ServerLimit")
        lines = [l for l in super().base_config().splitlines() if not l.startswith(drop)]
        t = self.threads
        lines += ["StartServers 2", "ServerLimit 2", f"ThreadLimit {t}", f"ThreadsPerChild {t}",
                  "MinSpareThreads 1", f"MaxSpareThreads {2 * t}",
                  f"MaxRequestWorkers {2 * t}", "MaxConnectionsPerChild 0"]
        return "\n".join(lines) + "\n"


def make_httpd(module, connections, cls=SoakHttpd, threads=None):
    os.environ["RAMPART_MODULE"] = module
    if not os.path.isdir(os.path.join(CRS, "rules")):
        raise SystemExit(f"soak: no CRS tree at {CRS} (set RAMPART_CRS_DIR)")
    h = cls(connections, threads, config=CONFIG.format(source=SOURCE, crs=CRS))
    for d in ("tmp", "data"):
        os.makedirs(os.path.join(h.root, d), exist_ok=True)
        if os.geteuid() == 0:  # the children run as www-data (start() resets modes to 0755)
            shutil.chown(os.path.join(h.root, d), "www-data", "www-data")
    return h


def probe(port, kind):
    """The status one request of this kind gets, sent by urllib."""
    _name, method, path, ctype, body, _expected = kind
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                 data=body.encode() if body else None,
                                 headers={"Host": soak_workload.HOST})
    if ctype:
        req.add_header("Content-Type", ctype)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def run_wrk(port, script, seconds, connections):
    threads = min(2, connections)
    cmd = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s",
           "-s", script, f"http://127.0.0.1:{port}/"]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 120)
    out = p.stdout
    statuses = {int(c): int(n) for c, n in re.findall(r"^SOAK_STATUS (\d+) (\d+)$", out, re.M)}
    total = re.search(r"(\d+) requests in", out)
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)",
                       out)
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if not total:
        raise RuntimeError(f"could not read wrk's output:\n{out}\n{p.stderr}")
    return {
        "requests": int(total.group(1)),
        "statuses": statuses,
        "socket_errors": dict(zip(("connect", "read", "write", "timeout"),
                                  map(int, errors.groups()))) if errors else {},
        "rps": float(rps.group(1)) if rps else 0.0,
        "output": out,
    }


def crash_lines(path):
    """Lines of the error log that report a child dying of a signal; read line by line (the log
    of a long soak holds hundreds of MB of CRS warnings)."""
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if "exit signal" in line or "segfault" in line or "Segmentation" in line:
                out.append(line.rstrip())
    return out


def fifth_medians(values):
    """Median of the second fifth and of the last fifth of a series (the first is warm-up)."""
    n = len(values)
    k = max(1, n // 5)
    return statistics.median(values[k:2 * k]), statistics.median(values[n - k:])


def run(module, duration, connections, interval, warmup=3, threads=None):
    """Runs one soak; returns the result dict (figures, samples) that check() judges."""
    h = make_httpd(module, connections, threads=threads)
    workdir = tempfile.mkdtemp(prefix="rampart-soak-")
    mix = soak_workload.kinds()
    script = soak_workload.write_script(workdir, mix)
    result = {"duration": duration, "connections": connections, "interval": interval,
              "threads_per_child": h.threads}
    h.start()
    try:
        parent = h.pid()
        result["probes"] = {k[0]: (probe(h.port, k), k[5]) for k in mix}
        run_wrk(h.port, script, warmup, connections)  # every child has served every kind
        time.sleep(IDLE_WAIT)
        idle_before = proc_sample.snapshot(parent)
        sampler = proc_sample.Sampler(parent, interval, duration + 60)
        sampler.start()
        try:
            wrk = run_wrk(h.port, script, duration, connections)
        finally:
            sampler.stop()
        time.sleep(IDLE_WAIT)
        idle_after = proc_sample.snapshot(parent)
        result["wrk"] = wrk
        result["attack_share"] = (sum(1 for k in mix if k[5] == 403), len(mix))
        result["parent"] = parent
        result["children_before"] = sorted(p for p in idle_before if p != parent)
        result["children_after"] = sorted(p for p in idle_after if p != parent)
        result["idle_fds"] = {p: (idle_before[p][1], idle_after.get(p, (0, None))[1])
                              for p in idle_before}
        result["series"] = {p: sampler.series(p) for p in [parent] + result["children_before"]}
        result["parent_alive"] = harness.pid_alive(parent)
    finally:
        h.stop()
        result["crashes"] = crash_lines(h.error_log_path)
        result["error_log_bytes"] = os.path.getsize(h.error_log_path)
        # The logs of a long soak are large: kept only when a child crashed, or when asked.
        if result["crashes"] or os.environ.get("RAMPART_KEEP_ROOT"):
            print(f"soak: kept ServerRoot {h.root}", file=sys.stderr)
        else:
            shutil.rmtree(h.root, ignore_errors=True)
        shutil.rmtree(workdir, ignore_errors=True)
    return result


def check(result, rss=True):
    """The failed criteria, as sentences; empty when the soak passed."""
    fails = []
    for name, (got, want) in result["probes"].items():
        if got != want:
            fails.append(f"probe {name}: status {got}, expected {want}")
    wrk = result["wrk"]
    statuses = wrk["statuses"]
    answered = sum(statuses.values())
    if answered == 0:
        fails.append("no request was answered")
    bad = {c: n for c, n in statuses.items() if c >= 500}
    if bad:
        fails.append(f"5xx responses: {bad}")
    other = {c: n for c, n in statuses.items() if c not in (200, 403) and c < 500}
    if other:
        fails.append(f"unexpected statuses: {other}")
    attacks, kinds = result["attack_share"]
    expected_403 = answered * attacks / kinds
    # The rotation is exact per wrk thread; requests still in flight at the end shift it by at
    # most one per connection.
    if abs(statuses.get(403, 0) - expected_403) > result["connections"] + 2:
        fails.append(f"403 count {statuses.get(403, 0)}, expected about {expected_403:.0f}: "
                     "an ordinary request was refused or an attack passed")
    if any(wrk["socket_errors"].values()):
        fails.append(f"wrk socket errors: {wrk['socket_errors']}")
    if result["crashes"]:
        fails.append(f"crashes in the error log: {result['crashes'][:5]}")
    if not result["parent_alive"]:
        fails.append("the httpd parent died")
    if result["children_before"] != result["children_after"]:
        fails.append(f"children replaced: {result['children_before']} -> "
                     f"{result['children_after']}")
    for pid, (before, after) in result["idle_fds"].items():
        if after is None or after - before > FD_GROWTH_LIMIT:
            fails.append(f"pid {pid}: {before} fds idle before the run, {after} after")
    if rss:
        for pid, growth in rss_growth(result).items():
            if growth >= RSS_GROWTH_LIMIT:
                fails.append(f"pid {pid}: RSS grew {growth:.1%} after warm-up")
    return fails


def rss_growth(result):
    """{child pid: relative growth of the RSS median, second fifth -> last fifth}."""
    out = {}
    for pid in result["children_before"]:
        values = [rss for _t, rss, _fds in result["series"].get(pid, [])]
        if len(values) >= 5:
            early, late = fifth_medians(values)
            out[pid] = late / early - 1
    return out


def report(result):
    mib = 1024 * 1024
    wrk = result["wrk"]
    lines = [f"soak: {result['duration']} s, {result['connections']} connections, "
             f"CRS PL1 blocking, mpm_event (2 children, {result['threads_per_child']} threads "
             f"each), samples every {result['interval']} s",
             f"requests: {wrk['requests']} ({wrk['rps']:.0f}/s)",
             "statuses: " + ", ".join(f"{c}: {n}" for c, n in sorted(wrk["statuses"].items())),
             f"socket errors: {wrk['socket_errors']}",
             f"crashes in the error log: {len(result['crashes'])}",
             f"error log: {result['error_log_bytes'] / mib:.0f} MiB"]
    growth = rss_growth(result)
    for pid, series in result["series"].items():
        role = "parent" if pid == result["parent"] else "child"
        rss = [r for _t, r, _f in series]
        fds = [f for _t, _r, f in series]
        if not rss:
            continue
        early, late = fifth_medians(rss) if len(rss) >= 5 else (rss[0], rss[-1])
        line = (f"{role} {pid}: RSS first {rss[0] / mib:.1f} MiB, 2nd-fifth median "
                f"{early / mib:.1f}, last-fifth median {late / mib:.1f}, max {max(rss) / mib:.1f}")
        if pid in growth:
            line += f", growth {growth[pid]:+.2%}"
        line += f"; fds under load {min(fds)}..{max(fds)}"
        if pid in result["idle_fds"]:
            before, after = result["idle_fds"][pid]
            line += f", idle before {before}, after {after}"
        lines.append(line)
    lines.append("RSS over time (MiB), one column per process:")
    pids = list(result["series"])
    times = [t for t, _r, _f in result["series"][pids[0]]]
    step = max(1, len(times) // 20)  # about 20 rows
    for i in range(0, len(times), step):
        row = [f"{times[i]:6.0f} s"]
        for pid in pids:
            s = result["series"][pid]
            row.append(f"{s[i][1] / mib:8.1f}" if i < len(s) else "       -")
        lines.append(" ".join(row))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--module", default=os.path.join(SOURCE, "build", "mod_rampart.so"))
    ap.add_argument("--duration", type=int, default=600, help="seconds of load")
    ap.add_argument("--connections", type=int, default=64)
    ap.add_argument("--interval", type=float, default=5.0, help="seconds between samples")
    ap.add_argument("--threads", type=int,
                    help="threads per child (default: twice the connections)")
    ap.add_argument("--plot", help="write a PNG of RSS over time here (needs matplotlib)")
    ap.add_argument("--json", help="write the figures and samples here")
    args = ap.parse_args()
    result = run(os.path.abspath(args.module), args.duration, args.connections, args.interval,
                 threads=args.threads)
    print(report(result))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    if args.plot:
        import soak_plot
        soak_plot.plot(result, args.plot)
        print(f"plot: {args.plot}")
    fails = check(result)
    for f in fails:
        print("FAIL:", f)
    print("soak: " + ("passed" if not fails else "FAILED"))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
