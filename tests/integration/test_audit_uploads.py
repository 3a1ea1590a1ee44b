"""Issue 5, audit log parts I and J next to what the real ModSecurity v2.9.7 (Debian's
mod_security2, in its own private httpd) writes for the same multipart upload and URL-encoded
form: part I is the same urlencoded rewrite of the fields, part J the same file lines and total
(except the Content-Type column: v2 prints "<Unknown ContentType>" even for a part that has one),
and a URL-encoded body is logged as part C by both."""

import os
import re
import unittest

import audit_util
import harness
import logtool_v2

RULES = """SecRuleEngine On
SecRequestBodyAccess On
SecAuditEngine On
SecAuditLogParts ABIJZ
SecAuditLogType Serial
SecAuditLog "@ROOT@/logs/audit.log"
SecTmpDir "@ROOT@/tmp"
SecTmpSaveUploadedFiles On
"""
UPLOAD = ("--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx y&z=1/\u00e9\r\n"
          "--b\r\nContent-Disposition: form-data; name=\"f1\"; filename=\"a.txt\"\r\n"
          "Content-Type: text/plain\r\n\r\nHELLO\r\n"
          "--b\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\n2\r\n"
          "--b\r\nContent-Disposition: form-data; name=\"f2\"; filename=\"b.bin\"\r\n\r\nSECOND\r\n"
          "--b--\r\n").encode()
REQUESTS = [
    ("POST", "/index.html", {"Content-Type": "multipart/form-data; boundary=b"}, UPLOAD),
    ("POST", "/index.html", harness.FORM, "q=1&r=2"),
]


def run(rampart):
    config = RULES if rampart else f"LoadModule security2_module {logtool_v2.MODSEC}\n" + RULES
    h = harness.Httpd(config=config, rampart=rampart, unique_id=True)
    os.makedirs(os.path.join(h.root, "tmp"), exist_ok=True)
    with h:
        os.chmod(os.path.join(h.root, "tmp"), 0o777)
        statuses = [logtool_v2.send(h, "127.0.0.1", *r) for r in REQUESTS]
        h.stop()
        text = audit_util.read(os.path.join(h.logs, "audit.log"))
    # Entries are written as transactions end, which is not always the order they were sent.
    entries = audit_util.parse_native(text)
    return statuses, sorted(entries, key=lambda e: "I" not in e["parts"])


@unittest.skipUnless(logtool_v2.available(), "mod_security2 is not installed (scripts/setup.sh)")
class AuditUploadsParity(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.v2_status, cls.v2 = run(rampart=False)
        cls.status, cls.rampart = run(rampart=True)

    def test_same_parts(self):
        self.assertEqual(self.status, self.v2_status)
        self.assertEqual([e["order"] for e in self.rampart], [e["order"] for e in self.v2])
        self.assertEqual(self.v2[0]["order"], "ABIJZ")
        self.assertEqual(self.v2[1]["order"], "ABCZ")

    def test_part_i_is_the_same_rewrite(self):
        self.assertEqual(self.rampart[0]["parts"]["I"], self.v2[0]["parts"]["I"])
        self.assertEqual(self.rampart[1]["parts"]["C"], self.v2[1]["parts"]["C"])

    def test_part_j_is_the_same_list(self):
        def without_type(part):
            return re.sub(r',"[^"]*"$', ',"TYPE"', part, flags=re.M)
        self.assertEqual(without_type(self.rampart[0]["parts"]["J"]),
                         without_type(self.v2[0]["parts"]["J"]))
        self.assertIn('"a.txt","text/plain"', self.rampart[0]["parts"]["J"])


if __name__ == "__main__":
    harness.main()
