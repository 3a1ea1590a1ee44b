"""The audit log's other outputs through a real httpd: a piped `SecAuditLog "|program"` (every
entry reaches the program; a program that exits early never stalls or crashes requests and is
reported a bounded number of times), Concurrent logs with SecAuditLog and SecAuditLog2 (both index
logs get the index line, the entry file exists), and SecAuditLogDirMode / SecAuditLogFileMode
(the modes of what a Concurrent log creates)."""

import hashlib
import os
import re
import signal
import time
import unittest

import audit_util
import harness

RULE_ID = "4242"
# A phase-2 deny keeps the keep-alive connection open, so the next request on it is only read
# once the previous one has been logged: a stalled audit-log write would show in its time.
RULES = """SecRuleEngine On
SecAuditEngine RelevantOnly
SecAuditLogParts ABHZ
SecAuditLogType %(type)s
SecAuditLog "%(log)s"
%(extra)s
SecRule ARGS:attack "@contains evil" "id:4242,phase:2,deny,status:403,msg:'audit output test'"
"""

# Appends everything it reads to argv[1], unbuffered, until end of input.
SINK = """import os, sys
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
while True:
    data = os.read(0, 65536)
    if not data:
        break
    os.write(fd, data)
"""
# Keeps the first 100 bytes it reads in argv[1] and exits: a log program that stops reading.
EARLY_EXIT = """import sys
data = sys.stdin.buffer.read(100)
with open(sys.argv[1], "wb") as f:
    f.write(data)
"""

N = 20
REQUEST_LIMIT = 2.0   # seconds for one request while the log program is gone
FLUSH_TIMEOUT = 10.0  # seconds for the piped entries to reach the program's file
EXIT_TIMEOUT = 5.0    # seconds for the log program to exit once httpd has stopped
PIPE_REPORT = "ModSecurity: Audit log: cannot write to the audit log program '|"


def server(log, log_type="Serial", extra="", files=None):
    return harness.Httpd(config=RULES % {"type": log_type, "log": log, "extra": extra},
                         unique_id=True, files=files)


def log_programs(h):
    """(pid, command line) of the processes running a script of this test's ServerRoot."""
    needle = (h.root + "/bin/").encode()
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmdline = f.read()
        except OSError:
            continue
        if needle in cmdline and harness.pid_alive(int(name)):
            found.append((int(name), cmdline.replace(b"\0", b" ").decode(errors="replace")))
    return found


def kill_log_programs(h):
    for pid, _ in log_programs(h):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def blocked_path(i):
    return f"/index.html?attack=evil&i={i}"


def request_numbers(entries):
    out = []
    for e in entries:
        m = re.match(r"GET /index\.html\?attack=evil&i=(\d+) HTTP/1\.1\n", e["parts"]["B"])
        out.append(int(m.group(1)) if m else e["parts"]["B"].split("\n")[0])
    return sorted(out, key=str)


