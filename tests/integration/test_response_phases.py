"""Foundation "must show" 7: phases 3 and 4. A response body rule replaces a leaking page with a
403 that carries none of it; a response status rule turns a 404 into a 403."""

import gzip
import unittest

from harness import MODULES, Httpd, main

RULES = """SecRuleEngine On
SecResponseBodyAccess On
SecResponseBodyMimeType text/plain text/html
SecRule RESPONSE_BODY "@contains SECRET-LEAK" "id:2000,phase:4,deny"
SecRule RESPONSE_STATUS "@streq 404" "id:2001,phase:3,deny,status:403"
"""

CLEAN = "nothing to see here\n" * 10
# Large enough to come from disk in several pieces; the secret sits near the end.
BIG_LEAK = "x" * 100_000 + " SECRET-LEAK " + "y" * 1000
FILES = {
    "htdocs/leak.txt": "before SECRET-LEAK after\n",
    "htdocs/leak.html": "<html><body>SECRET-LEAK</body></html>\n",
    "htdocs/big-leak.txt": BIG_LEAK,
    "htdocs/clean.txt": CLEAN,
    "htdocs/leak.bin": "SECRET-LEAK in a type that is not inspected\n",
    "htdocs/denied.html": "<p>custom denial page</p>\n",
}
CONF = RULES + "AddType application/octet-stream .bin\n"


class ResponsePhases(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config=CONF, files=FILES).start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def assert_replaced(self, path):
        status, _, body = self.httpd.request("GET", path)
        self.assertEqual(status, 403, path)
        self.assertNotIn(b"SECRET-LEAK", body)

    def test_leaking_pages_are_replaced(self):
        before = len(self.httpd.log_lines('[id "2000"]'))
        for path in ("/leak.txt", "/leak.html", "/big-leak.txt"):
            self.assert_replaced(path)
        lines = self.httpd.log_lines('[id "2000"]')[before:]
        self.assertEqual(len(lines), 3, self.httpd.error_log())
        for line in lines:
            self.assertIn("ModSecurity: Access denied with code 403 (phase 4).", line)

    def test_clean_page_is_unchanged(self):
        status, _, body = self.httpd.request("GET", "/clean.txt")
        self.assertEqual(status, 200)
        self.assertEqual(body, CLEAN.encode())

    def test_types_not_listed_are_not_buffered(self):
        status, _, body = self.httpd.request("GET", "/leak.bin")
        self.assertEqual(status, 200)
        self.assertIn(b"SECRET-LEAK", body)

    def test_missing_page_becomes_403(self):
        status, _, _ = self.httpd.request("GET", "/missing.html")
        self.assertEqual(status, 403)
        self.assertTrue(self.httpd.wait_for_log('[id "2001"]'), self.httpd.error_log())

    def test_connection_survives_a_response_deny(self):
        c = self.httpd.connection()
        try:
            for path, expected in (("/leak.txt", 403), ("/clean.txt", 200),
                                   ("/big-leak.txt", 403), ("/clean.txt", 200)):
                status, _, body = self.httpd.request("GET", path, conn=c)
                self.assertEqual(status, expected, path)
                self.assertNotIn(b"SECRET-LEAK", body)
        finally:
            c.close()


class ResponseDenyWithErrorDocument(unittest.TestCase):
    def test_error_document_answers_a_phase_4_deny(self):
        with Httpd(config=CONF + "ErrorDocument 403 /denied.html\n", files=FILES) as h:
            status, _, body = h.request("GET", "/leak.txt")
            self.assertEqual(status, 403)
            self.assertIn(b"custom denial page", body)
            self.assertNotIn(b"SECRET-LEAK", body)
            self.assertEqual(len(h.log_lines('[id "2000"]')), 1, h.error_log())


class ResponseBodyLimit(unittest.TestCase):
    LIMIT = "SecResponseBodyLimit 10000\n"
    # v2's wording when the response declared its length (a static file does).
    LINE = "ModSecurity: Output filter: Content-Length (101013) over the limit (10000)."

    def test_reject_answers_500(self):
        with Httpd(config=CONF + self.LIMIT, files=FILES) as h:
            status, _, body = h.request("GET", "/big-leak.txt")
            self.assertEqual(status, 500)
            self.assertNotIn(b"SECRET-LEAK", body)
            self.assertEqual(len(h.log_lines(self.LINE)), 1, h.error_log())
            self.assertEqual(h.request("GET", "/clean.txt")[2], CLEAN.encode())

    def test_process_partial_sends_the_whole_page(self):
        conf = CONF + self.LIMIT + "SecResponseBodyLimitAction ProcessPartial\n"
        with Httpd(config=conf, files=FILES) as h:
            status, _, body = h.request("GET", "/big-leak.txt")
            self.assertEqual((status, body), (200, BIG_LEAK.encode()))  # the secret is past 10000
            self.assertEqual(h.request("GET", "/leak.txt")[0], 403)


class BeforeDeflate(unittest.TestCase):
    def test_rules_see_the_uncompressed_body(self):
        deflate = (f"LoadModule filter_module {MODULES}/mod_filter.so\n"
                   f"LoadModule deflate_module {MODULES}/mod_deflate.so\n"
                   "AddOutputFilterByType DEFLATE text/plain text/html\n")
        gz = {"Accept-Encoding": "gzip"}
        with Httpd(config=deflate + CONF, files=FILES) as h:
            status, _, body = h.request("GET", "/leak.txt", headers=gz)
            self.assertEqual(status, 403)
            self.assertNotIn(b"SECRET-LEAK", body)
            status, headers, body = h.request("GET", "/clean.txt", headers=gz)
            self.assertEqual(status, 200)
            self.assertEqual(headers.get("content-encoding"), "gzip")
            self.assertEqual(gzip.decompress(body), CLEAN.encode())


if __name__ == "__main__":
    main()
