"""Memory given back after large bodies (apache/memory.cc): each child fixes glibc's mmap and
trim thresholds, so the buffers of 1 MB JSON bodies are unmapped when freed instead of staying
in 10 threads' heap arenas. The same load runs twice, once with glibc left alone (a site that
sets GLIBC_TUNABLES keeps its own settings) and once with Rampart's thresholds; the second must
keep clearly less memory per child."""

import json
import os
import threading
import time
import unittest

from harness import Httpd, main
from rss_util import children, rss_bytes

CONFIG = f"""Include {os.environ.get("RAMPART_SOURCE", ".")}/rules/rampart-recommended.conf
SecRuleEngine On
SecRequestBodyNoFilesLimit 2097152
"""
CLIENTS = 16
REQUESTS = 10  # per client, each on a connection of its own (httpd may close idle keep-alives)
JOIN_TIMEOUT = 120.0
CHILD_TIMEOUT = 10.0  # seconds to wait for httpd's children to appear
MIB = 1024 * 1024


def json_body():
    text = "lorem ipsum dolor sit amet " * 150  # about 4 KB per value, 250 values
    return json.dumps({"articles": [{"id": i, "title": f"article {i}", "body": text}
                                    for i in range(250)]}).encode()


class MemoryRelease(unittest.TestCase):
    def growth_per_child(self, tunables):
        """Largest RSS growth of a child after CLIENTS x REQUESTS 1 MB JSON bodies, in MiB."""
        saved = os.environ.get("GLIBC_TUNABLES")
        if tunables:
            os.environ["GLIBC_TUNABLES"] = tunables
        try:
            h = Httpd(config=CONFIG, files={"htdocs/post": "ok\n"}).start()
        finally:
            if saved is None:
                os.environ.pop("GLIBC_TUNABLES", None)
            else:
                os.environ["GLIBC_TUNABLES"] = saved
        try:
            body = json_body()
            statuses, failures = [], []
            start = {}

            def client():
                try:
                    for _ in range(REQUESTS):
                        status, _, _ = h.request("POST", "/post", body=body,
                                                 headers={"Content-Type": "application/json"})
                        statuses.append(status)
                except Exception as e:  # noqa: BLE001 - reported below
                    failures.append(repr(e))

            # httpd accepts connections on the parent's socket before its children exist, so
            # one small request first: the baseline is then taken from running children.
            self.assertEqual(h.request("GET", "/post")[0], 200)
            deadline = time.monotonic() + CHILD_TIMEOUT
            while not start and time.monotonic() < deadline:
                start = {pid: rss_bytes(pid) or 0 for pid in children(h.pid())}
                time.sleep(0.05)
            self.assertTrue(start, "no httpd children found")
            threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(JOIN_TIMEOUT)
            self.assertEqual(failures, [])
            self.assertEqual(statuses, [200] * CLIENTS * REQUESTS)
            baseline = min(start.values())
            rss = [rss_bytes(pid) or 0 for pid in children(h.pid())]
            return (max(rss) - baseline) / MIB
        finally:
            h.cleanup()

    def test_large_bodies_leave_less_behind(self):
        # Whether glibc alone keeps the buffers depends on which of a child's arenas the
        # threads happen to use and on when its dynamic mmap threshold rises: one run in a few
        # keeps only 3-5 MiB, too little to tell anything apart. Up to three runs, until glibc
        # alone shows what it keeps.
        untouched = 0.0
        for _ in range(3):
            untouched = max(untouched, self.growth_per_child("glibc.malloc.check=0"))
            if untouched >= 8:
                break
        fixed = self.growth_per_child(None)
        print(f"RSS growth per child: glibc alone {untouched:.1f} MiB, "
              f"Rampart's thresholds {fixed:.1f} MiB")
        self.assertLess(fixed, 0.75 * untouched)


if __name__ == "__main__":
    main()
