"""`rampart replay` evaluates rule sets offline (tools/replay/, docs/replay.md): on audit logs the
real ModSecurity v2 wrote in this test (Native and JSON, Serial and Concurrent), on raw HTTP and
HAR files against CRS v4 from ../shared/crs, --diff between two CRS configurations, --profile with
its HTML picture, --json, and the errors a site owner can make."""

import json
import os
import re
import subprocess
import tempfile
import unittest

import logtool_v2

CLI = os.environ.get("RAMPART_CLI", "rampart")
SOURCE = os.environ.get("RAMPART_SOURCE", ".")
CRS = os.environ.get("RAMPART_CRS_DIR") or os.path.join(SOURCE, "..", "shared", "crs")
HAVE_CRS = os.path.isdir(os.path.join(CRS, "rules"))

# The rules of logtool_v2.RULES alone (no module, no audit log settings).
V2_RULES = "\n".join(line for line in logtool_v2.RULES.splitlines()
                     if line.startswith("SecRule ") or line.startswith("SecRequestBodyAccess"))

RAW = (
    "GET /catalog?item=42&lang=en HTTP/1.1\r\nHost: shop.example\r\n"
    "User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\nAccept: text/html\r\n\r\n"
    "GET /item?id=1%27%20or%201=1--%20 HTTP/1.1\r\nHost: shop.example\r\n"
    "User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\nAccept: text/html\r\n\r\n"
    "POST /comment HTTP/1.1\nHost: shop.example\nUser-Agent: Mozilla/5.0\nAccept: */*\n"
    "Content-Type: application/x-www-form-urlencoded\n\n"
    "text=<script>alert(document.cookie)</script>\n")

HAR = {"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": [
    {"request": {"method": "GET", "url": "https://shop.example/search?q=blue+shoes",
                 "httpVersion": "h2",
                 "headers": [{"name": ":authority", "value": "shop.example"},
                             {"name": "user-agent", "value": "Mozilla/5.0 (X11; Linux x86_64)"},
                             {"name": "accept", "value": "text/html"}]},
     "response": {"status": 200, "statusText": "", "httpVersion": "h2",
                  "headers": [{"name": "content-type", "value": "text/html"}],
                  "content": {"mimeType": "text/html", "text": "<p>results</p>"}}},
    {"request": {"method": "POST", "url": "https://shop.example/api/orders",
                 "httpVersion": "HTTP/1.1",
                 "headers": [{"name": "User-Agent", "value": "Mozilla/5.0"},
                             {"name": "Accept", "value": "application/json"},
                             {"name": "Content-Type", "value": "application/json"}],
                 "postData": {"mimeType": "application/json",
                              "text": "{\"note\": \"; cat /etc/passwd\"}"}},
     "response": {"status": 0}},
]}}


def replay(*args, stdin=None):
    p = subprocess.run([CLI, "replay", *args], capture_output=True, timeout=120, input=stdin)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def request_lines(out):
    """The per-request lines of the text output: (n, where, request, verdict)."""
    rows = []
    for line in out.splitlines():
        m = re.match(r"^\s*(\d+)  (\S+)  (.*?)  -> (.*?)(?:  inbound \d+)?(?:  outbound \d+)?"
                     r"  [\d.]+ ms$", line)
        if m:
            rows.append(m.groups())
    return rows


