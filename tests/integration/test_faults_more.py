"""More faults (issue 10, docs/reliability.md), each with its documented outcome and httpd alive
and answering afterwards:

- The audit log on a file system that fills up (a small tmpfs): the short write is reported at
  most once a minute per process, requests go on, entries resume once there is room again, and
  `rampart log` reports the entry the disk cut off and reads every whole one.
- The audit log on a read-only file system: a Serial log there is a configuration error naming
  the file; a Concurrent storage directory there is reported once per process, requests go on.
- The LMDB collection database full (SecCollectionMapSize 1M): one line per process, updates
  dropped, rules keep running (an attack is still refused).
- SecTmpDir that cannot be created (a path under a regular file) with a multipart upload: the
  file part cannot be stored, which is a body error (v2's "Multipart: Failed to create file"):
  400 by the recommended rule 200002, never an upload that silently skipped inspection.
- A regex past SecPcreMatchLimit behind httpd: no match plus v2's execution-error line; with
  SecInterceptOnError On the rest of the phase is skipped (the request passes, fail-open, as v2).
- A 1 GiB body: refused with 413 before it is read when its length is declared, after
  SecRequestBodyNoFilesLimit when it is chunked; neither is buffered (child RSS stays flat).
- Slowloris: headers sent one byte a second are cut off by httpd's mod_reqtimeout (the
  connection closed without an answer, AH01382 at LogLevel info), a body sent one byte a second
  gets 408 (Rampart's body read reports the timeout); other clients are served meanwhile.

The tmpfs cases need root (mount); without it they are skipped.
"""

import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import unittest

import collections_util
import harness
from harness import FORM, Httpd, main
from rss_util import RssSampler, children

SOURCE = os.environ.get("RAMPART_SOURCE", ".")
CLI = os.environ.get("RAMPART_CLI", "rampart")
RECOMMENDED = f'Include "{SOURCE}/rules/rampart-recommended.conf"\n'
MODULES = harness.MODULES


def mount_tmpfs(path, size, readonly=False):
    """Mounts a tmpfs of `size` at path; False when this process may not mount."""
    opts = f"size={size},mode=0777" + (",ro" if readonly else "")
    p = subprocess.run(["mount", "-t", "tmpfs", "-o", opts, "tmpfs", path],
                       capture_output=True, text=True, timeout=10)
    return p.returncode == 0


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def umount(path):
    subprocess.run(["umount", "-l", path], capture_output=True, timeout=10)


