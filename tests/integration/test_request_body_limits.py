"""SecRequestBodyLimit in the connector: over the limit, Reject answers 413 with v2's log line
(declared length or chunked); in DetectionOnly, or with ProcessPartial, the request passes with
the line logged and the backend still receives every byte."""

import os
import socket
import unittest

from harness import Httpd, main

LIMIT = 1000
BASE = f"""SecRequestBodyAccess On
SecRequestBodyLimit {LIMIT}
SecRule REQUEST_BODY "@contains EVIL" "id:4000,phase:2,deny"
"""
OCTETS = {"Content-Type": "application/octet-stream"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
CL_LINE = f"ModSecurity: Request body (Content-Length) is larger than the configured limit ({LIMIT})."
CHUNKED_LINE = f"ModSecurity: Request body is larger than the configured limit ({LIMIT})."


def post_chunked(h, path, body):
    c = h.connection()
    try:
        pieces = (body[i:i + 300] for i in range(0, len(body), 300))
        c.request("POST", path, body=pieces, headers=OCTETS, encode_chunked=True)
        r = c.getresponse()
        return r.status, r.read()
    finally:
        c.close()


class Reject(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config="SecRuleEngine On\n" + BASE, cgi=True).start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def test_declared_length_over_limit_is_413(self):
        status, _, _ = self.httpd.request("POST", "/cgi-bin/echo.cgi", OCTETS, b"a" * (LIMIT + 1))
        self.assertEqual(status, 413)
        self.assertEqual(len(self.httpd.wait_for_log(CL_LINE)), 1, self.httpd.error_log())

    def test_chunked_over_limit_is_413(self):
        status, _ = post_chunked(self.httpd, "/cgi-bin/echo.cgi", b"b" * (3 * LIMIT))
        self.assertEqual(status, 413)
        self.assertEqual(len(self.httpd.wait_for_log(CHUNKED_LINE)), 1, self.httpd.error_log())

    def test_within_limit_is_inspected_and_passed(self):
        body = os.urandom(LIMIT - 10)
        self.assertEqual(self.httpd.request("POST", "/cgi-bin/echo.cgi", OCTETS, body)[2], body)
        # REQUEST_BODY holds a urlencoded body (v2 leaves it empty for other types).
        self.assertEqual(self.httpd.request("POST", "/cgi-bin/echo.cgi", FORM, b"x=EVIL")[0], 403)


class NotRejected(unittest.TestCase):
    def check_passes_whole_body(self, conf):
        with Httpd(config=conf, cgi=True) as h:
            body = os.urandom(5 * LIMIT)
            status, _, echoed = h.request("POST", "/cgi-bin/echo.cgi", OCTETS, body)
            self.assertEqual((status, echoed), (200, body))
            status, echoed = post_chunked(h, "/cgi-bin/echo.cgi", body)
            self.assertEqual((status, echoed), (200, body))
            return h.error_log()

    def test_detection_only_passes_the_whole_body(self):
        log = self.check_passes_whole_body("SecRuleEngine DetectionOnly\n" + BASE)
        self.assertIn(CL_LINE, log)

    def test_process_partial_passes_the_whole_body(self):
        # The limit is still logged once per request, as v2 does for a declared length.
        log = self.check_passes_whole_body(
            "SecRuleEngine On\n" + BASE + "SecRequestBodyLimitAction ProcessPartial\n")
        self.assertIn(CL_LINE, log)
        self.assertIn(CHUNKED_LINE, log)


class Malformed(unittest.TestCase):
    """A body that cannot be read gets 400 and v2's line; httpd stays up."""

    RAW = {
        "bad chunk size": b"POST /cgi-bin/echo.cgi HTTP/1.1\r\nHost: x\r\n"
                          b"Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
        "body shorter than declared": b"POST /cgi-bin/echo.cgi HTTP/1.1\r\nHost: x\r\n"
                                      b"Content-Length: 100\r\n\r\nabc",
    }

    def test_unreadable_bodies_get_400_and_a_line(self):
        with Httpd(config="SecRuleEngine On\n" + BASE, cgi=True) as h:
            for name, raw in self.RAW.items():
                with self.subTest(name):
                    s = socket.create_connection(("127.0.0.1", h.port), timeout=10)
                    try:
                        s.sendall(raw)
                        s.shutdown(socket.SHUT_WR)
                        self.assertTrue(s.recv(100).startswith(b"HTTP/1.1 400 "))
                    finally:
                        s.close()
            lines = h.wait_for_log("ModSecurity: Error reading request body: ", count=2)
            self.assertEqual(len(lines), 2, h.error_log())
            self.assertEqual(h.request("POST", "/cgi-bin/echo.cgi", OCTETS, b"ok")[2], b"ok")


if __name__ == "__main__":
    main()