class V2AuditLogs(unittest.TestCase):
    """The requests of logtool_v2.REQUESTS, as v2 logged them, get v2's verdicts again."""

    @classmethod
    def setUpClass(cls):
        if not logtool_v2.available():
            raise unittest.SkipTest("mod_security2 is not installed (scripts/setup.sh)")
        cls.tmp = tempfile.TemporaryDirectory()
        cls.logs = logtool_v2.write_v2_logs(cls.tmp.name)
        cls.rules = os.path.join(cls.tmp.name, "rules.conf")
        with open(cls.rules, "w") as f:
            f.write(V2_RULES + "\n")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_every_format_gives_the_logged_verdicts(self):
        want = sorted(("denied %d (phase %d)" % (r[5], 1 if r[5] == 406 else 2))
                      if r[5] in (403, 406) else "passed" for r in logtool_v2.REQUESTS)
        for name, path in self.logs.items():
            with self.subTest(name):
                rc, out, err = replay("--rules", self.rules, "--json", path)
                self.assertEqual(rc, 0, err)
                self.assertEqual(err, "")
                got = [json.loads(line) for line in out.splitlines()]
                self.assertEqual(sorted(g["outcome"]["verdict"] for g in got), want)
                sqli = [g for g in got if g["uri"] == "/index.html"
                        and any(r["id"] == "1000" for r in g["outcome"]["rules"])]
                self.assertEqual(len(sqli), 2)  # both POST bodies came from part C / body
                scanner = [g for g in got if g["uri"] == "/admin.php"][0]
                self.assertEqual(scanner["outcome"]["rules"][0]["id"], "1002")
                self.assertTrue(scanner["outcome"]["rules"][0]["denied"])

    def test_text_output_points_at_the_log_line(self):
        rc, out, err = replay("--rules", self.rules, self.logs["serial-native"])
        self.assertEqual(rc, 0, err)
        rows = request_lines(out)
        self.assertEqual(len(rows), len(logtool_v2.REQUESTS))
        for n, where, request, verdict in rows:
            self.assertRegex(where, r"serial-native\.log:\d+$")
        self.assertIn("6 requests: 3 blocked, 3 passed", out)
        self.assertRegex(out, r"\n\s+\* 1000\s+CRITICAL\s+Unexpected characters in surname")

    def test_stdin(self):
        with open(self.logs["serial-json"], "rb") as f:
            rc, out, err = replay("--rules", self.rules, "-", stdin=f.read())
        self.assertEqual(rc, 0, err)
        self.assertIn("6 requests: 3 blocked, 3 passed", out)


