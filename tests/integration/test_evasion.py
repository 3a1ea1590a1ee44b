"""Evasion suite (issue 10): CRS v4 at paranoia level 1 in blocking mode, behind a real httpd.
The same attacks in many disguises must all be refused (403, or 400 where the request itself is
malformed), and a corpus of ordinary requests — forms, JSON, an upload, prose with "select" and
"union" in it — must all reach the application (200 from the echo CGI). Requests are written
byte by byte on a socket, so transport tricks (chunks of one byte, HTTP/1.0 without Host,
absolute-URI request lines, folded multipart headers) reach httpd exactly as an attacker sends
them. The summary printed at the end is the table in docs/reliability.md."""

import os
import socket
import unittest

from harness import Httpd, main

SOURCE = os.environ.get("RAMPART_SOURCE", ".")
CRS = os.environ.get("RAMPART_CRS_DIR") or os.path.join(SOURCE, "..", "shared", "crs")

CONFIG = f"""Include "{SOURCE}/rules/rampart-recommended.conf"
SecRuleEngine On
SecAuditEngine Off
Include "{CRS}/crs-setup.conf.example"
Include "{CRS}/rules/*.conf"
"""

UA = "User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\nAccept: text/html\r\n"
ECHO = "/cgi-bin/echo.cgi"
SQLI = "1%27%20or%201=1--%20"
FORM = "application/x-www-form-urlencoded"


def get(target, host="shop.example", protocol="HTTP/1.1"):
    head = f"GET {target} {protocol}\r\n"
    if host:
        head += f"Host: {host}\r\n"
    return (head + UA + "Connection: close\r\n\r\n").encode()


def post(body, ctype=FORM, target=ECHO, extra=""):
    body = body.encode() if isinstance(body, str) else body
    return (f"POST {target} HTTP/1.1\r\nHost: shop.example\r\n{UA}Content-Type: {ctype}\r\n"
            f"Content-Length: {len(body)}\r\n{extra}Connection: close\r\n\r\n").encode() + body


def chunked(body, ctype=FORM, size=1):
    """The body in chunks of `size` bytes: every byte boundary is a chunk boundary."""
    body = body.encode()
    out = (f"POST {ECHO} HTTP/1.1\r\nHost: shop.example\r\n{UA}Content-Type: {ctype}\r\n"
           "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n").encode()
    for i in range(0, len(body), size):
        piece = body[i:i + size]
        out += f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
    return out + b"0\r\n\r\n"


def multipart(boundary_param, boundary, part_headers, value):
    body = (f"--{boundary}\r\n{part_headers}\r\n\r\n{value}\r\n--{boundary}--\r\n")
    return post(body, ctype=f"multipart/form-data; boundary={boundary_param}")


ATTACKS = {
    # encodings
    "double URL encoding": get(f"{ECHO}?id=1%2527%2520or%25201%253D1--%2520"),
    "overlong UTF-8 dots": get(f"{ECHO}?file=%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd"),
    "%u encoding": get(f"{ECHO}?q=%u003cscript%u003ealert(1)%u003c/script%u003e"),
    "mixed case tag": get(f"{ECHO}?q=%3CsCrIpT%3Ealert(1)%3C/ScRiPt%3E"),
    "mixed case SQL": get(f"{ECHO}?id=1%27%20oR%201=1--%20"),
    "SQL comments as spaces": get(f"{ECHO}?id=1%27/**/oR/**/%271%27=%271"),
    "null byte": get(f"{ECHO}?id=1%27%00%20or%201=1--%20"),
    "tab separators": get(f"{ECHO}?id=1%27%09or%091=1--%09"),
    "vertical tab separators": get(f"{ECHO}?id=1%27%0bor%0b1=1--%0b"),
    "CR LF inside a tag": get(f"{ECHO}?q=%3Cscript%0d%0a%3Ealert(1)%3C/script%3E"),
    # parameters
    "duplicate parameter": get(f"{ECHO}?id=5&id={SQLI}"),
    "attack in a parameter name": get(f"{ECHO}?%3Cscript%3Ealert(1)%3C/script%3E=1"),
    "form body": post(f"id={SQLI}"),
    "JSON body": post('{"id": "1\' or 1=1-- "}', ctype="application/json"),
    "JSON nested": post('{"a": {"b": ["x", "<script>alert(1)</script>"]}}',
                        ctype="application/json"),
    "XML body": post("<r><id>1' or 1=1-- </id></r>", ctype="text/xml"),
    "multipart field": multipart("b1", "b1", 'Content-Disposition: form-data; name="id"',
                                 "1' or 1=1-- "),
    "multipart quoted boundary": multipart('"b 2"', "b 2",
                                           'Content-Disposition: form-data; name="id"',
                                           "1' or 1=1-- "),
    "multipart folded part header": multipart(
        "b3", "b3", 'Content-Disposition: form-data;\r\n name="id"', "1' or 1=1-- "),
    "multipart attack in filename": multipart(
        "b4", "b4", 'Content-Disposition: form-data; name="f"; filename="a;cat /etc/passwd"',
        "x"),
    "chunked, one byte a chunk": chunked(f"id={SQLI}"),
    "chunked JSON, one byte a chunk": chunked('{"id": "1\' or 1=1-- "}', "application/json"),
    # A line starting with -- that is not the boundary (rule 200004 of the recommended config):
    # read in pieces it once lost the flag (fuzz_bodies, docs/reliability.md).
    "chunked multipart, unmatched boundary": chunked(
        '--b6\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n'
        "--another-boundary\r\n--b6--\r\n", "multipart/form-data; boundary=b6"),
    "Content-Type upper case": post(f"id={SQLI}", ctype="Application/X-WWW-Form-URLEncoded"),
    "charset ibm037": post(f"id={SQLI}", ctype=FORM + "; charset=ibm037"),
    "charset utf-7": post(f"id={SQLI}", ctype=FORM + "; charset=utf-7"),
    # request line and path
    "HTTP/1.0 without Host": get(f"{ECHO}?id={SQLI}", host=None, protocol="HTTP/1.0"),
    "absolute URI": get(f"http://shop.example{ECHO}?id={SQLI}"),
    "dot segments": get(f"/./cgi-bin/../cgi-bin/echo.cgi?q=%3Cscript%3Ealert(1)%3C/script%3E"),
    "double slashes": get(f"//cgi-bin//echo.cgi?id={SQLI}"),
    "encoded slashes": get("/cgi-bin/..%2f..%2fetc/passwd"),
    "backslashes": get("/cgi-bin\\..\\..\\etc\\passwd"),
    "command injection": get(f"{ECHO}?cmd=;cat%20/etc/passwd"),
}

