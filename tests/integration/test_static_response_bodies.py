"""Phase 4 on pages httpd serves from disk. Their bodies reach Rampart as file buckets, which it
reads with pread (64 KiB at a time) instead of turning them into memory buckets, so that httpd
still writes the answer at once and keeps the connection on its worker thread
(docs/performance.md, "httpd glue"). What must hold whatever the reading: a match anywhere in
the inspected part denies, a clean page arrives byte for byte, SecResponseBodyLimit and its
action apply, ranges and HEAD are answered as without a WAF."""

import unittest

from harness import Httpd, main

CHUNK = 64 * 1024
FILLER = b"<p>" + b"nothing to see here " * 40 + b"</p>\n"


def page(size, marker=b"", at=None):
    """An HTML page of exactly `size` bytes with `marker` starting at byte `at`."""
    body = (FILLER * (size // len(FILLER) + 2))[:size]
    if marker:
        body = body[:at] + marker + body[at + len(marker):]
    return body


CLEAN = page(3 * CHUNK + 1234)
LEAK_SECOND_CHUNK = page(3 * CHUNK, b"SECRET-LEAK", CHUNK + 10)
LEAK_ACROSS_CHUNKS = page(2 * CHUNK + 10, b"SECRET-LEAK", CHUNK - 5)  # split by the reads
LEAK_LAST_BYTES = page(CHUNK + 100, b"SECRET-LEAK", CHUNK + 100 - len(b"SECRET-LEAK"))
SMALL_LEAK = page(200, b"SECRET-LEAK", 50)
FILES = {
    "htdocs/clean.html": CLEAN,
    "htdocs/leak2.html": LEAK_SECOND_CHUNK,
    "htdocs/across.html": LEAK_ACROSS_CHUNKS,
    "htdocs/last.html": LEAK_LAST_BYTES,
    "htdocs/small.html": SMALL_LEAK,
    "htdocs/empty.html": b"",
}
RULES = """SecRuleEngine On
SecResponseBodyAccess On
SecResponseBodyMimeType text/html
SecResponseBodyLimit 1048576
SecRule RESPONSE_BODY "@contains SECRET-LEAK" "id:4100,phase:4,deny,log"
"""


class StaticPages(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config=RULES, files=FILES).start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def test_clean_page_arrives_byte_for_byte(self):
        status, headers, body = self.httpd.request("GET", "/clean.html")
        self.assertEqual(status, 200)
        self.assertEqual(body, CLEAN)

    def test_leak_past_the_first_read_is_denied(self):
        for path in ("/leak2.html", "/across.html", "/last.html", "/small.html"):
            with self.subTest(path=path):
                status, _, body = self.httpd.request("GET", path)
                self.assertEqual(status, 403)
                self.assertNotIn(b"SECRET-LEAK", body)

    def test_empty_page(self):
        self.assertEqual(self.httpd.request("GET", "/empty.html")[:3:2], (200, b""))

    def test_keep_alive_connection_serves_many(self):
        conn = self.httpd.connection()
        try:
            for i in range(20):
                path = "/small.html" if i % 5 == 4 else "/clean.html"
                status, _, body = self.httpd.request("GET", path, conn=conn)
                self.assertEqual(status, 403 if path == "/small.html" else 200)
                if status == 200:
                    self.assertEqual(body, CLEAN)
        finally:
            conn.close()

    def test_range_of_an_inspected_page(self):
        status, headers, body = self.httpd.request("GET", "/clean.html",
                                                   headers={"Range": "bytes=70000-70099"})
        self.assertEqual(status, 206)
        self.assertEqual(body, CLEAN[70000:70100])
        # The whole file was inspected, not the range: a leak outside it still denies.
        status, _, _ = self.httpd.request("GET", "/leak2.html", headers={"Range": "bytes=0-9"})
        self.assertEqual(status, 403)

    def test_head(self):
        status, _, body = self.httpd.request("HEAD", "/clean.html")
        self.assertEqual((status, body), (200, b""))


class StaticPagesOverTheLimit(unittest.TestCase):
    LIMIT = "SecResponseBodyLimit 100000\n"

    def test_reject(self):
        with Httpd(config=RULES + self.LIMIT, files=FILES) as h:
            status, _, body = h.request("GET", "/clean.html")
            self.assertEqual(status, 500)
            self.assertNotIn(CLEAN[:1000], body)
            line = ("ModSecurity: Output filter: Content-Length (" + str(len(CLEAN)) +
                    ") over the limit (100000).")
            self.assertEqual(len(h.log_lines(line)), 1, h.error_log())

    def test_process_partial_inspects_the_first_part_only(self):
        conf = RULES + self.LIMIT + "SecResponseBodyLimitAction ProcessPartial\n"
        beyond = page(3 * CHUNK, b"SECRET-LEAK", 150000)
        within = page(3 * CHUNK, b"SECRET-LEAK", 90000)
        files = {"htdocs/beyond.html": beyond, "htdocs/within.html": within}
        with Httpd(config=conf, files=files) as h:
            status, _, body = h.request("GET", "/beyond.html")
            self.assertEqual((status, body), (200, beyond))
            self.assertEqual(h.request("GET", "/within.html")[0], 403)


if __name__ == "__main__":
    main()
