"""Fleet-wide collections when Redis fails (docs/fleet.md): stopped or paused mid-run, requests
keep flowing within the timeout under SecCollectionStoreFailAction open and are refused (503)
under closed; once Redis is back, the module reconnects by itself, without an httpd restart."""

import time
import unittest

from harness import Httpd, main
from redis_util import RedisServer

IP_KEY = "rampart:default::IP:127.0.0.1"
TIMEOUT_MS = 200
# A request waits for Redis at most about the timeout (once per round trip); anything under this
# bound shows it did not hang on a dead or silent Redis. Not a performance figure.
HANG_BOUND = 3.0


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
