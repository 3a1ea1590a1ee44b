"""Faults (issue 10, docs/reliability.md): what happens when things go wrong around a request,
each with its documented outcome and httpd alive afterwards.

- A child killed with SIGKILL in the middle of a request: the client loses that request; the
  parent starts a new child; persistent collections (LMDB) and the Serial audit log stay
  consistent — the killed request's phase-5 write simply never happened.
- 100,000 parameters in one body: SecArgumentsLimit (1000 by default) stops the parser; the
  recommended configuration refuses the request with 400 (rule 200007) instead of inspecting a
  part.
- A header section far past httpd's limits (10,000 header lines): httpd answers 400 itself,
  before any phase; nothing reaches the rules or the application.
"""

import os
import signal
import socket
import subprocess
import threading
import time
import unittest

import collections_util
import harness
from harness import Httpd, main

SOURCE = os.environ.get("RAMPART_SOURCE", ".")
CLI = os.environ.get("RAMPART_CLI", "rampart")

KILL_CONFIG = """SecRuleEngine On
SecRequestBodyAccess On
SecDataDir "@ROOT@/data"
SecAuditEngine On
SecAuditLogParts ABHZ
SecAuditLogType Serial
SecAuditLog "@ROOT@/logs/audit.log"
SecAction "id:1,phase:1,pass,nolog,initcol:ip=%{REMOTE_ADDR},setvar:ip.hits=+1"
SecRule REQUEST_URI "@beginsWith /slow" "id:2,phase:1,pass,nolog,pause:4000"
"""


def children(parent):
    out = subprocess.run(["pgrep", "-P", str(parent)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


class KilledChild(unittest.TestCase):
    def test_sigkill_mid_request_keeps_collections_and_audit_log_consistent(self):
        h = Httpd(config=KILL_CONFIG, mpm="prefork")
        collections_util.make_data_dir(h)
        h.start()
        try:
            for _ in range(5):
                self.assertEqual(h.request("GET", "/index.html")[0], 200)
            in_flight = {}

            def slow():
                try:
                    in_flight["status"] = h.request("GET", "/slow")[0]
                except Exception as e:  # the connection dies with its child
                    in_flight["error"] = type(e).__name__

            t = threading.Thread(target=slow)
            t.start()
            time.sleep(1.0)  # the request is in phase 1, pausing
            killed = children(h.pid())
            self.assertTrue(killed)
            for pid in killed:
                os.kill(pid, signal.SIGKILL)
            t.join(timeout=15)
            self.assertFalse(t.is_alive())
            self.assertNotIn("status", in_flight, "the killed request was answered")

            deadline = time.monotonic() + 10
            ok = 0
            while ok < 5 and time.monotonic() < deadline:  # a new child takes over
                try:
                    if h.request("GET", "/index.html")[0] == 200:
                        ok += 1
                except Exception:
                    time.sleep(0.2)
            self.assertEqual(ok, 5, h.error_log())
            h.stop()
            self.assertTrue(all("Killed" in line for line in h.crashes()), h.crashes())
            # 10 finished requests counted; the killed one never reached its phase-5 write.
            data = os.path.join(h.root, "data")
            self.assertEqual(collections_util.variable(data, "IP", "127.0.0.1", "hits"), "10")
            p = subprocess.run([CLI, "log", "--json", os.path.join(h.logs, "audit.log")],
                               capture_output=True, text=True, timeout=60)
            self.assertEqual((p.returncode, p.stderr), (0, ""))
            self.assertEqual(len(p.stdout.splitlines()), 10)
        finally:
            h.cleanup(check=False)


class Limits(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.h = Httpd(config=f'Include "{SOURCE}/rules/rampart-recommended.conf"\n'
                             "SecRuleEngine On\nSecAuditEngine Off\n"
                             # Room for 100,000 arguments (the recommended 128 KiB would refuse
                             # the body as too large first, with 413).
                             "SecRequestBodyNoFilesLimit 1048576\n", cgi=True)
        cls.h.start()

    @classmethod
    def tearDownClass(cls):
        cls.h.cleanup()

    def test_100000_parameters(self):
        body = "&".join(f"p{i}" for i in range(100_000))  # about 690 KB
        status, _, _ = self.h.request("POST", "/cgi-bin/echo.cgi", harness.FORM, body)
        self.assertEqual(status, 400)
        self.assertTrue(self.h.wait_for_log('[id "200007"]'), self.h.error_log())
        self.assertEqual(self.h.request("GET", "/index.html")[0], 200)

    def test_10000_header_lines(self):
        headers = "".join(f"X-H{i}: {'v' * 10}\r\n" for i in range(10_000))
        raw = (f"GET /index.html HTTP/1.1\r\nHost: x\r\n{headers}\r\n").encode()
        with socket.create_connection(("127.0.0.1", self.h.port), timeout=10) as s:
            try:
                s.sendall(raw)
            except OSError:
                pass  # httpd may answer and close before reading it all
            answer = s.recv(200)
        self.assertTrue(answer.startswith(b"HTTP/1.1 400 "), answer)
        self.assertEqual(self.h.request("GET", "/index.html")[0], 200)
        self.assertEqual(self.h.crashes(), [])


if __name__ == "__main__":
    main()
