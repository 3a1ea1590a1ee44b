"""SecRequestBodyInMemoryLimit and SecTmpDir: the part of a request body beyond the in-memory
limit goes to a 0600 temporary file under SecTmpDir, which is gone once the request ends; a
10 MiB upload leaves the httpd child's RSS flat; bodies of every size, sent with Content-Length
or chunked, reach CGI and mod_proxy byte-identical."""

import glob
import os
import stat
import time
import unittest

from harness import EchoBackend, Httpd, main
from rss_util import RssSampler, children

IN_MEMORY = 131072
OCTETS = {"Content-Type": "application/octet-stream"}
CONFIG = f"""SecRuleEngine On
SecRequestBodyAccess On
SecRequestBodyInMemoryLimit {IN_MEMORY}
SecTmpDir "@ROOT@/tmp"
SecRule REQUEST_HEADERS:X-Block "@rx ." "id:5000,phase:2,deny"
"""
UPLOAD = 10 * 1024 * 1024
RSS_SLACK = 6 * 1024 * 1024  # a few MiB: allocator noise, never the body itself
WAIT = 10.0  # seconds any single wait may take


def pieces(data, size):
    for i in range(0, len(data), size):
        yield data[i:i + size]


class Spill(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.backend = EchoBackend().__enter__()
        proxy = f"ProxyPass /backend/ http://127.0.0.1:{cls.backend.port}/\n"
        cls.httpd = Httpd(config=CONFIG + proxy, cgi=True, proxy=True)
        cls.tmp = os.path.join(cls.httpd.root, "tmp")
        os.makedirs(cls.tmp)
        cls.httpd.start()
        os.chmod(cls.tmp, 0o777)  # the children run as www-data

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()
        cls.backend.__exit__(None, None, None)

    def spill_files(self):
        return glob.glob(os.path.join(self.tmp, "*-request_body-*"))

    def wait_until(self, predicate):
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if predicate():
                return True
            time.sleep(0.02)
        return predicate()

    def post(self, path, body, chunked=False, headers=OCTETS):
        c = self.httpd.connection()
        try:
            if chunked:
                c.request("POST", path, body=pieces(body, 7000), headers=headers,
                          encode_chunked=True)
            else:
                c.request("POST", path, body=body, headers=headers)
            r = c.getresponse()
            return r.status, r.read()
        finally:
            c.close()

    def test_large_upload_spills_to_tmp_dir_and_keeps_rss_flat(self):
        h = self.httpd
        body = os.urandom(UPLOAD)
        self.assertEqual(self.post("/cgi-bin/echo.cgi", os.urandom(300000))[0], 200)  # warm up
        self.assertTrue(self.wait_until(lambda: not self.spill_files()))
        pids = children(h.pid())
        self.assertTrue(pids, "no httpd children found")
        sampler = RssSampler(pids)
        sampler.start()
        seen = {}

        def send():
            # All but the last 64 KiB, then look for the spill file while httpd waits for them.
            yield from pieces(body[:-65536], 65536)
            self.wait_until(lambda: any(os.path.getsize(p) > UPLOAD // 2
                                        for p in self.spill_files()))
            seen["files"] = [(p, os.stat(p)) for p in self.spill_files()]
            yield body[-65536:]

        c = h.connection()
        try:
            c.request("POST", "/cgi-bin/echo.cgi", body=send(),
                      headers=dict(OCTETS, **{"Content-Length": str(UPLOAD)}))
            r = c.getresponse()
            status, echoed = r.status, r.read()
        finally:
            c.close()
            sampler.stop()
        self.assertEqual(status, 200)
        self.assertEqual(echoed, body, "the 10 MiB body changed on its way to CGI")
        self.assertEqual(len(seen["files"]), 1, seen)
        path, st = seen["files"][0]
        self.assertEqual(stat.S_IMODE(st.st_mode), 0o600, path)
        self.assertGreater(st.st_size, UPLOAD // 2)
        self.assertTrue(self.wait_until(lambda: not self.spill_files()),
                        f"spill file left behind: {self.spill_files()}")
        for pid in pids:
            grew = sampler.peak[pid] - sampler.baseline[pid]
            self.assertLess(grew, RSS_SLACK, f"child {pid} grew by {grew} bytes during the upload")

    def test_denied_request_leaves_no_spill_file(self):
        status, _ = self.post("/cgi-bin/echo.cgi", os.urandom(IN_MEMORY * 3),
                              headers=dict(OCTETS, **{"X-Block": "1"}))
        self.assertEqual(status, 403)
        self.assertTrue(self.wait_until(lambda: not self.spill_files()), self.spill_files())

    def test_bodies_of_every_size_are_byte_identical(self):
        sizes = (1, 8191, 8192, 8193, IN_MEMORY - 1, IN_MEMORY, IN_MEMORY + 1, 1048583,
                 3 * 1024 * 1024 + 5)
        for size in sizes:
            body = os.urandom(size)
            for path in ("/cgi-bin/echo.cgi", "/backend/echo"):
                for chunked in (False, True):
                    with self.subTest(size=size, path=path, chunked=chunked):
                        status, echoed = self.post(path, body, chunked)
                        self.assertEqual(status, 200)
                        self.assertEqual(len(echoed), size)
                        self.assertEqual(echoed, body)
        self.assertTrue(self.wait_until(lambda: not self.spill_files()), self.spill_files())


class UnwritableTmpDir(unittest.TestCase):
    """A SecTmpDir that cannot hold the spill file: 500 with a line saying what to fix when
    enforcing; DetectionOnly keeps the body in memory instead and never blocks."""

    LINE = "rampart: cannot create the request body spill file"

    def check(self, mode, want_status):
        conf = CONFIG.replace("SecRuleEngine On", f"SecRuleEngine {mode}").replace(
            "@ROOT@/tmp", "@ROOT@/no-such-dir")
        with Httpd(config=conf, cgi=True) as h:
            body = os.urandom(IN_MEMORY * 2)
            status, _, echoed = h.request("POST", "/cgi-bin/echo.cgi", OCTETS, body)
            self.assertEqual(status, want_status)
            if want_status == 200:
                self.assertEqual(echoed, body)
            lines = h.wait_for_log(self.LINE)
            self.assertEqual(len(lines), 1, h.error_log())
            self.assertIn("check that SecTmpDir names a directory the httpd user can write",
                          lines[0])

    def test_enforcing_fails_closed(self):
        self.check("On", 500)

    def test_detection_only_keeps_the_body_in_memory(self):
        self.check("DetectionOnly", 200)


if __name__ == "__main__":
    main()