class AuditLogFileSystem(unittest.TestCase):
    """The audit log on a tmpfs mounted outside the ServerRoot (the harness chmods the tree)."""

    def setUp(self):
        self.mnt = tempfile.mkdtemp(prefix="rampart-auditfs-")
        self.mounted = False

    def tearDown(self):
        if self.mounted:
            umount(self.mnt)
        shutil.rmtree(self.mnt, ignore_errors=True)

    def mount(self, size, readonly=False):
        if os.geteuid() != 0 or not mount_tmpfs(self.mnt, size, readonly):
            self.skipTest("cannot mount a tmpfs here (needs root)")
        self.mounted = True

    def config(self, log_type="Serial"):
        text = ("SecRuleEngine On\nSecAuditEngine On\nSecAuditLogParts ABFHZ\n"
                f"SecAuditLogType {log_type}\n"
                f'SecAuditLog "{self.mnt}/audit.log"\n')
        if log_type == "Concurrent":
            text += f'SecAuditLogStorageDir "{self.mnt}/audit"\n'
        return text

    def test_full_file_system(self):
        self.mount("256k")
        h = Httpd(config=self.config())
        log = os.path.join(self.mnt, "audit.log")
        pad = {"X-Pad": "p" * 6000}  # each entry is larger than the room left
        with h:
            self.assertEqual(h.request("GET", "/index.html?before=1", pad)[0], 200)
            # The entry is written after the response (logging phase): wait for it.
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and b"-Z--" not in read_bytes(log):
                time.sleep(0.02)
            filler = os.path.join(self.mnt, "filler")
            fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
            try:
                for _ in range(256):
                    os.write(fd, b"\0" * 4096)
            except OSError:
                pass  # full
            finally:
                os.close(fd)
            os.truncate(filler, os.path.getsize(filler) - 4096)  # one page of room
            for i in range(20):
                self.assertEqual(h.request("GET", f"/index.html?full={i}", pad)[0], 200)
            # Whichever child writes first gets the short write; the other child's report (no
            # room at all) can reach the error log before it, so wait for the short one itself.
            short = h.wait_for_log("bytes written (is the disk full?)")
            reports = h.log_lines(f"Audit log: cannot write to '{log}'")
            self.assertEqual(len(short), 1, h.error_log())
            self.assertLessEqual(len(reports), 2)  # once a minute per child (ServerLimit 2)
            os.unlink(filler)  # room again: the next entries are written
            for i in range(5):
                self.assertEqual(h.request("GET", f"/index.html?after={i}")[0], 200)
            h.stop()
            p = subprocess.run([CLI, "log", "--json", log], capture_output=True, text=True,
                               timeout=60)
            print(f"rampart log after the full disk: exit {p.returncode}, "
                  f"{len(p.stdout.splitlines())} entries, stderr {p.stderr.strip()[:300]!r}")
            # The entry cut by the full disk is reported; the first entry written once there
            # was room again is glued to its last line, and is read all the same.
            lines = p.stdout.splitlines()
            self.assertEqual(sum("before=1" in line for line in lines), 1)
            self.assertEqual(sum("after=" in line for line in lines), 5, p.stderr)
            self.assertIn("cut inside a line", p.stderr)

    def test_serial_log_on_read_only_file_system_is_a_configuration_error(self):
        self.mount("64k", readonly=True)
        rc, out = Httpd(config=self.config()).configtest()
        self.assertNotEqual(rc, 0)
        self.assertIn(f"{self.mnt}/audit.log", out)
        self.assertIn("Read-only file system", out)

    def test_concurrent_storage_on_read_only_file_system(self):
        self.mount("64k")
        os.makedirs(os.path.join(self.mnt, "audit"))
        subprocess.run(["mount", "-o", "remount,ro", self.mnt], check=True, timeout=10)
        h = Httpd(config=self.config("Concurrent").replace(
            f'SecAuditLog "{self.mnt}/audit.log"', 'SecAuditLog "@ROOT@/logs/audit.log"'))
        with h:
            for i in range(20):
                self.assertEqual(h.request("GET", f"/index.html?i={i}")[0], 200)
            reports = h.wait_for_log("Audit log: cannot create")
            self.assertGreaterEqual(len(reports), 1, h.error_log())
            self.assertLessEqual(len(reports), 2)
            self.assertIn("Read-only file system", reports[0])


class LmdbMapFull(unittest.TestCase):
    """Records of 6 KB under distinct keys until the 1 MiB map is full."""

    CONFIG = """SecRuleEngine On
SecDataDir "@ROOT@/data"
SecCollectionMapSize 1M
SecAction "id:1,phase:1,pass,nolog,initcol:user=%{ARGS.u},setvar:user.blob=%{ARGS.blob}"
SecRule ARGS:q "@contains attack" "id:2,phase:1,deny,status:403,log"
"""

    def test_full_map_is_logged_once_and_rules_keep_running(self):
        h = Httpd(config=self.CONFIG)
        collections_util.make_data_dir(h)
        blob = "x" * 6000
        with h:
            conn = h.connection()
            for i in range(300):  # about twice what fits
                status = h.request("GET", f"/index.html?u=user{i}&blob={blob}", conn=conn)[0]
                self.assertEqual(status, 200)
            conn.close()
            lines = h.wait_for_log("rampart: collections: the database is full")
            self.assertGreaterEqual(len(lines), 1, h.error_log()[-3000:])
            self.assertLessEqual(len(lines), 2)  # once per process (ServerLimit 2)
            self.assertIn("SecCollectionMapSize 1048576", lines[0])
            self.assertEqual(h.request("GET", "/index.html?u=late&q=attack")[0], 403)
            self.assertEqual(h.request("GET", "/index.html?u=late2")[0], 200)
            stored = collections_util.dump(os.path.join(h.root, "data"))
            self.assertGreater(len(stored), 50)  # what fitted is kept
            self.assertLess(len(stored), 300)
            print(f"LMDB 1 MiB map: {len(stored)} of 300 records of 6 KB stored")


