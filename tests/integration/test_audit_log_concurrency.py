"""Many writers, one Serial audit log: 8 clients x 500 requests give exactly 4,000 whole entries
(each parses, ids unique, every request once), under mpm_event and mpm_prefork, native and JSON.
Some entries are larger than PIPE_BUF, so a writer that split them would be caught."""

import http.client
import os
import re
import threading
import time
import unittest

import audit_util
import harness

CLIENTS = 8
PER_CLIENT = 500
TIME_LIMIT = 150.0  # seconds for the 4,000 requests; a hang fails instead of stalling ctest
PAD = "p" * 6000    # a header that makes every 50th entry larger than PIPE_BUF (4096)

RULES = """SecRuleEngine On
SecAuditEngine On
SecAuditLogParts ABFHZ
SecAuditLogType Serial
SecAuditLogFormat %s
SecAuditLog "@ROOT@/logs/audit.log"
SecRule ARGS:i "@rx 7$" "id:3001,phase:1,deny,status:403,nolog,auditlog,msg:'ends in seven'"
SecRule ARGS:c "@rx ." "id:3002,phase:1,pass,nolog,auditlog,msg:'client'"
"""


# httpd's "internal dummy connection": the parent sends it to wake a child it stops (prefork does
# when it trims idle children, more often when children start slowly, as under ASan). With
# SecAuditEngine On it is audited like any request, as ModSecurity v2 does; it is not ours.
DUMMY = "OPTIONS * HTTP/1.0"


def blocked(i):
    return str(i).endswith("7")


def send(h, conn, path, headers):
    # httpd may close an idle keep-alive connection just as the next request goes out (an idle
    # child being stopped); like any HTTP client, send it again on a new connection. A request
    # that had been served would show up twice in the log and fail the count.
    for attempt in range(3):
        try:
            return h.request("GET", path, headers=headers, conn=conn)[0]
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            conn.close()
            if attempt == 2:
                raise


def client(h, c, failures):
    conn = h.connection()
    try:
        for i in range(PER_CLIENT):
            headers = {"X-Pad": PAD} if i % 50 == 0 else {}
            status = send(h, conn, f"/?c={c}&i={i}", headers)
            if status != (403 if blocked(i) else 200):
                failures.append(f"client {c} request {i}: status {status}")
            if status == 403:
                conn.close()  # httpd ends the connection after a phase-1 deny; start a new one
    except Exception as e:  # reported by the main thread
        failures.append(f"client {c}: {e!r}")
    finally:
        conn.close()


def hammer(h):
    failures = []
    threads = [threading.Thread(target=client, args=(h, c, failures)) for c in range(CLIENTS)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=max(1.0, TIME_LIMIT - (time.monotonic() - start)))
    return failures, [t for t in threads if t.is_alive()], time.monotonic() - start


class ManyWriters(unittest.TestCase):
    def run_mode(self, mpm, log_format):
        with harness.Httpd(config=RULES % log_format, mpm=mpm, unique_id=True) as h:
            failures, hung, elapsed = hammer(h)
            self.assertEqual(hung, [], f"clients still running after {TIME_LIMIT}s")
            self.assertEqual(failures[:5], [])
            h.stop()
            path = os.path.join(h.logs, "audit.log")
            text = audit_util.read(path)
            if log_format == "Native":
                entries = [e for e in audit_util.parse_native(text)
                           if not e["parts"]["B"].startswith(DUMMY)]
                ids = [audit_util.header_fields(e)[1] for e in entries]
                lines = [e["parts"]["B"].split("\n")[0] for e in entries]
            else:
                entries = [e for e in audit_util.parse_json_lines(text)
                           if e["request"]["request_line"] != DUMMY]
                ids = [e["transaction"]["transaction_id"] for e in entries]
                lines = [e["request"]["request_line"] for e in entries]
            total = CLIENTS * PER_CLIENT
            self.assertEqual(len(entries), total)
            self.assertEqual(len(set(ids)), total, "unique ids repeat")
            seen = set()
            for line in lines:
                m = re.match(r"GET /\?c=(\d+)&i=(\d+) HTTP/1\.1$", line)
                self.assertIsNotNone(m, line)
                seen.add((int(m.group(1)), int(m.group(2))))
            self.assertEqual(len(seen), total)
            print(f"{mpm}/{log_format}: {total} entries in {elapsed:.1f}s")

            # rampart log reads all of them, and agrees on what was blocked.
            rc, out, err = audit_util.rampart_log("--json", path)
            self.assertEqual((rc, err), (0, ""))
            got = [e for e in audit_util.parse_json_lines(out) if e["method"] != "OPTIONS"]
            self.assertEqual(len(got), total)
            want_blocked = CLIENTS * sum(1 for i in range(PER_CLIENT) if blocked(i))
            self.assertEqual(sum(1 for e in got if e["blocked"]), want_blocked)

    def test_event_native(self):
        self.run_mode("event", "Native")

    def test_prefork_native(self):
        self.run_mode("prefork", "Native")

    def test_event_json(self):
        self.run_mode("event", "JSON")


if __name__ == "__main__":
    harness.main()