@unittest.skipUnless(HAVE_CRS, "no CRS tree at ../shared/crs")
class WithCrs(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        cls.crs = os.path.join(d, "crs.conf")
        with open(cls.crs, "w") as f:
            f.write(f'Include "{SOURCE}/rules/rampart-recommended.conf"\n'
                    f'Include "{CRS}/crs-setup.conf.example"\n'
                    f'Include "{CRS}/rules/*.conf"\n')
        # The same, with an exclusion a site owner might try: 942100 off for /item.
        cls.excluded = os.path.join(d, "crs-excluded.conf")
        with open(cls.excluded, "w") as f:
            f.write(f'Include "{SOURCE}/rules/rampart-recommended.conf"\n'
                    f'Include "{CRS}/crs-setup.conf.example"\n'
                    'SecRule REQUEST_FILENAME "@streq /item" "id:1001,phase:1,pass,nolog,'
                    'ctl:ruleRemoveById=942100"\n'
                    f'Include "{CRS}/rules/*.conf"\n')
        cls.raw = os.path.join(d, "requests.http")
        with open(cls.raw, "w") as f:
            f.write(RAW)
        cls.har = os.path.join(d, "session.har")
        with open(cls.har, "w") as f:
            json.dump(HAR, f)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_raw_requests(self):
        rc, out, err = replay("--rules", self.crs, self.raw)
        self.assertEqual(rc, 0, err)
        rows = request_lines(out)
        self.assertEqual([r[3] for r in rows],
                         ["passed", "denied 403 (phase 2)", "denied 403 (phase 2)"])
        self.assertEqual([r[1] for r in rows], [self.raw + ":1", self.raw + ":6", self.raw + ":11"])
        self.assertRegex(out, r"942100\s+CRITICAL\s+SQL Injection Attack Detected via libinjection")
        self.assertRegex(out, r"941100\s+CRITICAL\s+XSS Attack Detected via libinjection")
        self.assertRegex(out, r"\* 949110 .*Inbound Anomaly Score Exceeded")
        self.assertRegex(out, r"/item\?id=.*inbound [1-9]")

    def test_har(self):
        rc, out, err = replay("--rules", self.crs, "--json", "--requests", self.har)
        self.assertEqual(rc, 0, err)
        got = [json.loads(line) for line in out.splitlines()]
        self.assertEqual([g["outcome"]["verdict"] for g in got],
                         ["passed", "denied 403 (phase 2)"])
        self.assertEqual(got[0]["uri"], "/search?q=blue+shoes")
        self.assertEqual(got[0]["outcome"]["inbound_score"], 0)
        ids = [r["id"] for r in got[1]["outcome"]["rules"]]
        self.assertIn("930120", ids)  # /etc/passwd in the JSON body (CRS turns JSON parsing on)
        self.assertIn("932160", ids)  # the Unix command
        self.assertEqual(got[1]["source"], self.har)
        self.assertEqual(got[1]["line"], 2)  # the entry's index

    def test_diff_between_two_crs_configurations(self):
        rc, out, err = replay("--rules", self.crs, "--diff", self.excluded, self.raw, self.har)
        self.assertEqual(rc, 1, out + err)  # a verdict changed, as diff(1) says
        self.assertIn("/item?id=", out)
        self.assertRegex(out, r"A: denied 403 \(phase 2\)  inbound 5\n\s+B: passed  inbound 0\n")
        self.assertRegex(out, r"only A fired: 942100 949110")
        self.assertNotIn("/comment", out)  # same verdict under both
        self.assertIn("5 requests: 1 change verdict (0 newly blocked, 1 newly passed)", out)
        rc, out, err = replay("--rules", self.crs, "--diff", self.crs, self.raw)
        self.assertEqual(rc, 0, out + err)
        self.assertIn("3 requests: 0 change verdict", out)

    def test_profile(self):
        html = os.path.join(self.tmp.name, "profile.html")
        rc, out, err = replay("--rules", self.crs, "--quiet", "--profile", "--repeat", "3",
                              "--top", "5", "--profile-html", html, self.raw, self.har)
        self.assertEqual(rc, 0, err)
        self.assertIn("Profile: 15 transactions", out)
        table = out.split("Slowest rules")[1].split("Transformations")[0]
        rows = [line for line in table.splitlines()[2:] if line.strip()]
        self.assertEqual(len(rows), 5)
        totals = [float(r.split()[0]) for r in rows]
        self.assertEqual(totals, sorted(totals, reverse=True))
        self.assertRegex(rows[0], r"\d{6}\s+[12]\s+REQUEST-9\d\d-[A-Z-]+\.conf:\d+$")
        self.assertRegex(out, r"\n\s+[\d.]+\s+[\d.]+\s+\d+\s+\d+\s+urlDecodeUni\n")
        with open(html) as f:
            page = f.read()
        self.assertIn("<svg", page)
        self.assertIn("phase 2", page)
        self.assertRegex(page, r"<title>rule 9\d{5} \(REQUEST-9")

    def test_usage_and_rule_errors(self):
        rc, _, err = replay(self.raw)
        self.assertEqual(rc, 2)
        self.assertIn("--rules CONF is required", err)
        bad = os.path.join(self.tmp.name, "bad.conf")
        with open(bad, "w") as f:
            f.write('SecRule ARGS "@rx a" "id:1,phase:2,pass"\nSecRule ARGS "@nosuch x" "id:2"\n')
        rc, _, err = replay("--rules", bad, self.raw)
        self.assertEqual(rc, 2)
        self.assertRegex(err, re.escape(bad) + r":2: .*nosuch")
        rc, out, err = replay("--rules", self.crs, self.raw, os.path.join(self.tmp.name, "none"))
        self.assertEqual(rc, 0)
        self.assertIn("none: cannot read the file", err)
        garbage = os.path.join(self.tmp.name, "garbage.txt")
        with open(garbage, "w") as f:
            f.write("this is not a request\n")
        rc, out, err = replay("--rules", self.crs, garbage)
        self.assertEqual(rc, 1)
        self.assertIn("garbage.txt: line 1: expected a request line", err)
        self.assertIn("no request could be read", err)


if __name__ == "__main__":
    unittest.main(verbosity=2)