class MultipartTmpDirUnwritable(unittest.TestCase):
    BOUNDARY = "Xb1"

    def body(self):
        b = self.BOUNDARY
        return (f"--{b}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nreport\r\n"
                f"--{b}\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\n"
                f"Content-Type: text/plain\r\n\r\nhello file\r\n--{b}--\r\n")

    # index.html is a regular file: nothing can be created under it, root or not.
    CONFIG = RECOMMENDED + ('SecRuleEngine On\nSecAuditEngine Off\n'
                            'SecTmpDir "@ROOT@/htdocs/index.html/tmp"\n')

    def test_file_part_that_cannot_be_stored_is_a_body_error(self):
        # A rule reads the stored files, so the file part must be written.
        config = self.CONFIG + 'SecRule FILES_TMPNAMES "@rx ^$" "id:7001,phase:2,pass,nolog"\n'
        with Httpd(config=config) as h:
            ctype = f"multipart/form-data; boundary={self.BOUNDARY}"
            status = h.request("POST", "/index.html", {"Content-Type": ctype}, self.body())[0]
            self.assertEqual(status, 400)
            lines = h.wait_for_log('[id "200002"]')
            self.assertEqual(len(lines), 1, h.error_log())
            self.assertIn("Multipart: Failed to create file", lines[0])
            self.assertIn("/htdocs/index.html/tmp/", lines[0])
            # Fields alone need no file: they still pass.
            fields = self.body().split(f"--{self.BOUNDARY}\r\nContent-Disposition: form-data; "
                                       "name=\"f\"")[0] + f"--{self.BOUNDARY}--\r\n"
            self.assertEqual(h.request("POST", "/index.html", {"Content-Type": ctype},
                                       fields)[0], 200)

    def test_file_part_nothing_reads_is_not_written(self):
        # No rule reads files from disk and none are kept: nothing is written, nothing fails.
        with Httpd(config=self.CONFIG) as h:
            ctype = f"multipart/form-data; boundary={self.BOUNDARY}"
            status = h.request("POST", "/index.html", {"Content-Type": ctype}, self.body())[0]
            self.assertEqual(status, 200, h.error_log())
            self.assertNotIn("Failed to create file", h.error_log())


class PcreLimit(unittest.TestCase):
    RULES = """SecRuleEngine On
SecPcreMatchLimit 1000
SecPcreMatchLimitRecursion 1000
SecInterceptOnError {mode}
SecRule ARGS:q "@rx ^(a|a)+$" "id:1,phase:1,deny,status:403"
SecRule ARGS:q "@contains aaaa" "id:2,phase:1,deny,status:406"
"""
    SUBJECT = "a" * 40 + "b"  # nested quantifiers backtrack exponentially on it

    def run_mode(self, mode):
        with Httpd(config=self.RULES.format(mode=mode)) as h:
            status = h.request("GET", f"/index.html?q={self.SUBJECT}")[0]
            lines = h.wait_for_log("Execution error - PCRE limits exceeded")
            self.assertEqual(len(lines), 1, h.error_log())
            self.assertIn('[id "1"]', lines[0])
            self.assertEqual(h.request("GET", "/index.html?q=aaaa")[0], 403)  # within limits
            return status, h.error_log()

    def test_intercept_on_error_off_goes_on_with_the_phase(self):
        status, _ = self.run_mode("Off")
        self.assertEqual(status, 406)  # rule 1 failed as no match; rule 2 ran

    def test_intercept_on_error_on_skips_the_rest_of_the_phase(self):
        status, log = self.run_mode("On")
        self.assertEqual(status, 200)  # v2's fail-open: the phase ends, the request passes
        self.assertIn("Rule processing failed; the remaining rules of phase 1 are skipped "
                      "(SecInterceptOnError On)", log)


