"""MULTIPART through a real httpd, beyond the flags: rules on MULTIPART_NAME, MULTIPART_FILENAME
and FILES_COMBINED_SIZE deny a crafted body and let a benign one through (side by side with
ModSecurity v2 when mod_security2 is installed); ctl:requestBodyProcessor=MULTIPART forced in
phase 1 on a Content-Type that is not multipart/form-data puts the body's fields in ARGS; a 10 MiB
file upload with a 128 KiB in-memory limit reaches the CGI byte for byte, is seen whole by
FILES_SIZES, leaves the httpd children's RSS flat and SecTmpDir empty.

What the variables hold (docs/reference/variables.md): MULTIPART_NAME the part names (fields and
files), MULTIPART_FILENAME the file names of file parts, FILES_COMBINED_SIZE the sum of the file
parts' content sizes (fields do not count), FILES_SIZES each file's content size."""

import glob
import os
import time
import unittest

from harness import Httpd, main
from rss_util import RssSampler, children

MODSEC = "/usr/lib/apache2/modules/mod_security2.so"
WAIT = 10.0  # seconds any single wait may take
BOUNDARY = "XyZ"
CT = f"multipart/form-data; boundary={BOUNDARY}"


def part(name, content, filename=None, boundary=BOUNDARY):
    disposition = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename else "")
    head = f"--{boundary}\r\nContent-Disposition: {disposition}\r\n"
    if filename:
        head += "Content-Type: application/octet-stream\r\n"
    data = content if isinstance(content, bytes) else content.encode()
    return head.encode() + b"\r\n" + data + b"\r\n"


def body(*parts, boundary=BOUNDARY):
    return b"".join(parts) + f"--{boundary}--\r\n".encode()


def make_tmp(h):
    tmp = os.path.join(h.root, "tmp")
    os.makedirs(tmp, exist_ok=True)
    return tmp


def wait_until(predicate, timeout=WAIT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


class LogMixin:
    """Error-log lines written since a mark, so one server can serve every case of a class."""

    def mark(self):
        return len(self.httpd.error_log())

    def lines_since(self, mark, needle):
        return [line for line in self.httpd.error_log()[mark:].splitlines() if needle in line]

    def wait_since(self, mark, needle):
        wait_until(lambda: self.lines_since(mark, needle))
        return self.lines_since(mark, needle)


class EchoServerCase(LogMixin):
    """One Rampart httpd with the echo CGI and a SecTmpDir for all the cases of a class, started
    with the class's RULES."""

    RULES = ""

    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config=cls.RULES, cgi=True)
        cls.tmp = make_tmp(cls.httpd)
        cls.httpd.start()
        os.chmod(cls.tmp, 0o777)

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()


# ---- 1. MULTIPART_NAME, MULTIPART_FILENAME, FILES_COMBINED_SIZE ----

VARIABLE_RULES = r"""SecRuleEngine On
SecRequestBodyAccess On
SecTmpDir "@ROOT@/tmp"
SecRule MULTIPART_FILENAME "@rx \.php$" "id:6101,phase:2,deny,status:403,msg:'php upload'"
SecRule FILES_COMBINED_SIZE "@gt 1000" "id:6102,phase:2,deny,status:403,msg:'uploads too big'"
SecRule MULTIPART_NAME "@streq evilfield" "id:6103,phase:2,deny,status:403,msg:'evil field'"
"""
RULE_IDS = ("6101", "6102", "6103")


