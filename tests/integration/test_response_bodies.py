"""Issue 5, response side: bodies the backend compressed are decoded for phase 4 and sent
unchanged when they pass; SecResponseBodyLimit on them; @rsub on STREAM_OUTPUT_BODY and
SecContentInjection change the delivered page; SecDisableBackendCompression hides
Accept-Encoding from the backend only."""

import gzip
import os
import threading
import time
import unittest
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from harness import MODULES, Httpd, main

LEAK_HTML = b"<html><body>" + b"<p>filler</p>" * 50 + b"SECRET-LEAK</body></html>\n"
CLEAN_HTML = b"<html><body>" + b"<p>nothing to see</p>" * 50 + b"</body></html>\n"
FORM_HTML = b"<html><body><form method=post><input name=a></form></body></html>\n"


def raw_deflate(data):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


# What the backend answers, by path: (content type, content encoding, body).
BACKEND = {
    "/leak.gz": ("text/html", "gzip", gzip.compress(LEAK_HTML)),
    "/clean.gz": ("text/html", "gzip", gzip.compress(CLEAN_HTML)),
    "/leak.zlib": ("text/html", "deflate", zlib.compress(LEAK_HTML)),
    "/leak.raw": ("text/html", "deflate", raw_deflate(LEAK_HTML)),
    "/clean.raw": ("text/html", "deflate", raw_deflate(CLEAN_HTML)),
    "/bomb.gz": ("text/html", "gzip", gzip.compress(b"A" * (16 << 20))),
    "/form.gz": ("text/html", "gzip", gzip.compress(FORM_HTML)),
    # The trailer is missing: the stream never ends, but the leak decodes.
    "/truncated.gz": ("text/html", "gzip", gzip.compress(LEAK_HTML)[:-6]),
}