# Refused by httpd itself before the rules' phase 2 (AllowEncodedSlashes Off answers 404): the
# request never reaches the application either.
REFUSED_BY_HTTPD = {"encoded slashes": 404}

BENIGN = {
    "plain GET": get(f"{ECHO}?q=blue+shoes&size=42&lang=en-US"),
    "prose with select and union": post(
        "subject=News&body=Our+union+meets+on+Friday%3B+please+select+a+seat+early."),
    "prose with drop and table": get(f"{ECHO}?q=how+to+drop+a+ball+into+a+table+game"),
    "prose with or and numbers": get(f"{ECHO}?q=tea+or+coffee%3F+1+or+2+sugars"),
    "apostrophes and ampersand": get(f"{ECHO}?q=Tom+%26+Jerry%27s+best+episodes"),
    "contact form": post("name=Jane+O%27Reilly&email=jane%40example.com&comment=Please+send+"
                         "the+blue+one%2C+and+drop+me+a+line+when+it+ships."),
    "JSON API": post('{"order": {"id": 1234, "items": [{"sku": "A-12", "qty": 2}], '
                     '"note": "Leave it by the door, or with the neighbour at number 5."}}',
                     ctype="application/json"),
    "upload": multipart("----formboundary7MA4YWxk", "----formboundary7MA4YWxk",
                        'Content-Disposition: form-data; name="file"; filename="notes.txt"\r\n'
                        "Content-Type: text/plain",
                        "Day one: we walked to the old mill and had lunch by the river."),
    "chunked form": chunked("name=Jane&city=Lyon", size=3),
    "UTF-8 text": post("msg=Cr%C3%A8me+br%C3%BBl%C3%A9e+for+%E2%82%AC5"),
}


@unittest.skipUnless(os.path.isdir(os.path.join(CRS, "rules")), "no CRS tree at ../shared/crs")
class Evasion(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.h = Httpd(config=CONFIG, cgi=True)
        cls.h.start()
        cls.results = {}

    @classmethod
    def tearDownClass(cls):
        blocked = sum(1 for n in ATTACKS if cls.results.get(n) in cls.refusals(n))
        passed = sum(1 for n in BENIGN if cls.results.get(n) == 200)
        print(f"\nevasion suite: attacks blocked {blocked}/{len(ATTACKS)}, "
              f"benign passed {passed}/{len(BENIGN)}")
        cls.h.cleanup()

    @staticmethod
    def refusals(name):
        return (400, 403, REFUSED_BY_HTTPD[name]) if name in REFUSED_BY_HTTPD else (400, 403)

    def send(self, raw):
        with socket.create_connection(("127.0.0.1", self.h.port), timeout=10) as s:
            s.sendall(raw)
            s.shutdown(socket.SHUT_WR)
            data = b""
            while len(data) < 4096:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
        line = data.split(b"\r\n", 1)[0]
        return int(line.split()[1]) if line.startswith(b"HTTP/") else 0

    def test_attacks_in_disguise_are_refused(self):
        for name, raw in ATTACKS.items():
            with self.subTest(name):
                status = self.send(raw)
                self.results[name] = status
                self.assertIn(status, self.refusals(name), f"{name}: {raw[:200]!r}")
        self.assertEqual(self.h.crashes(), [])

    def test_ordinary_requests_pass(self):
        for name, raw in BENIGN.items():
            with self.subTest(name):
                status = self.send(raw)
                self.results[name] = status
                self.assertEqual(status, 200, f"{name}: {raw[:200]!r}\n" + "\n".join(
                    self.h.log_lines("ModSecurity:")[-5:]))


if __name__ == "__main__":
    main()