class MultipartVariables(LogMixin, unittest.TestCase):
    rampart = True

    @classmethod
    def setUpClass(cls):
        config = VARIABLE_RULES
        if not cls.rampart:
            config = f"LoadModule security2_module {MODSEC}\n" + config
        cls.httpd = Httpd(config=config, files={"htdocs/upload": "ok\n"}, rampart=cls.rampart,
                          unique_id=not cls.rampart)
        cls.tmp = make_tmp(cls.httpd)
        cls.httpd.start()
        os.chmod(cls.tmp, 0o777)  # the children write the file parts there as www-data

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def post(self, data):
        return self.httpd.request("POST", "/upload", headers={"Content-Type": CT}, body=data)[0]

    def assert_denied_by(self, data, rule_id, variable):
        mark = self.mark()
        self.assertEqual(self.post(data), 403, self.httpd.error_log()[mark:])
        lines = self.wait_since(mark, f'[id "{rule_id}"]')
        self.assertEqual(len(lines), 1, self.httpd.error_log()[mark:])
        self.assertIn("Access denied with code 403 (phase 2)", lines[0])
        self.assertIn(f" at {variable}", lines[0])
        for other in RULE_IDS:
            if other != rule_id:
                self.assertFalse(self.lines_since(mark, f'[id "{other}"]'))

    def assert_passes(self, data):
        mark = self.mark()
        self.assertEqual(self.post(data), 200, self.httpd.error_log()[mark:])
        time.sleep(0.1)  # a deny line would be written before the answer; this is margin
        for rule_id in RULE_IDS:
            self.assertFalse(self.lines_since(mark, f'[id "{rule_id}"]'),
                             self.httpd.error_log()[mark:])

    def test_benign_upload_passes(self):
        self.assert_passes(body(part("comment", "hello"),
                                part("upload", "hello world", "notes.txt")))
        self.assertTrue(wait_until(lambda: not os.listdir(self.tmp)), os.listdir(self.tmp))

    def test_php_file_name_is_denied(self):
        self.assert_denied_by(body(part("comment", "hello"),
                                   part("upload", "<?php ?>", "shell.php")),
                              "6101", "MULTIPART_FILENAME")

    def test_php_file_name_before_a_plain_field_is_denied(self):
        # The last part has no file name: the file name seen earlier still counts (v2 too).
        self.assert_denied_by(body(part("upload", "<?php ?>", "shell.php"), part("comment", "hi")),
                              "6101", "MULTIPART_FILENAME")

    def test_php_outside_a_file_name_passes(self):
        # MULTIPART_FILENAME holds file names only: not field values, not part names.
        self.assert_passes(body(part("comment", "shell.php"), part("upload", "x", "notes.txt")))
        self.assert_passes(body(part("shell.php", "x"), part("upload", "x", "notes.txt")))
        self.assert_passes(body(part("upload", "x", "shell.php.txt")))

    def test_evil_field_name_is_denied(self):
        self.assert_denied_by(body(part("comment", "hello"), part("evilfield", "x")),
                              "6103", "MULTIPART_NAME")

    def test_evil_name_of_a_file_part_is_denied(self):
        # MULTIPART_NAME holds the names of file parts as well as of fields.
        self.assert_denied_by(body(part("comment", "hello"), part("evilfield", "x", "a.txt")),
                              "6103", "MULTIPART_NAME")

    def test_evilfield_outside_a_part_name_passes(self):
        self.assert_passes(body(part("comment", "evilfield")))
        self.assert_passes(body(part("upload", "x", "evilfield")))
        self.assert_passes(body(part("evilfield2", "x")))  # @streq: the whole name

    def test_combined_file_size_over_the_limit_is_denied(self):
        self.assert_denied_by(body(part("a", "A" * 600, "a.txt"), part("b", "B" * 600, "b.txt")),
                              "6102", "FILES_COMBINED_SIZE")
        self.assert_denied_by(body(part("a", "A" * 1001, "a.txt")), "6102", "FILES_COMBINED_SIZE")

    def test_combined_file_size_counts_file_content_exactly(self):
        # 500 + 500 content bytes: exactly 1000, not over it (the CRLF before each boundary and
        # the part headers are not content).
        self.assert_passes(body(part("a", "A" * 500, "a.txt"), part("b", "B" * 500, "b.txt")))

    def test_fields_do_not_count_in_combined_file_size(self):
        self.assert_passes(body(part("comment", "C" * 5000), part("a", "A" * 10, "a.txt")))

    def test_evil_field_name_before_another_part(self):
        # Where Rampart and v2 differ (checked against mod_security2 2.9.7): Rampart's
        # MULTIPART_NAME is a collection of every part name (docs/reference/variables.md), v2's
        # holds only the last name parsed, so a later part hides `evilfield` from v2.
        data = body(part("evilfield", "x"), part("comment", "hello"))
        if self.rampart:
            self.assert_denied_by(data, "6103", "MULTIPART_NAME")
        else:
            self.assert_passes(data)

    def test_php_file_before_another_file(self):
        # Same difference for MULTIPART_FILENAME: v2 holds the last file name only.
        data = body(part("upload", "<?php ?>", "shell.php"), part("doc", "y", "notes.txt"))
        if self.rampart:
            self.assert_denied_by(data, "6101", "MULTIPART_FILENAME")
        else:
            self.assert_passes(data)


@unittest.skipUnless(os.path.isfile(MODSEC), "mod_security2 is not installed (scripts/setup.sh)")
class MultipartVariablesInModSecurityV2(MultipartVariables):
    """The same bodies and rules through mod_security2."""
    rampart = False


# ---- 2. ctl:requestBodyProcessor=MULTIPART on a Content-Type that is not multipart/form-data ----