class Piped(unittest.TestCase):
    def test_program_receives_every_entry(self):
        h = server('|/usr/bin/python3 @ROOT@/bin/sink.py @ROOT@/logs/piped.log',
                   files={"bin/sink.py": SINK})
        out = os.path.join(h.logs, "piped.log")
        try:
            with h:
                conn = h.connection()
                try:
                    for i in range(N):
                        self.assertEqual(h.request("GET", blocked_path(i), conn=conn)[0], 403)
                        # Not relevant under RelevantOnly: must not reach the program.
                        self.assertEqual(h.request("GET", f"/index.html?ok={i}", conn=conn)[0],
                                         200)
                finally:
                    conn.close()
                entries = []
                deadline = time.monotonic() + FLUSH_TIMEOUT
                while len(entries) < N and time.monotonic() < deadline:
                    time.sleep(0.1)
                    try:
                        entries = audit_util.parse_native(audit_util.read(out))
                    except (OSError, ValueError):  # not there yet, or the last entry half-read
                        entries = []
                self.assertEqual(len(entries), N)
                # One program (sh -c may exec it in place), started once for all children.
                self.assertIn(len(log_programs(h)), (1, 2), log_programs(h))
                self.assertEqual(sum("python3" in c and "sh -c" not in c
                                     for _, c in log_programs(h)), 1, log_programs(h))
                h.stop()
                deadline = time.monotonic() + EXIT_TIMEOUT
                while log_programs(h) and time.monotonic() < deadline:
                    time.sleep(0.05)
                self.assertEqual(log_programs(h), [], "the log program outlived httpd")
                self.assertEqual(h.log_lines("Audit log:"), [])
                text = audit_util.read(out)
        finally:
            kill_log_programs(h)
        entries = audit_util.parse_native(text)  # whole entries, none interleaved
        self.assertEqual(request_numbers(entries), sorted(range(N), key=str))
        for e in entries:
            self.assertEqual(e["order"], "ABHZ")
            self.assertIn(f'[id "{RULE_ID}"]', e["parts"]["H"])
            self.assertEqual(audit_util.trailer_lines(e, "Action"), ["Intercepted (phase 2)"])
        self.assertEqual(len({e["boundary"] for e in entries}), N)
        self.assertEqual(len({audit_util.header_fields(e)[1] for e in entries}), N)

    def test_program_that_exits_early_does_not_stall_requests(self):
        h = server('|/usr/bin/python3 @ROOT@/bin/early.py @ROOT@/logs/early.out',
                   files={"bin/early.py": EARLY_EXIT})
        out = os.path.join(h.logs, "early.out")
        try:
            with h:
                conn = h.connection()
                try:
                    # The first entry fills the program's 100 bytes; it then exits.
                    self.assertEqual(h.request("GET", blocked_path(0), conn=conn)[0], 403)
                    deadline = time.monotonic() + EXIT_TIMEOUT
                    while log_programs(h) and time.monotonic() < deadline:
                        time.sleep(0.05)
                    self.assertEqual(log_programs(h), [])
                    start = time.monotonic()
                    for i in range(1, N + 1):
                        t = time.monotonic()
                        self.assertEqual(h.request("GET", blocked_path(i), conn=conn)[0], 403)
                        self.assertLess(time.monotonic() - t, REQUEST_LIMIT, f"request {i}")
                    self.assertLess(time.monotonic() - start, N * REQUEST_LIMIT / 4)
                    # And the server still answers plain requests.
                    self.assertEqual(h.request("GET", "/index.html", conn=conn)[0], 200)
                finally:
                    conn.close()
                reports = h.wait_for_log(PIPE_REPORT)
                self.assertEqual(len(h.log_lines(f'[id "{RULE_ID}"]')), N + 1)  # every alert
                with open(out, "rb") as f:
                    head = f.read()
        finally:
            kill_log_programs(h)
        self.assertEqual(len(head), 100)
        self.assertRegex(head.decode(), r"^--[0-9a-f]{8}-A--\n\[")
        # Reported, but at most once a minute per child (ServerLimit 2), not once per request.
        self.assertGreaterEqual(len(reports), 1)
        self.assertLessEqual(len(reports), 2, "\n".join(reports))
        self.assertIn("/bin/early.py", reports[0])
        self.assertIn("': Broken pipe (reported at most once a minute per process", reports[0])


def concurrent_server(extra=""):
    h = server("@ROOT@/logs/index.log", log_type="Concurrent",
               extra='SecAuditLog2 "@ROOT@/logs/index2.log"\n'
                     'SecAuditLogStorageDir "@ROOT@/audit"\n' + extra)
    os.makedirs(os.path.join(h.root, "audit"), exist_ok=True)
    return h


def open_storage(h):
    # The entries are written by the children, which run as www-data under root.
    os.chmod(os.path.join(h.root, "audit"), 0o777)


def run_with_umask(h, umask):
    """Starts h with the given umask (httpd keeps the one it was started with)."""
    old = os.umask(umask)
    try:
        return h.__enter__()
    finally:
        os.umask(old)


