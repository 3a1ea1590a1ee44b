"""Issue 5, content injection: rules/csrf.conf puts a CSRF token into every form of an HTML page
(and into window.rampartCsrfToken), keeps it in the client's IP collection, and denies a POST
that does not carry it."""

import os
import re
import time
import unittest

from collections_util import make_data_dir, variable
from harness import Httpd, main

FORM = (b"<html><body><form method=post action=/cgi-bin/echo.cgi>"
        b"<input name=comment></FORM></body></html>\n")
FORM_TYPE = {"Content-Type": "application/x-www-form-urlencoded"}
# @rsub matches </FORM> case-insensitively and writes its replacement as given (</form>).
HIDDEN = re.compile(rb'<input type="hidden" name="csrf_token" value="([^"]+)"></form>')
SCRIPT = re.compile(rb'<script>window.rampartCsrfToken="([^"]+)";</script>$')


def config(data_dir):
    rules = os.path.join(os.environ.get("RAMPART_SOURCE", "."), "rules", "csrf.conf")
    return f"""SecRuleEngine On
SecRequestBodyAccess On
SecDataDir "{data_dir}"
Include "{rules}"
"""


class Csrf(unittest.TestCase):
    def setUp(self):
        self.httpd = Httpd(cgi=True, files={"htdocs/form.html": FORM})
        self.data = make_data_dir(self.httpd)
        self.httpd.extra = config(self.data)
        self.httpd.start()

    def tearDown(self):
        self.httpd.cleanup()

    def post(self, body):
        return self.httpd.request("POST", "/cgi-bin/echo.cgi", headers=FORM_TYPE, body=body)

    def test_token_round_trip(self):
        h = self.httpd
        # Nothing issued to this address yet.
        self.assertEqual(self.post("comment=hi")[0], 403)
        self.assertIn("CSRF: no token was issued to 127.0.0.1", h.wait_for_log('[id "9610"]')[0])

        status, headers, page = h.request("GET", "/form.html")
        self.assertEqual(status, 200)
        m = HIDDEN.search(page)
        self.assertIsNotNone(m, page)
        token = m.group(1).decode()
        self.assertEqual(SCRIPT.search(page).group(1).decode(), token)
        self.assertEqual(page.replace(m.group(0), b"</FORM>")[:len(FORM)], FORM)
        # The IP collection is written after phase 5, which httpd runs once the response has
        # gone: wait for it (bounded) before asking again, or the next page may race it.
        deadline = time.monotonic() + 5.0
        while (variable(self.data, "IP", "127.0.0.1", "csrf_token") != token
               and time.monotonic() < deadline):
            time.sleep(0.02)
        self.assertEqual(variable(self.data, "IP", "127.0.0.1", "csrf_token"), token)
        # The same token on the next page.
        self.assertEqual(HIDDEN.search(h.request("GET", "/form.html")[2]).group(1).decode(), token)

        status, _, _ = self.post("comment=hi")
        self.assertEqual(status, 403)
        self.assertIn("Access denied with code 403 (phase 2)", h.wait_for_log('[id "9611"]')[0])
        self.assertEqual(self.post("comment=hi&csrf_token=forged")[0], 403)
        self.assertIn("CSRF: wrong token", h.wait_for_log('[id "9612"]')[0])
        # A forged second copy next to the real one is still refused.
        self.assertEqual(self.post(f"csrf_token={token}&csrf_token=forged")[0], 403)

        status, _, echoed = self.post(f"comment=hi&csrf_token={token}")
        self.assertEqual(status, 200, h.error_log())
        self.assertEqual(echoed, f"comment=hi&csrf_token={token}".encode())

    def test_pages_that_are_not_html_are_untouched(self):
        self.httpd.write_file("htdocs/notes.txt", "</form>\n")
        status, _, body = self.httpd.request("GET", "/notes.txt")
        self.assertEqual((status, body), (200, b"</form>\n"))


if __name__ == "__main__":
    main()