class Backend:
    """Answers BACKEND's canned responses, and /ae with the Accept-Encoding it was sent."""

    def __init__(self):
        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                if self.path == "/slow-leak":
                    return self.slow_leak()
                if self.path == "/ae":
                    ctype, encoding = "text/plain", ""
                    # Padded: mod_deflate leaves responses of a few bytes uncompressed.
                    body = ("accept-encoding=" + self.headers.get("Accept-Encoding", "none")
                            + "\n" + "." * 2000).encode()
                else:
                    ctype, encoding, body = BACKEND[self.path]
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                if encoding:
                    self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def slow_leak(self):
                # Chunked, with a pause: httpd has the first part long before the leak.
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for part in (b"<html>" + b"harmless " * 2000, b"SECRET-LEAK</html>"):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
                    self.wfile.flush()
                    time.sleep(0.5)
                self.wfile.write(b"0\r\n\r\n")

            def log_message(self, *args):
                pass

        class Server(ThreadingHTTPServer):
            def handle_error(self, request, client_address):
                pass  # httpd drops the backend connection after a Reject: not an error here

        self.server = Server(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


RULES = """SecRuleEngine On
SecResponseBodyAccess On
SecResponseBodyMimeType text/plain text/html
SecRule RESPONSE_BODY "@contains SECRET-LEAK" "id:3000,phase:4,deny"
"""
STATIC = {
    "htdocs/gz/leak.html.gz": gzip.compress(LEAK_HTML),
    "htdocs/gz/clean.html.gz": gzip.compress(CLEAN_HTML),
    "htdocs/form.html": FORM_HTML,
    "htdocs/plain.html": CLEAN_HTML,
}
# .gz is an encoding, not a type of its own (mime.types would make it application/gzip).
GZ_FILES = "RemoveType .gz\nAddEncoding gzip .gz\n"
GZ = {"Accept-Encoding": "gzip"}


def proxy_to(backend):
    return f"ProxyPass /app/ http://127.0.0.1:{backend.port}/\n"


class CompressedResponses(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.backend = Backend()
        cls.httpd = Httpd(config=RULES + GZ_FILES + proxy_to(cls.backend), proxy=True,
                          files=STATIC).start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()
        cls.backend.close()

    def test_leak_inside_compressed_bodies_is_denied(self):
        before = len(self.httpd.log_lines('[id "3000"]'))
        for path in ("/app/leak.gz", "/app/leak.zlib", "/app/leak.raw", "/gz/leak.html.gz"):
            status, headers, body = self.httpd.request("GET", path, headers=GZ)
            self.assertEqual(status, 403, path)
            self.assertNotIn("content-encoding", headers, path)  # the error page is plain
            self.assertNotIn(b"SECRET-LEAK", body)
            self.assertIn(b"Forbidden", body, path)
        lines = self.httpd.log_lines('[id "3000"]')[before:]
        self.assertEqual(len(lines), 4, self.httpd.error_log())
        for line in lines:
            self.assertIn("Access denied with code 403 (phase 4).", line)

    def test_clean_compressed_bodies_pass_byte_identical(self):
        for path, original in (("/app/clean.gz", BACKEND["/clean.gz"][2]),
                               ("/app/clean.raw", BACKEND["/clean.raw"][2]),
                               ("/gz/clean.html.gz", STATIC["htdocs/gz/clean.html.gz"])):
            status, headers, body = self.httpd.request("GET", path, headers=GZ)
            self.assertEqual(status, 200, path)
            self.assertIn(headers.get("content-encoding"), ("gzip", "deflate"), path)
            self.assertEqual(body, original, path)

    def test_streamed_leak_is_denied_before_the_first_byte(self):
        status, _, body = self.httpd.request("GET", "/app/slow-leak")
        self.assertEqual(status, 403)
        self.assertNotIn(b"harmless", body)

    def test_truncated_stream_prefix_is_inspected(self):
        # The client could decode the leak from what arrives; so does the rule.
        status, _, body = self.httpd.request("GET", "/app/truncated.gz", headers=GZ)
        self.assertEqual(status, 403)


class CompressedLimits(unittest.TestCase):
    LIMIT = "SecResponseBodyLimit 100000\n"

    @classmethod
    def setUpClass(cls):
        cls.backend = Backend()

    @classmethod
    def tearDownClass(cls):
        cls.backend.close()

    def test_bomb_is_rejected(self):
        with Httpd(config=RULES + self.LIMIT + proxy_to(self.backend), proxy=True) as h:
            status, headers, body = h.request("GET", "/app/bomb.gz", headers=GZ)
            self.assertEqual(status, 500)
            self.assertLess(len(body), 10000)
            # The compressed length is under the limit; the decoded copy went over.
            line = ("ModSecurity: Output filter: Response body too large (over limit of 100000, "
                    'total not specified). [hostname "127.0.0.1"] [uri "/app/bomb.gz"]')
            self.assertEqual(len(h.log_lines(line)), 1, h.error_log())
            self.assertEqual(h.request("GET", "/app/leak.gz", headers=GZ)[0], 403)

    def test_bomb_passes_unchanged_with_process_partial(self):
        conf = RULES + self.LIMIT + "SecResponseBodyLimitAction ProcessPartial\n"
        with Httpd(config=conf + proxy_to(self.backend), proxy=True) as h:
            status, headers, body = h.request("GET", "/app/bomb.gz", headers=GZ)
            self.assertEqual(status, 200)
            self.assertEqual(body, BACKEND["/bomb.gz"][2])
            self.assertEqual(h.request("GET", "/app/leak.gz", headers=GZ)[0], 403)

    def test_detection_only_never_blocks(self):
        conf = RULES.replace("SecRuleEngine On", "SecRuleEngine DetectionOnly") + self.LIMIT
        with Httpd(config=conf + proxy_to(self.backend), proxy=True) as h:
            status, _, body = h.request("GET", "/app/bomb.gz", headers=GZ)
            self.assertEqual((status, body), (200, BACKEND["/bomb.gz"][2]))
            status, _, body = h.request("GET", "/app/leak.gz", headers=GZ)
            self.assertEqual(status, 200)
            self.assertTrue(h.wait_for_log('[id "3000"]'), h.error_log())


STREAM_RULES = r"""SecRuleEngine On
SecStreamOutBodyInspection On
SecContentInjection On
SecRule STREAM_OUTPUT_BODY "@rsub s/<\/form>/<input type=\"hidden\" name=\"t\" value=\"%{tx.t}\"><\/form>/" \
    "id:3100,phase:4,t:none,pass,nolog"
SecAction "id:3101,phase:1,pass,nolog,setvar:tx.t=tok123"
SecRule REQUEST_FILENAME "@endsWith /plain.html" \
    "id:3102,phase:3,pass,nolog,prepend:'<!-- top -->',append:'<!-- %{tx.t} -->'"
"""
INJECTED_FORM = FORM_HTML.replace(b"</form>", b'<input type="hidden" name="t" value="tok123"></form>')


class StreamOutputAndInjection(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.backend = Backend()
        deflate = (f"LoadModule filter_module {MODULES}/mod_filter.so\n"
                   f"LoadModule deflate_module {MODULES}/mod_deflate.so\n")
        cls.httpd = Httpd(config=deflate + STREAM_RULES + proxy_to(cls.backend), proxy=True,
                          files=STATIC).start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()
        cls.backend.close()

    def test_rsub_rewrites_the_delivered_page(self):
        status, headers, body = self.httpd.request("GET", "/form.html")
        self.assertEqual(status, 200)
        self.assertEqual(body, INJECTED_FORM)
        if "content-length" in headers:
            self.assertEqual(int(headers["content-length"]), len(INJECTED_FORM))

    def test_rsub_on_a_compressed_page_sends_it_decoded(self):
        status, headers, body = self.httpd.request("GET", "/app/form.gz", headers=GZ)
        self.assertEqual(status, 200)
        self.assertNotIn("content-encoding", headers)
        self.assertEqual(body, INJECTED_FORM)

    def test_prepend_and_append(self):
        status, headers, body = self.httpd.request("GET", "/plain.html")
        self.assertEqual(status, 200)
        self.assertEqual(body, b"<!-- top -->" + CLEAN_HTML + b"<!-- tok123 -->")

    def test_keep_alive_after_rewrites(self):
        c = self.httpd.connection()
        try:
            for _ in range(3):
                self.assertEqual(self.httpd.request("GET", "/form.html", conn=c)[2], INJECTED_FORM)
                self.assertEqual(self.httpd.request("GET", "/plain.html", conn=c)[2],
                                 b"<!-- top -->" + CLEAN_HTML + b"<!-- tok123 -->")
        finally:
            c.close()


BIG_HTML = b"<html>" + b"<p>a line of a big page</p>\n" * 12000 + b"</html>\n"  # ~330 KB
# Promises its length, then writes its body in two pieces a moment apart.
LATE_CGI = """#!/usr/bin/python3
import sys, time
sys.stdout.write("Content-Type: text/html\\r\\nContent-Length: 1012\\r\\n\\r\\nfirst part\\n")
sys.stdout.flush()
time.sleep(0.3)
sys.stdout.write("x" * 1000 + "\\n")
"""
INJECT_ONLY = """SecRuleEngine On
SecContentInjection On
SecRule REQUEST_FILENAME "@rx /(plain|big)\\.html$" \\
    "id:3200,phase:3,pass,nolog,prepend:'<!-- top -->',append:'<!-- end -->'"
SecRule REQUEST_FILENAME "@rx /late\\.(html|cgi)$" "id:3201,phase:4,pass,nolog,append:'<!-- late -->'"
"""


class InjectionWithoutBuffering(unittest.TestCase):
    """SecContentInjection alone: the body streams through; phase 3's text goes around it."""

    @classmethod
    def setUpClass(cls):
        files = dict(STATIC, **{"htdocs/big.html": BIG_HTML, "htdocs/late.html": BIG_HTML,
                                "cgi-bin/late.cgi": LATE_CGI})
        cls.httpd = Httpd(config=INJECT_ONLY, files=files, cgi=True).start()
        os.chmod(os.path.join(cls.httpd.root, "cgi-bin/late.cgi"), 0o755)

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def test_small_and_big_pages(self):
        for path, page in (("/plain.html", CLEAN_HTML), ("/big.html", BIG_HTML)):
            status, headers, body = self.httpd.request("GET", path)
            self.assertEqual(status, 200, path)
            self.assertEqual(body, b"<!-- top -->" + page + b"<!-- end -->", path)

    def test_late_append_while_the_whole_body_is_in_hand(self):
        # A static file comes as one brigade: phase 4 still holds all of it.
        status, headers, body = self.httpd.request("GET", "/late.html")
        self.assertEqual((status, body), (200, BIG_HTML + b"<!-- late -->"))

    def test_late_append_keeps_lengths_consistent(self):
        # The CGI promised 1012 bytes; its output reaches the filter with the end of the body,
        # so the length is dropped and the text added. The next response on the connection
        # proves the framing held.
        c = self.httpd.connection()
        try:
            status, headers, body = self.httpd.request("GET", "/cgi-bin/late.cgi", conn=c)
            self.assertEqual(status, 200)
            self.assertEqual(body, b"first part\n" + b"x" * 1000 + b"\n<!-- late -->")
            if "content-length" in headers:
                self.assertEqual(int(headers["content-length"]), len(body))
            self.assertEqual(self.httpd.request("GET", "/plain.html", conn=c)[0], 200)
        finally:
            c.close()

    def test_head_gets_no_body(self):
        status, _, body = self.httpd.request("HEAD", "/plain.html")
        self.assertEqual((status, body), (200, b""))


class InjectionOverTheLimit(unittest.TestCase):
    def test_process_partial_keeps_both_ends(self):
        conf = (INJECT_ONLY + "SecResponseBodyAccess On\nSecResponseBodyLimit 10000\n"
                "SecResponseBodyLimitAction ProcessPartial\n")
        with Httpd(config=conf, files={"htdocs/big.html": BIG_HTML}) as h:
            status, _, body = h.request("GET", "/big.html")
            self.assertEqual(status, 200)
            self.assertEqual(body, b"<!-- top -->" + BIG_HTML + b"<!-- end -->")


class DisableBackendCompression(unittest.TestCase):
    def test_backend_sees_no_accept_encoding_client_still_gets_gzip(self):
        backend = Backend()
        deflate = (f"LoadModule filter_module {MODULES}/mod_filter.so\n"
                   f"LoadModule deflate_module {MODULES}/mod_deflate.so\n"
                   "SetOutputFilter DEFLATE\n")  # ByType does not see proxied types
        conf = deflate + RULES + "SecDisableBackendCompression On\n" + proxy_to(backend)
        try:
            with Httpd(config=conf, proxy=True) as h:
                status, headers, body = h.request("GET", "/app/ae", headers=GZ)
                self.assertEqual(status, 200)
                self.assertEqual(headers.get("content-encoding"), "gzip")
                self.assertEqual(gzip.decompress(body), b"accept-encoding=none\n" + b"." * 2000)
            with Httpd(config=conf.replace("Compression On", "Compression Off"), proxy=True) as h:
                status, headers, body = h.request("GET", "/app/ae", headers=GZ)
                self.assertEqual(gzip.decompress(body), b"accept-encoding=gzip\n" + b"." * 2000)
        finally:
            backend.close()


if __name__ == "__main__":
    main()