class Concurrent(unittest.TestCase):
    def test_both_index_logs_get_the_index_line(self):
        with concurrent_server() as h:
            open_storage(h)
            self.assertEqual(h.request("GET", blocked_path(1))[0], 403)
            self.assertEqual(h.request("GET", "/index.html?ok=1")[0], 200)  # not relevant
            m = re.search(r'\[unique_id "([^"]+)"\]', h.error_log())
            self.assertIsNotNone(m)
            alert_id = m.group(1)
            h.stop()
            index = audit_util.read(os.path.join(h.logs, "index.log"))
            index2 = audit_util.read(os.path.join(h.logs, "index2.log"))
            storage = os.path.join(h.root, "audit")
            self.assertEqual(len(index.splitlines()), 1, index)
            self.assertTrue(index.endswith(" \n"), repr(index))
            # v2 (msc_logging.c) writes the same index line to SecAuditLog and SecAuditLog2.
            self.assertEqual(index2, index)
            m = audit_util.INDEX_LINE.match(index.splitlines()[0])
            self.assertIsNotNone(m, index)
            self.assertEqual(m.group(6), "GET /index.html?attack=evil&i=1 HTTP/1.1")
            self.assertEqual((m.group(7), m.group(9)), ("403", alert_id))
            self.assertRegex(m.group(10),
                             r"^/\d{8}/\d{8}-\d{4}/\d{8}-\d{6}-" + re.escape(alert_id) + "$")
            path = storage + m.group(10)
            self.assertTrue(os.path.isfile(path), path)
            with open(path, "rb") as f:
                data = f.read()
            self.assertEqual(len(data), int(m.group(11)))
            self.assertEqual(hashlib.md5(data).hexdigest(), m.group(12))
            [e] = audit_util.parse_native(data.decode())
            self.assertEqual(audit_util.header_fields(e)[1], alert_id)
            self.assertIn(f'[id "{RULE_ID}"]', e["parts"]["H"])
            # Only the one relevant transaction has a file.
            files = [os.path.join(d, f) for d, _, fs in os.walk(storage) for f in fs]
            self.assertEqual(files, [path])


class Modes(unittest.TestCase):
    MODES = "SecAuditLogDirMode 0750\nSecAuditLogFileMode 0640\n"

    def created_modes(self, umask):
        """(modes of the two directories created, mode of the entry file) under that umask."""
        h = concurrent_server(self.MODES)
        run_with_umask(h, umask)
        try:
            open_storage(h)
            self.assertEqual(h.request("GET", blocked_path(1))[0], 403)
            h.stop()
            [line] = audit_util.read(os.path.join(h.logs, "index.log")).splitlines()
            rel = audit_util.INDEX_LINE.match(line).group(10)   # /YYYYMMDD/YYYYMMDD-HHMM/file
            storage = os.path.join(h.root, "audit")
            day, minute, _ = rel.strip("/").split("/")
            dirs = (os.path.join(storage, day), os.path.join(storage, day, minute))
            dir_modes = [os.stat(d).st_mode & 0o777 for d in dirs]
            file_mode = os.stat(storage + rel).st_mode & 0o777
            return dir_modes, file_mode
        finally:
            h.cleanup()

    def test_modes_under_the_usual_umask(self):
        # 022, as Debian's and most init systems' default: the configured modes come through.
        dir_modes, file_mode = self.created_modes(0o022)
        self.assertEqual([oct(m) for m in dir_modes], ["0o750", "0o750"])
        self.assertEqual(oct(file_mode), "0o640")

    # A hardened host's umask 077 must not narrow what the site owner configured (ModSecurity
    # v2, through APR, lets the umask win; Rampart sets the modes exactly).
    def test_modes_are_the_configured_ones_under_a_strict_umask(self):
        dir_modes, file_mode = self.created_modes(0o077)
        self.assertEqual([oct(m) for m in dir_modes], ["0o750", "0o750"])
        self.assertEqual(oct(file_mode), "0o640")


if __name__ == "__main__":
    harness.main()