FORCE_RULES = r"""SecRuleEngine On
SecRequestBodyAccess On
SecTmpDir "@ROOT@/tmp"
SecRule REQUEST_HEADERS:X-Force "@streq multipart" "id:6201,phase:1,pass,nolog,ctl:requestBodyProcessor=MULTIPART"
SecRule ARGS:field "@streq attack" "id:6202,phase:2,deny,status:403,msg:'attack in field'"
SecRule REQBODY_ERROR "!@eq 0" "id:6203,phase:2,deny,status:400,msg:'body error: %{REQBODY_ERROR_MSG}'"
SecRule ARGS_GET:check "@streq processor" "id:6204,phase:2,pass,log,msg:'processor=%{REQBODY_PROCESSOR}'"
SecRule ARGS_GET:check "@streq semicolon" "id:6205,phase:2,deny,status:409,msg:'missing semicolon',chain"
    SecRule MULTIPART_MISSING_SEMICOLON "!@eq 0" "t:none"
"""
MIXED = f"multipart/mixed; boundary={BOUNDARY}"
FORCE = {"X-Force": "multipart"}


class ForcedMultipart(EchoServerCase, unittest.TestCase):
    """Rampart only. ModSecurity v2.9.7 refuses every media type but multipart/form-data once
    MULTIPART is forced (REQBODY_ERROR, `Multipart: Invalid MIME type.`); Rampart's processor
    takes the boundary from whatever Content-Type the request has (src/body/multipart.cc)."""

    RULES = FORCE_RULES

    def post(self, content_type, data, force=True, query=""):
        headers = dict(FORCE if force else {}, **{"Content-Type": content_type})
        return self.httpd.request("POST", "/cgi-bin/echo.cgi" + query, headers=headers, body=data)

    def test_forced_processor_puts_fields_in_args(self):
        attack = body(part("field", "attack"))
        mark = self.mark()
        self.assertEqual(self.post(MIXED, attack)[0], 403, self.httpd.error_log()[mark:])
        lines = self.wait_since(mark, '[id "6202"]')
        self.assertEqual(len(lines), 1, self.httpd.error_log()[mark:])
        self.assertIn('String match "attack" at ARGS:field.', lines[0])

    def test_forced_processor_lets_a_benign_body_through_unchanged(self):
        benign = body(part("field", "fine"), part("upload", b"\x00\x01binary\r\n", "a.bin"))
        mark = self.mark()
        status, _, echoed = self.post(MIXED, benign, query="?check=processor")
        self.assertEqual(status, 200, self.httpd.error_log()[mark:])
        self.assertEqual(echoed, benign)
        lines = self.wait_since(mark, '[id "6204"]')
        self.assertEqual(len(lines), 1, self.httpd.error_log()[mark:])
        self.assertIn('[msg "processor=MULTIPART"]', lines[0])
        self.assertFalse(self.lines_since(mark, '[id "6203"]'))
        self.assertTrue(wait_until(lambda: not os.listdir(self.tmp)), os.listdir(self.tmp))

    def test_without_ctl_the_body_is_not_parsed(self):
        mark = self.mark()
        status, _, _ = self.post(MIXED, body(part("field", "attack")), force=False,
                                 query="?check=processor")
        self.assertEqual(status, 200, self.httpd.error_log()[mark:])
        lines = self.wait_since(mark, '[id "6204"]')
        self.assertEqual(len(lines), 1, self.httpd.error_log()[mark:])
        self.assertIn('[msg "processor="]', lines[0])
        self.assertFalse(self.lines_since(mark, '[id "6202"]'))

    def test_forced_processor_without_a_boundary_is_a_body_error(self):
        mark = self.mark()
        status, _, _ = self.post("application/octet-stream", body(part("field", "attack")))
        self.assertEqual(status, 400, self.httpd.error_log()[mark:])
        lines = self.wait_since(mark, '[id "6203"]')
        self.assertEqual(len(lines), 1, self.httpd.error_log()[mark:])
        self.assertIn("body error: Multipart:", lines[0])

    # A forced type shorter than `multipart/form-data`: its ';' counts (v2 counts 19 characters,
    # the length of `multipart/form-data`, whatever the type; v2 refuses other types anyway).
    def test_forced_processor_sees_the_semicolon_of_a_shorter_media_type(self):
        mark = self.mark()
        status, _, _ = self.post(MIXED, body(part("field", "fine")), query="?check=semicolon")
        self.assertEqual(status, 200, self.httpd.error_log()[mark:])


# ---- 3. A 10 MiB upload with a 128 KiB in-memory limit ----

