"""Persistent collections "must show" 1: rules/bruteforce.conf blocks the 11th failed login from
one address, blocks everything from it meanwhile, and lets it back in after the block (3 s here
instead of 300); `rampart collections delete` lifts a block by hand."""

import os
import time
import unittest

from collections_util import cli, make_data_dir, variable
from harness import Httpd, main

BLOCK_SECONDS = 3


def config(data_dir):
    rules = os.path.join(os.environ.get("RAMPART_SOURCE", "."), "rules", "bruteforce.conf")
    return f"""SecRuleEngine On
SecDataDir "{data_dir}"
SecAction "id:100,phase:1,pass,nolog,setvar:tx.bruteforce_block_seconds={BLOCK_SECONDS}"
Include "{rules}"
# The application's login page: every attempt fails with 401.
Redirect 401 /login
"""


class BruteForce(unittest.TestCase):
    def setUp(self):
        self.httpd = Httpd()
        self.data = make_data_dir(self.httpd)
        self.httpd.extra = config(self.data)
        self.httpd.start()

    def tearDown(self):
        self.httpd.cleanup()

    def fail_logins(self, n):
        return [self.httpd.request("POST", "/login", body="user=admin&pw=x")[0] for _ in range(n)]

    def wait_for_stored(self, name, value, timeout=5.0):
        """Collections are written back in phase 5, after the response has gone out, so a client
        that sends its next request at once can overtake that write (as with ModSecurity v2).
        Waits, bounded, until IP:name is stored with this value; returns what is stored."""
        deadline = time.monotonic() + timeout
        stored = None
        while time.monotonic() < deadline:
            stored = variable(self.data, "IP", "127.0.0.1", name)
            if stored == value:
                break
            time.sleep(0.05)
        return stored

    def test_eleventh_failure_blocks_until_timeout(self):
        h = self.httpd
        self.assertEqual(h.request("GET", "/")[0], 200)
        self.assertEqual(self.fail_logins(10), [401] * 10)
        self.assertEqual(self.wait_for_stored("bruteforce_failures", "10"), "10")
        self.assertEqual(self.fail_logins(1), [403])  # the 11th
        started = time.monotonic()
        lines = h.wait_for_log('[id "9511"]')
        self.assertEqual(len(lines), 1, h.error_log())
        self.assertIn("Access denied with code 403 (phase 3)", lines[0])
        self.assertIn("Brute force: 11 failed logins from 127.0.0.1, blocked for 3 seconds",
                      lines[0])
        self.assertEqual(self.wait_for_stored("block", "1"), "1")
        self.assertEqual(h.request("GET", "/")[0], 403)  # blocked everywhere
        self.assertTrue(h.wait_for_log('[id "9504"]'))
        self.assertEqual(variable(self.data, "IP", "127.0.0.1", "block"), "1")
        # Back in once the block has expired (bounded wait).
        status = 403
        while status == 403 and time.monotonic() - started < BLOCK_SECONDS + 5:
            time.sleep(0.5)
            status = h.request("GET", "/")[0]
        self.assertEqual(status, 200)
        self.assertGreaterEqual(time.monotonic() - started, BLOCK_SECONDS - 1)
        # The failure count started afresh: one more failure is just a failure.
        self.assertEqual(self.fail_logins(1), [401])

    def test_site_owner_unblocks_with_the_cli(self):
        h = self.httpd
        self.fail_logins(10)
        self.assertEqual(self.wait_for_stored("bruteforce_failures", "10"), "10")
        self.assertEqual(self.fail_logins(1), [403])
        self.assertEqual(self.wait_for_stored("block", "1"), "1")
        self.assertEqual(h.request("GET", "/")[0], 403)
        rc, out, err = cli("list", "ip", data_dir=self.data)
        self.assertEqual(rc, 0, err)
        self.assertIn("IP 127.0.0.1", out)
        rc, out, err = cli("show", "ip", "127.0.0.1", data_dir=self.data)
        self.assertIn("block = 1", out)
        rc, out, err = cli("delete", "ip", "127.0.0.1", "block", data_dir=self.data)
        self.assertEqual(rc, 0, err)
        self.assertEqual(h.request("GET", "/")[0], 200)


if __name__ == "__main__":
    main()
