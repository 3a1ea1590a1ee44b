"""Fleet-wide collections when Redis fails (docs/fleet.md): stopped or paused mid-run, requests
keep flowing within the timeout under SecCollectionStoreFailAction open and are refused (503)
under closed; once Redis is back, the module reconnects by itself, without an httpd restart."""

import threading
import time
import unittest

from harness import Httpd, main
from redis_util import RedisServer

IP_KEY = "rampart:default::IP:127.0.0.1"
TIMEOUT_MS = 200
# A request makes at most two round trips (the initcol read, the write-back), each bounded by
# the timeout in all; the rest is slack for a loaded 2-core machine. Not a performance figure.
HANG_BOUND = 2 * TIMEOUT_MS / 1000 + 0.6
CLIENTS = 8
REQUESTS_PER_CLIENT = 40


def config(redis_url, fail_action):
    return f"""SecRuleEngine On
SecCollectionStore ip {redis_url}
SecCollectionStoreTimeout {TIMEOUT_MS}
SecCollectionStoreFailAction {fail_action}
SecAction "id:1,phase:1,pass,nolog,initcol:ip=%{{REMOTE_ADDR}},setvar:ip.hits=+1"
"""


class Faults(unittest.TestCase):
    def setUp(self):
        self.redis = RedisServer().start()
        self.addCleanup(self.redis.cleanup)

    def server(self, fail_action):
        h = Httpd(config=config(self.redis.url, fail_action))
        h.start()
        self.addCleanup(h.cleanup)
        return h

    def timed_statuses(self, h, n):
        out = []
        for _ in range(n):
            started = time.monotonic()
            status = h.request("GET", "/")[0]
            out.append((status, time.monotonic() - started))
        return out

    def wait_for_status(self, h, status, timeout=10.0):
        deadline = time.monotonic() + timeout
        seen = None
        while time.monotonic() < deadline:
            seen = h.request("GET", "/")[0]
            if seen == status:
                return seen
            time.sleep(0.2)
        return seen

    def test_fail_open_keeps_serving_and_reconnects(self):
        h = self.server("open")
        for status, _ in self.timed_statuses(h, 5):
            self.assertEqual(status, 200)
        self.assertEqual(self.redis.wait_for(IP_KEY, "hits", "5"), "5")
        # Silent Redis (paused: connections hang): every request is answered, none hangs.
        self.redis.pause()
        for status, took in self.timed_statuses(h, 5):
            self.assertEqual(status, 200)
            self.assertLess(took, HANG_BOUND)
        self.redis.resume()
        # Dead Redis: the same.
        port = self.redis.port
        self.redis.stop()
        for status, took in self.timed_statuses(h, 10):
            self.assertEqual(status, 200)
            self.assertLess(took, HANG_BOUND)
        self.assertTrue(h.wait_for_log("is unavailable"), h.error_log())
        # Rate-limited: a few lines (one per child at most in 10 s), not one per request.
        self.assertLessEqual(len(h.log_lines("is unavailable")), 4, h.error_log())
        # Back on the same port, empty (no persistence): counting resumes, httpd untouched.
        self.redis = RedisServer(port=port).start()
        self.addCleanup(self.redis.cleanup)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and self.redis.hget(IP_KEY, "hits") == "":
            h.request("GET", "/")
            time.sleep(0.2)
        self.assertNotEqual(self.redis.hget(IP_KEY, "hits"), "", h.error_log())
        self.assertTrue(h.wait_for_log("answers again"), h.error_log())

    def test_redis_dies_under_load(self):
        """Redis stopped while 8 clients are sending: every request is answered 200 within the
        bound (fail open), before, during and after."""
        h = self.server("open")
        results, lock = [], threading.Lock()
        started = threading.Event()

        def client():
            for i in range(REQUESTS_PER_CLIENT):
                t0 = time.monotonic()
                try:
                    status = h.request("GET", "/")[0]
                except OSError as e:  # a refused or reset connection is a failure too
                    status = repr(e)
                with lock:
                    results.append((status, time.monotonic() - t0))
                if i == 5:
                    started.set()

        threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
        for t in threads:
            t.start()
        self.assertTrue(started.wait(30))
        self.redis.stop()  # mid-run
        for t in threads:
            t.join(120)
        self.assertEqual(len(results), CLIENTS * REQUESTS_PER_CLIENT)
        self.assertEqual({status for status, _ in results}, {200})
        slowest = max(took for _, took in results)
        self.assertLess(slowest, HANG_BOUND, f"slowest request took {slowest:.2f} s")
        self.assertTrue(h.wait_for_log("is unavailable"), h.error_log())

    def test_fail_closed_refuses_then_recovers(self):
        h = self.server("closed")
        self.assertEqual(h.request("GET", "/")[0], 200)
        port = self.redis.port
        self.redis.stop()
        for status, took in self.timed_statuses(h, 5):
            self.assertEqual(status, 503)
            self.assertLess(took, HANG_BOUND)
        self.assertTrue(h.wait_for_log("SecCollectionStoreFailAction closed"), h.error_log())
        self.redis = RedisServer(port=port).start()
        self.addCleanup(self.redis.cleanup)
        self.assertEqual(self.wait_for_status(h, 200), 200, h.error_log())


if __name__ == "__main__":
    main()