GIB = 1 << 30


class HugeBody(unittest.TestCase):
    """1 GiB offered on a socket from a generator (never held in memory by the test); a reader
    thread takes the answer while the writer still sends."""

    @classmethod
    def setUpClass(cls):
        cls.h = Httpd(config=RECOMMENDED + 'SecRuleEngine On\nSecAuditEngine Off\n'
                                           'SecTmpDir "@ROOT@/tmp"\n')
        os.makedirs(os.path.join(cls.h.root, "tmp"))
        cls.h.start()
        os.chmod(os.path.join(cls.h.root, "tmp"), 0o777)

    @classmethod
    def tearDownClass(cls):
        cls.h.cleanup()

    def send(self, head, pieces, budget=20.0):
        """Writes head then pieces until the server answers or closes, or `budget` seconds;
        returns (answer bytes, body bytes sent, seconds)."""
        answer = bytearray()
        s = socket.create_connection(("127.0.0.1", self.h.port), timeout=budget)

        def read():
            try:
                while True:
                    data = s.recv(65536)
                    if not data:
                        return
                    answer.extend(data)
            except OSError:
                return

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        sent = 0
        begin = time.monotonic()
        try:
            s.sendall(head)
            for piece in pieces:
                if answer or time.monotonic() - begin > budget:
                    break
                s.sendall(piece)
                sent += len(piece)
        except OSError:
            pass  # the server answered and closed: what we are waiting for
        reader.join(timeout=budget)
        s.close()
        return bytes(answer), sent, time.monotonic() - begin

    def check(self, head, pieces):
        self.assertEqual(self.h.request("GET", "/index.html")[0], 200)  # children are up
        kids = children(self.h.pid())
        self.assertTrue(kids)
        sampler = RssSampler(kids)
        sampler.start()
        try:
            answer, sent, seconds = self.send(head, pieces)
        finally:
            sampler.stop()
        self.assertTrue(answer.startswith(b"HTTP/1.1 413 "), answer[:200])
        self.assertLess(seconds, 10)
        growth = max(sampler.peak[p] - sampler.baseline[p] for p in kids)
        self.assertLess(growth, 32 << 20, "a child buffered the body")
        self.assertEqual(self.h.request("GET", "/index.html")[0], 200)
        self.assertEqual(self.h.crashes(), [])
        return sent, seconds, growth

    def test_declared_1gib_is_refused_before_it_is_read(self):
        piece = b"a" * 65536
        head = (f"POST /index.html HTTP/1.1\r\nHost: x\r\nContent-Type: {FORM}\r\n"
                f"Content-Length: {GIB}\r\n\r\n").encode()
        sent, seconds, growth = self.check(head, (piece for _ in range(GIB // len(piece))))
        print(f"declared 1 GiB: 413 after {sent} body bytes sent, {seconds:.2f} s, "
              f"child RSS +{growth >> 10} KiB")
        self.assertTrue(self.h.wait_for_log("Request body (Content-Length) is larger than"),
                        self.h.error_log())

    def test_chunked_1gib_is_refused_at_the_limit(self):
        piece = b"a" * 65536
        chunk = f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
        head = (f"POST /index.html HTTP/1.1\r\nHost: x\r\nContent-Type: {FORM}\r\n"
                "Transfer-Encoding: chunked\r\n\r\n").encode()
        sent, seconds, growth = self.check(head, (chunk for _ in range(GIB // len(piece))))
        print(f"chunked 1 GiB: 413 after {sent} body bytes sent, {seconds:.2f} s, "
              f"child RSS +{growth >> 10} KiB")
        self.assertLess(sent, 64 << 20)  # the client was cut off long before 1 GiB


class Slowloris(unittest.TestCase):
    """mod_reqtimeout (Debian enables it by default): 2 s for the headers, 3 s for a body, each
    extended only by clients sending at least 500 bytes a second."""

    CONFIG = (f"LoadModule reqtimeout_module {MODULES}/mod_reqtimeout.so\n"
              "RequestReadTimeout header=2-4,MinRate=500 body=3,MinRate=500\n"
              "SecRuleEngine On\nSecRequestBodyAccess On\n")
    TRICKLERS = 4
    LIMIT = 15  # seconds a trickler keeps going at most

    def trickle(self, port, head, data, out, i):
        """Sends head at once, then data one byte a second until the server answers or closes;
        records (answer, closed by the server, seconds)."""
        begin = time.monotonic()
        answer, closed = b"", False
        with socket.create_connection(("127.0.0.1", port), timeout=self.LIMIT) as s:
            try:
                s.sendall(head)
                s.settimeout(1.0)
                for byte in data:
                    if time.monotonic() - begin > self.LIMIT:
                        break
                    s.sendall(bytes([byte]))
                    try:
                        got = s.recv(4096)
                    except socket.timeout:
                        continue  # a second has passed: the next byte
                    answer += got
                    if not got or answer:
                        closed = True
                        break
            except OSError:
                closed = True
        out[i] = (answer, closed, time.monotonic() - begin)

    def run_trickle(self, head, data, answer):
        """Tricklers and, meanwhile, ordinary requests every 0.2 s that must be served."""
        with Httpd(config=self.CONFIG) as h:
            out = {}
            threads = [threading.Thread(target=self.trickle, args=(h.port, head, data, out, i))
                       for i in range(self.TRICKLERS)]
            for t in threads:
                t.start()
            served = []
            time.sleep(0.5)
            while any(t.is_alive() for t in threads) and len(served) < 100:
                begin = time.monotonic()
                status = h.request("GET", "/index.html")[0]
                served.append((status, time.monotonic() - begin))
                time.sleep(0.2)
            for t in threads:
                t.join(timeout=self.LIMIT + 5)
            self.assertGreater(len(served), 5)
            self.assertTrue(all(st == 200 and sec < 1.0 for st, sec in served), served)
            self.assertEqual(len(out), self.TRICKLERS)
            for got, closed, seconds in out.values():
                self.assertTrue(closed)
                self.assertTrue(got.startswith(answer), got[:200])
                self.assertLess(seconds, 8)
            self.assertEqual(h.crashes(), [])
            return h.error_log(), out, served

    def test_headers_one_byte_a_second(self):
        data = b"GET /index.html HTTP/1.1\r\nHost: x\r\nUser-Agent: slow\r\n\r\n"
        # httpd closes a connection whose request line or headers time out without an answer.
        _log, out, served = self.run_trickle(b"", data, answer=b"")
        print(f"header trickle: {len(out)} connections closed after "
              f"{max(t for _a, _c, t in out.values()):.1f} s; {len(served)} other requests served")

    def test_body_one_byte_a_second(self):
        body = b"a=" + b"x" * 98
        head = (f"POST /index.html HTTP/1.1\r\nHost: x\r\nContent-Type: {FORM}\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        log, out, served = self.run_trickle(head, body, answer=b"HTTP/1.1 408 ")
        # Rampart reads the body for phase 2: the timeout reaches it as a read error.
        self.assertIn("Error reading request body", log)
        print(f"body trickle: {len(out)} connections answered 408 after "
              f"{max(t for _a, _c, t in out.values()):.1f} s; {len(served)} other requests served")


if __name__ == "__main__":
    main()
