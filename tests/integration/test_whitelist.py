"""Foundation "must show" 1: a whitelist rule in a vhost blocks a bad surname in the query string
and in a urlencoded POST body, logging exactly one ModSecurity line per blocked request."""

import unittest

from harness import BAD_SURNAME, DENY_403_P2, FORM, ID_1000, WHITELIST_RULES, Httpd, main

VHOST = """<VirtualHost 127.0.0.1:@PORT@>
    ServerName waf.test
""" + WHITELIST_RULES + """</VirtualHost>
"""


class WhitelistInVhost(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config=VHOST).start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def blocked_once(self, method, path, body=None, headers=None):
        before = len(self.httpd.log_lines(ID_1000))
        status, _, _ = self.httpd.request(method, path, headers=headers, body=body)
        self.assertEqual(status, 403)
        lines = self.httpd.wait_for_log(ID_1000, count=before + 1)
        self.assertEqual(len(lines), before + 1, "one error-log line per blocked request")
        self.assertIn(DENY_403_P2, lines[-1])

    def test_clean_surname_passes(self):
        before = len(self.httpd.log_lines(ID_1000))
        status, _, body = self.httpd.request("GET", "/?surname=smith")
        self.assertEqual(status, 200)
        self.assertIn(b"hello", body)
        self.assertEqual(len(self.httpd.log_lines(ID_1000)), before)

    def test_bad_surname_in_query_is_denied(self):
        self.blocked_once("GET", "/?surname=" + BAD_SURNAME)

    def test_bad_surname_in_post_body_is_denied(self):
        self.blocked_once("POST", "/", body="surname=" + BAD_SURNAME, headers=FORM)

    def test_clean_post_passes(self):
        status, _, _ = self.httpd.request("POST", "/", body="surname=smith", headers=FORM)
        self.assertNotEqual(status, 403)


if __name__ == "__main__":
    main()
