"""Foundation "must show" 6: the whitelist rule set under every MPM; request bodies reach CGI and
mod_proxy backends byte-identical; keep-alive survives a deny; ErrorDocument answers a deny and
the rule logs once."""

import os
import unittest

from harness import (BAD_SURNAME, DENY_403_P2, FORM, ID_1000, WHITELIST_RULES, EchoBackend,
                     Httpd, main)

MPMS = ("event", "worker", "prefork")
OCTETS = {"Content-Type": "application/octet-stream"}


def binary_body(size):
    every_byte = bytes(range(256))
    return (every_byte * (size // 256 + 1))[:size - 64] + os.urandom(64)


def chunks(data, size=7000):
    for i in range(0, len(data), size):
        yield data[i:i + size]


class EveryMpm(unittest.TestCase):
    def test_whitelist_and_cgi_under_each_mpm(self):
        for mpm in MPMS:
            with self.subTest(mpm=mpm), Httpd(config=WHITELIST_RULES, mpm=mpm, cgi=True) as h:
                self.assertEqual(h.request("GET", "/?surname=smith")[0], 200)
                self.assertEqual(h.request("GET", "/?surname=" + BAD_SURNAME)[0], 403)
                self.assertEqual(
                    h.request("POST", "/", body="surname=" + BAD_SURNAME, headers=FORM)[0], 403)
                lines = h.wait_for_log(ID_1000, count=2)
                self.assertEqual(len(lines), 2, h.error_log())
                for line in lines:
                    self.assertIn(DENY_403_P2, line)
                for size in (256, 200 * 1024):
                    body = binary_body(size)
                    status, _, echoed = h.request("POST", "/cgi-bin/echo.cgi", OCTETS, body)
                    self.assertEqual(status, 200)
                    self.assertEqual(echoed, body, f"{size}-byte body changed on its way to CGI")


class Bodies(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.backend = EchoBackend().__enter__()
        proxy = f"ProxyPass /backend/ http://127.0.0.1:{cls.backend.port}/\n"
        cls.httpd = Httpd(config=WHITELIST_RULES + proxy, cgi=True, proxy=True).start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()
        cls.backend.__exit__(None, None, None)

    def echo(self, path, body, chunked=False):
        c = self.httpd.connection()
        try:
            if chunked:
                c.request("POST", path, body=chunks(body), headers=OCTETS, encode_chunked=True)
            else:
                c.request("POST", path, body=body, headers=OCTETS)
            r = c.getresponse()
            return r.status, r.read()
        finally:
            c.close()

    def test_cgi_receives_identical_bytes(self):
        for size in (1, 256, 200 * 1024):
            body = binary_body(size)
            self.assertEqual(self.echo("/cgi-bin/echo.cgi", body), (200, body))

    def test_cgi_receives_identical_chunked_bytes(self):
        body = binary_body(200 * 1024)
        self.assertEqual(self.echo("/cgi-bin/echo.cgi", body, chunked=True), (200, body))

    def test_proxy_backend_receives_identical_bytes(self):
        for size in (256, 200 * 1024):
            body = binary_body(size)
            self.assertEqual(self.echo("/backend/echo", body), (200, body))

    def test_proxy_backend_receives_identical_chunked_bytes(self):
        body = binary_body(200 * 1024)
        self.assertEqual(self.echo("/backend/echo", body, chunked=True), (200, body))

    def test_proxy_request_is_still_inspected(self):
        self.assertEqual(self.httpd.request("GET", "/backend/x?surname=" + BAD_SURNAME)[0], 403)
        status, _, body = self.httpd.request("GET", "/backend/x?surname=ok")
        self.assertEqual((status, body), (200, b"backend /x?surname=ok"))


class KeepAlive(unittest.TestCase):
    def test_deny_does_not_break_the_connection(self):
        with Httpd(config=WHITELIST_RULES, cgi=True) as h:
            c = h.connection()
            try:
                steps = [
                    ("GET", "/?surname=smith", None, 200),
                    ("GET", "/?surname=" + BAD_SURNAME, None, 403),
                    ("GET", "/?surname=jones", None, 200),
                    ("POST", "/cgi-bin/echo.cgi", "surname=" + BAD_SURNAME, 403),
                    ("POST", "/cgi-bin/echo.cgi", "surname=ok", 200),
                    ("GET", "/", None, 200),
                ]
                sock = None
                for method, path, body, expected in steps:
                    status, _, data = h.request(method, path, FORM if body else None, body, c)
                    self.assertEqual(status, expected, (method, path))
                    if expected == 200 and body:
                        self.assertEqual(data, body.encode())
                    sock = sock or c.sock
                    self.assertIs(c.sock, sock, "the connection was closed after " + path)
            finally:
                c.close()


class ErrorDocument(unittest.TestCase):
    def test_error_document_answers_and_rule_logs_once(self):
        conf = WHITELIST_RULES + "ErrorDocument 403 /denied.html\n"
        files = {"htdocs/denied.html": "<p>custom denial page</p>\n"}
        with Httpd(config=conf, files=files) as h:
            status, _, body = h.request("GET", "/?surname=" + BAD_SURNAME)
            self.assertEqual(status, 403)
            self.assertIn(b"custom denial page", body)
            self.assertEqual(h.request("GET", "/?surname=ok")[0], 200)
            self.assertEqual(len(h.log_lines(ID_1000)), 1, h.error_log())


if __name__ == "__main__":
    main()
