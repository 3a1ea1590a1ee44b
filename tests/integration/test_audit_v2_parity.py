"""Rampart's native audit log next to the one the real ModSecurity v2.9.7 writes (Debian's
mod_security2, run in its own private httpd) for the same rules and requests: the same parts in
the same order, the same part H lines in the same order, identical Message: lines and part K."""

import os
import re
import unittest

import audit_util
import harness
import logtool_v2

RULES = """SecRuleEngine On
SecRequestBodyAccess On
SecResponseBodyAccess On
SecAuditEngine On
SecAuditLogParts ABCEFHKZ
SecAuditLogType Serial
SecAuditLog "@ROOT@/logs/audit.log"
SecDefaultAction "phase:2,log,auditlog,pass"
SecRule ARGS:surname "!@rx ^[a-z0-9._-]*$" "id:1000,phase:2,deny,msg:'Unexpected characters in surname',tag:'app/whitelist',severity:CRITICAL,t:none,t:lowercase,setvar:tx.a=1,chain"
  SecRule REQUEST_METHOD "@streq POST" "t:none,setvar:tx.b=2"
SecRule ARGS:q "@contains evil" "id:1001,phase:2,pass,log,msg:'evil word',severity:NOTICE,tag:'probe',sanitiseMatched"
SecRule ARGS:q "@contains evil" "id:1003,phase:2,pass,nolog"
SecRule ARGS:q "@contains evil" "id:1004,phase:2,pass,skipAfter:END"
SecRule ARGS:q "@contains evil" "id:1005,phase:2,deny"
SecMarker END
SecRule REQUEST_HEADERS:X-Scanner "@rx ." "id:1002,phase:1,deny,status:406,msg:'Scanner header',severity:WARNING"
"""

REQUESTS = [
    ("GET", "/?q=evil&x=1", {}, None),
    ("POST", "/index.html", harness.FORM, "surname=Smith%27;--"),
    ("GET", "/admin.php", {"X-Scanner": "nikto"}, None),
    ("GET", "/index.html", {}, None),
]

# Lines whose values are the producer's own or measured.
OWN_VALUES = ("Stopwatch", "Stopwatch2", "Producer", "Apache-Error")


def run(rampart):
    config = RULES if rampart else f"LoadModule security2_module {logtool_v2.MODSEC}\n" + RULES
    h = harness.Httpd(config=config, rampart=rampart, unique_id=True)
    with h:
        statuses = [logtool_v2.send(h, "127.0.0.1", *r) for r in REQUESTS]
        h.stop()
        text = audit_util.read(os.path.join(h.logs, "audit.log"))
        root, port = h.root, str(h.port)
    # The two servers differ in their ServerRoot and port only.
    text = text.replace(root, "@ROOT@").replace(port, "@PORT@")
    return statuses, audit_util.parse_native(text)


def h_lines(entry):
    return [line for line in entry["parts"]["H"].split("\n") if line]


def h_names(entry):
    return [line.split(":", 1)[0] for line in h_lines(entry)]


@unittest.skipUnless(logtool_v2.available(), "mod_security2 is not installed (scripts/setup.sh)")
class NativeParity(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.v2_status, cls.v2 = run(rampart=False)
        cls.our_status, cls.ours = run(rampart=True)

    def pairs(self):
        """(ours, v2) in REQUESTS order. The log's order is the order requests ended, which
        two requests in a row do not always keep."""
        self.assertEqual(self.our_status, self.v2_status)
        self.assertEqual(len(self.ours), len(REQUESTS))
        self.assertEqual(len(self.v2), len(REQUESTS))
        # Method and path (the query is sanitised) tell the requests apart.
        key = lambda line: line.split("?")[0].split(" HTTP/")[0]
        by_key = lambda entries: {key(e["parts"]["B"].split("\n")[0]): e for e in entries}
        ours, v2 = by_key(self.ours), by_key(self.v2)
        keys = [key(f"{method} {path}") for method, path, _, _ in REQUESTS]
        return [(ours[k], v2[k]) for k in keys]

    def test_same_parts_in_the_same_order(self):
        for n, (ours, v2) in enumerate(self.pairs()):
            with self.subTest(request=REQUESTS[n][:2]):
                self.assertEqual(ours["order"], v2["order"])
                self.assertEqual(ours["parts"]["B"], v2["parts"]["B"])
                self.assertEqual(ours["parts"].get("C"), v2["parts"].get("C"))
                self.assertEqual(ours["parts"].get("E"), v2["parts"].get("E"))
                self.assertEqual(ours["parts"]["F"].split("\n")[0], v2["parts"]["F"].split("\n")[0])

    def test_part_h_lines(self):
        for n, (ours, v2) in enumerate(self.pairs()):
            with self.subTest(request=REQUESTS[n][:2]):
                self.assertEqual(h_names(ours), h_names(v2))
                mine = [l for l in h_lines(ours) if l.split(":", 1)[0] not in OWN_VALUES]
                theirs = [l for l in h_lines(v2) if l.split(":", 1)[0] not in OWN_VALUES]
                self.assertEqual(mine, theirs)

    def test_apache_error_lines_carry_the_error_log_line(self):
        for ours, v2 in self.pairs():
            mine = audit_util.trailer_lines(ours, "Apache-Error")
            theirs = audit_util.trailer_lines(v2, "Apache-Error")
            self.assertEqual(len(mine), len(theirs))
            for m, t in zip(mine, theirs):
                # v2 writes "[client ADDR] " into its own messages; httpd adds it for ours.
                strip = lambda s: re.sub(r"^\[file \"[^\"]+\"\] \[line \d+\] \[level \d\] "
                                         r"(\[client [^\]]+\] )?", "", s)
                self.assertEqual(re.sub(r'\[unique_id "[^"]+"\]', "", strip(m)),
                                 re.sub(r'\[unique_id "[^"]+"\]', "", strip(t)))

    def test_stopwatch_lines_have_v2s_shape(self):
        for ours, _ in self.pairs():
            [sw] = audit_util.trailer_lines(ours, "Stopwatch")
            self.assertRegex(sw, r"^\d{16} \d+ \(- - -\)$")
            [sw2] = audit_util.trailer_lines(ours, "Stopwatch2")
            self.assertRegex(sw2, r"^\d{16} \d+; combined=\d+, p1=\d+, p2=\d+, p3=\d+, p4=\d+, "
                                  r"p5=\d+, sr=0, sw=0, l=0, gc=0$")
            self.assertEqual(sw.split()[0], sw2.split()[0])

    def test_part_k_is_identical(self):
        for n, (ours, v2) in enumerate(self.pairs()):
            with self.subTest(request=REQUESTS[n][:2]):
                self.assertEqual(ours["parts"]["K"], v2["parts"]["K"])


if __name__ == "__main__":
    harness.main()