IN_MEMORY = 131072
UPLOAD = 10 * 1024 * 1024
RSS_SLACK = 6 * 1024 * 1024  # a few MiB: allocator noise, never the upload itself
BIG_BOUNDARY = "----RampartBoundary7MA4YWxkTrZu0gW"
BIG_RULES = f"""SecRuleEngine On
SecRequestBodyAccess On
SecRequestBodyInMemoryLimit {IN_MEMORY}
SecRequestBodyLimit {4 * UPLOAD}
SecTmpDir "@ROOT@/tmp"
SecRule FILES_SIZES "@eq {UPLOAD}" "id:6301,phase:2,pass,log,msg:'size seen'"
SecRule FILES_COMBINED_SIZE "@eq {UPLOAD}" "id:6302,phase:2,pass,log,msg:'combined size seen'"
SecRule ARGS:comment "!@streq big one" "id:6303,phase:2,deny,status:403,msg:'field lost'"
SecRule REQBODY_ERROR "!@eq 0" "id:6304,phase:2,deny,status:400,msg:'body error'"
# A rule that reads the stored file, so that the file part is written to SecTmpDir at all.
SecRule FILES_TMPNAMES "@rx ^$" "id:6305,phase:2,pass,nolog"
"""


def pieces(data, size):
    for i in range(0, len(data), size):
        yield data[i:i + size]


class LargeUpload(EchoServerCase, unittest.TestCase):
    RULES = BIG_RULES

    def upload_body(self, content):
        return body(part("comment", "big one", boundary=BIG_BOUNDARY),
                    part("upload", content, "big.bin", boundary=BIG_BOUNDARY),
                    boundary=BIG_BOUNDARY)

    def headers(self, length):
        return {"Content-Type": f"multipart/form-data; boundary={BIG_BOUNDARY}",
                "Content-Length": str(length)}

    def tmp_files(self, kind):
        return glob.glob(os.path.join(self.tmp, f"*-{kind}-*"))

    def test_ten_mib_upload(self):
        h = self.httpd
        # Warm up the worker (first-request allocations are not the upload's).
        warm = self.upload_body(os.urandom(300000))
        status, _, echoed = h.request("POST", "/cgi-bin/echo.cgi", self.headers(len(warm)), warm)
        self.assertEqual(status, 200, h.error_log())
        self.assertEqual(echoed, warm)
        self.assertTrue(wait_until(lambda: not os.listdir(self.tmp)), os.listdir(self.tmp))

        content = os.urandom(UPLOAD)
        data = self.upload_body(content)
        pids = children(h.pid())
        self.assertTrue(pids, "no httpd children found")
        sampler = RssSampler(pids, limit=120.0)
        sampler.start()
        seen = {}

        def send():
            # All but the last 64 KiB; while httpd waits for them, the file part must already be
            # on disk under SecTmpDir, most of it written.
            yield from pieces(data[:-65536], 65536)
            wait_until(lambda: any(os.path.getsize(p) > UPLOAD // 2
                                   for p in self.tmp_files("file") if os.path.exists(p)))
            seen["file"] = [(p, os.path.getsize(p)) for p in self.tmp_files("file")]
            yield data[-65536:]

        mark = self.mark()
        c = h.connection()
        try:
            c.request("POST", "/cgi-bin/echo.cgi", body=send(), headers=self.headers(len(data)))
            r = c.getresponse()
            status, echoed = r.status, r.read()
        finally:
            c.close()
            sampler.stop()
        self.assertEqual(status, 200, h.error_log()[mark:])
        self.assertEqual(len(echoed), len(data))
        self.assertEqual(echoed, data, "the 10 MiB multipart body changed on its way to CGI")

        # The file part streamed to one temporary file while the body came in.
        self.assertEqual(len(seen["file"]), 1, seen)
        self.assertGreater(seen["file"][0][1], UPLOAD // 2, seen)

        lines = self.wait_since(mark, '[id "6301"]')
        self.assertEqual(len(lines), 1, h.error_log()[mark:])
        self.assertIn("ModSecurity: Warning.", lines[0])
        self.assertIn("FILES_SIZES:upload", lines[0])
        self.assertIn("[msg \"size seen\"]", lines[0])
        self.assertEqual(len(self.wait_since(mark, '[id "6302"]')), 1, h.error_log()[mark:])
        for rule_id in ("6303", "6304"):
            self.assertFalse(self.lines_since(mark, f'[id "{rule_id}"]'), h.error_log()[mark:])

        self.assertTrue(wait_until(lambda: not os.listdir(self.tmp)),
                        f"left behind in SecTmpDir: {os.listdir(self.tmp)}")
        for pid in pids:
            grew = sampler.peak[pid] - sampler.baseline[pid]
            self.assertLess(grew, RSS_SLACK, f"child {pid} grew by {grew} bytes during the upload")


if __name__ == "__main__":
    main()
