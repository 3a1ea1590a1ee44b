"""SecStreamInBodyInspection On: STREAM_INPUT_BODY holds the whole request body for phase-2 rules;
when @rsub rewrites it, CGI and mod_proxy backends get the rewritten body with a Content-Length
that matches (chunked requests included); an unchanged body passes byte-identical; a body longer
than SecRequestBodyLimit (ProcessPartial) is never half-rewritten."""

import os
import unittest

from harness import FORM, EchoBackend, Httpd, main

LIMIT = 100000
CONFIG = f"""SecRuleEngine On
SecRequestBodyAccess On
SecRequestBodyLimit {LIMIT}
SecRequestBodyLimitAction ProcessPartial
SecStreamInBodyInspection On
SecRule STREAM_INPUT_BODY "@contains attack" "id:4200,phase:2,deny,status:403"
SecRule STREAM_INPUT_BODY "@rsub s/secret=[a-z]+/secret=REDACTED-AND-LONGER/" "id:4201,phase:2,pass,nolog"
"""
# Prints the CONTENT_LENGTH the CGI was given, a newline, then the body it read.
LENGTH_CGI = """#!/usr/bin/python3
import os, sys
data = sys.stdin.buffer.read()
sys.stdout.buffer.write(b"Content-Type: application/octet-stream\\r\\n\\r\\n"
                        + os.environ.get("CONTENT_LENGTH", "-").encode() + b"\\n" + data)
"""
NOT_APPLIED = "rampart: @rsub rewrote STREAM_INPUT_BODY, but only the start of the request body"


class StreamInput(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.backend = EchoBackend().__enter__()
        proxy = f"ProxyPass /backend/ http://127.0.0.1:{cls.backend.port}/\n"
        cls.httpd = Httpd(config=CONFIG + proxy, cgi=True, proxy=True)
        cls.httpd.write_file("cgi-bin/length.cgi", LENGTH_CGI, mode=0o755)
        cls.httpd.start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()
        cls.backend.__exit__(None, None, None)

    def post(self, path, body, chunked=False):
        c = self.httpd.connection()
        try:
            if chunked:
                pieces = (body[i:i + 5] for i in range(0, len(body), 5))
                c.request("POST", path, body=pieces, headers=FORM, encode_chunked=True)
            else:
                c.request("POST", path, body=body, headers=FORM)
            r = c.getresponse()
            return r.status, r.read()
        finally:
            c.close()

    def test_rewritten_body_reaches_cgi_with_its_length(self):
        want = b"user=bob&secret=REDACTED-AND-LONGER&x=1"
        for chunked in (False, True):
            with self.subTest(chunked=chunked):
                status, got = self.post("/cgi-bin/length.cgi", b"user=bob&secret=hunter&x=1",
                                        chunked)
                self.assertEqual(status, 200)
                self.assertEqual(got, str(len(want)).encode() + b"\n" + want)

    def test_rewritten_body_reaches_proxy_backend(self):
        for chunked in (False, True):
            with self.subTest(chunked=chunked):
                self.assertEqual(self.post("/backend/echo", b"secret=abc", chunked),
                                 (200, b"secret=REDACTED-AND-LONGER"))

    def test_unchanged_body_is_byte_identical(self):
        body = os.urandom(50000).replace(b"secret=", b"s-cret=").replace(b"attack", b"attac_")
        for path in ("/cgi-bin/echo.cgi", "/backend/echo"):
            for chunked in (False, True):
                with self.subTest(path=path, chunked=chunked):
                    self.assertEqual(self.post(path, body, chunked), (200, body))

    def test_rules_see_the_whole_stream(self):
        self.assertEqual(self.post("/cgi-bin/echo.cgi", b"a=" + b"x" * 20000 + b"attack")[0], 403)

    def test_body_over_the_limit_is_not_half_rewritten(self):
        body = b"secret=abc&" + b"y" * (2 * LIMIT)
        self.assertEqual(self.post("/cgi-bin/echo.cgi", body), (200, body))
        self.assertEqual(len(self.httpd.wait_for_log(NOT_APPLIED)), 1, self.httpd.error_log())


if __name__ == "__main__":
    main()
