#!/usr/bin/env python3
"""Instructions per request inside httpd, counted by callgrind: what the httpd glue and the engine
add to plain Apache's own work, free of the noise that makes µs figures on a shared machine move
by 10-20 % between runs.

    python3 bench/httpd_instructions.py --module build/mod_rampart.so \\
        [--configs nowaf,rampart-norules] [--workload get-args] [--requests 2000]

Each configuration of bench/httpd_bench.py runs in one httpd process (-X) under callgrind, which
counts only inside ap_run_process_connection (reading, handling and logging requests; not
startup). ab sends 50 requests to warm up, then --requests more, all on keep-alive connections;
the figure is the count divided by all requests sent. User-space instructions only: system calls
and the kernel's share are not in it (compare those with `strace -c`).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests", "integration"))
sys.path.insert(0, HERE)

import harness  # noqa: E402
import httpd_bench  # noqa: E402
from workloads import make_workloads  # noqa: E402

WARMUP = 50
START_TIMEOUT = 120.0  # seconds for httpd to answer under valgrind
STOP_TIMEOUT = 120.0  # seconds for callgrind to write its counts


def ab_command(port, workload, requests, body_file):
    cmd = ["ab", "-q", "-k", "-n", str(requests), "-s", "60", "-H", f"Host: {httpd_bench.HOST}"]
    for name, value in workload.headers:
        if name.lower() not in ("host", "connection"):
            cmd += ["-H", f"{name}: {value}"]
    if workload.body is not None:
        cmd += ["-p", body_file, "-T", workload.content_type]
    return cmd + [f"http://127.0.0.1:{port}{workload.path}"]


def count(name, module, workload, requests, files, tmp):
    """Instructions per request for configuration `name`."""
    h = httpd_bench.make_httpd(name, module, files)
    out_dir = os.path.join(h.root, "callgrind")
    os.makedirs(out_dir)
    out = os.path.join(out_dir, "callgrind.out")
    # httpd -X drops to www-data after startup, and callgrind writes its file only at the end.
    open(out, "w").close()
    os.chmod(out, 0o666)
    if os.geteuid() == 0:
        shutil.chown(out_dir, "www-data", "www-data")
        shutil.chown(out, "www-data", "www-data")
    body_file = os.path.join(tmp, "body")
    with open(body_file, "wb") as f:
        f.write(workload.body or b"")
    path = h.write_config(h.extra)
    proc = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                             "--toggle-collect=ap_run_process_connection", harness.APACHE, "-X",
                             "-f", path], env=harness.httpd_environment(h.root),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not harness.port_answers(h.port):
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError(f"{name}: httpd did not start\n{h.error_log()}")
            time.sleep(0.2)
        sent = 0
        for n in (WARMUP, requests):
            r = subprocess.run(ab_command(h.port, workload, n, body_file), capture_output=True,
                               text=True, timeout=1800)
            done = re.search(r"Complete requests:\s+(\d+)", r.stdout)
            failed = re.search(r"Failed requests:\s+(\d+)", r.stdout)
            if not done or int(done.group(1)) != n or int(failed.group(1)) != 0:
                raise RuntimeError(f"{name}: ab did not complete {n} requests\n{r.stdout}{r.stderr}")
            sent += n
        proc.terminate()  # httpd -X stops on SIGTERM, and callgrind writes its counts
        proc.wait(timeout=STOP_TIMEOUT)
        with open(out) as f:
            totals = re.search(r"^(?:totals|summary):\s+(\d+)", f.read(), re.M)
        if not totals:
            raise RuntimeError(f"{name}: callgrind wrote no totals to {out}")
        return int(totals.group(1)) / sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=STOP_TIMEOUT)
        h.cleanup(check=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--module", required=True)
    ap.add_argument("--configs", default="nowaf,rampart-norules")
    ap.add_argument("--workload", default="get-args")
    ap.add_argument("--requests", type=int, default=2000)
    args = ap.parse_args()
    for tool in ("valgrind", "ab"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed (scripts/setup.sh installs it)")
    module = os.path.abspath(args.module)
    with tempfile.TemporaryDirectory(prefix="rampart-instr-") as tmp:
        workloads = {w.name: w for w in make_workloads(tmp)}
        if args.workload not in workloads:
            sys.exit(f"unknown workload {args.workload!r}; known: {', '.join(workloads)}")
        with open(os.path.join(tmp, "page.html")) as f:
            files = {"htdocs/page.html": f.read()}
        base = None
        print(f"workload {args.workload}, {args.requests} requests after {WARMUP} to warm up")
        print("| configuration | instructions per request | over no WAF |")
        print("|---|---|---|")
        for name in args.configs.split(","):
            per_request = count(name, module, workloads[args.workload], args.requests, files, tmp)
            if name == "nowaf":
                base = per_request
            extra = f"{per_request - base:,.0f}" if base is not None and name != "nowaf" else ""
            print(f"| {name} | {per_request:,.0f} | {extra} |", flush=True)


if __name__ == "__main__":
    main()
