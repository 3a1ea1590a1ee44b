"""How the connector carries out each disruptive action: deny in phase 1 (before any
per-directory config), redirect with its Location, drop closing the connection, and a redirect
decided on the response."""

import http.client
import re
import time
import unittest

from harness import Httpd, main

RULES = """SecRuleEngine On
SecRule REQUEST_HEADERS:X-Attack "@streq yes" "id:3000,phase:1,deny,status:401"
SecRule ARGS:go "@streq away" "id:3001,phase:1,redirect:http://example.com/elsewhere"
SecRule ARGS:cut "@streq now" "id:3002,phase:2,drop"
SecRule RESPONSE_STATUS "@streq 404" "id:3003,phase:3,redirect:/moved.html"
"""


class Interventions(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config=RULES, files={"htdocs/moved.html": "moved\n"}).start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def test_phase_1_deny_with_status(self):
        status, _, _ = self.httpd.request("GET", "/", headers={"X-Attack": "yes"})
        self.assertEqual(status, 401)
        self.assertTrue(self.httpd.wait_for_log('[id "3000"]'))
        self.assertEqual(self.httpd.request("GET", "/", headers={"X-Attack": "no"})[0], 200)

    def test_redirect_sets_location(self):
        status, headers, _ = self.httpd.request("GET", "/?go=away")
        self.assertEqual(status, 302)
        self.assertEqual(headers.get("location"), "http://example.com/elsewhere")

    def test_drop_closes_without_an_answer(self):
        with self.assertRaises((http.client.RemoteDisconnected, ConnectionError)):
            self.httpd.request("GET", "/?cut=now")
        self.assertTrue(self.httpd.wait_for_log('[id "3002"]'))
        self.assertEqual(self.httpd.request("GET", "/?cut=later")[0], 200)

    def test_redirect_decided_on_the_response(self):
        status, headers, _ = self.httpd.request("GET", "/nowhere.html")
        self.assertEqual(status, 302)
        self.assertEqual(headers.get("location"), "/moved.html")


class UniqueId(unittest.TestCase):
    def test_log_line_carries_mod_unique_id(self):
        conf = RULES + 'CustomLog "@ROOT@/logs/uid_log" "%{UNIQUE_ID}e"\n'
        with Httpd(config=conf, unique_id=True) as h:
            self.assertEqual(h.request("GET", "/", headers={"X-Attack": "yes"})[0], 401)
            line = h.wait_for_log('[id "3000"]')[0]
            logged = re.search(r'\[unique_id "([^"]+)"\]', line).group(1)
            # The access log is written after the response has gone: wait for it, bounded.
            ids = []
            deadline = time.monotonic() + 5
            while not ids and time.monotonic() < deadline:
                time.sleep(0.05)
                with open(f"{h.logs}/uid_log") as f:
                    ids = f.read().split()
            self.assertEqual(ids, [logged])


if __name__ == "__main__":
    main()
