"""SecConnEngine / SecConnReadStateLimit (and the deprecated SecReadStateLimit): slow clients
that keep connections in the READ state are counted per address in httpd's scoreboard; past the
limit a new connection from that address is closed at once, with v2's log line."""

import os
import socket
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Httpd  # noqa: E402


def slow_client(port):
    """A connection that sends half a request and then waits (slowloris)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return s


def answered(port):
    """True when a complete request gets a response; False when the server closes at once."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(b"GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return s.recv(100).startswith(b"HTTP/1.1 200")
    except (ConnectionResetError, BrokenPipeError):
        return False


class ReadStateLimit(unittest.TestCase):
    def run_with(self, config, mpm="event"):
        with Httpd(config=config, mpm=mpm) as h:
            self.assertTrue(answered(h.port))
            slow = [slow_client(h.port) for _ in range(4)]
            try:
                time.sleep(0.5)  # let workers pick the connections up
                blocked = not answered(h.port)
            finally:
                for s in slow:
                    s.close()
            time.sleep(0.5)
            recovered = answered(h.port)
            return h.error_log(), blocked, recovered

    def test_limit_closes_the_extra_connection(self):
        log, blocked, recovered = self.run_with("SecConnEngine On\nSecConnReadStateLimit 2\n")
        self.assertTrue(blocked, log)
        self.assertTrue(recovered)
        self.assertIn("in READ state from 127.0.0.1 - Possible DoS Consumption Attack [Rejected]",
                      log)

    def test_prefork_and_deprecated_spelling(self):
        log, blocked, _ = self.run_with("SecConnEngine On\nSecReadStateLimit 2\n", mpm="prefork")
        self.assertTrue(blocked, log)

    def test_detection_only_logs_and_serves(self):
        log, blocked, _ = self.run_with("SecConnEngine DetectionOnly\nSecConnReadStateLimit 2\n")
        self.assertFalse(blocked)
        self.assertIn("Possible DoS Consumption Attack [Detected]", log)

    def test_exempt_address(self):
        log, blocked, _ = self.run_with(
            "SecConnEngine On\nSecConnReadStateLimit 2 \"!@ipMatch 127.0.0.1\"\n")
        self.assertFalse(blocked)


if __name__ == "__main__":
    unittest.main()
