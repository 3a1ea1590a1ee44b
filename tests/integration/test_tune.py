"""`rampart tune` (tools/tune/, docs/operations.md) on an audit log Rampart wrote in this test with
CRS v4 blocking: a programming blog's comments trip 942230 for every reader who posts code, and
one attacker sends real attacks. tune proposes an exclusion for the false positive only; replaying
the same log with it applied lets the readers through while every attack stays blocked."""

import json
import os
import shutil
import subprocess
import tempfile
import unittest

import harness
import logtool_v2

CLI = os.environ.get("RAMPART_CLI", "rampart")
SOURCE = os.environ.get("RAMPART_SOURCE", ".")
CRS = os.environ.get("RAMPART_CRS_DIR") or os.path.join(SOURCE, "..", "shared", "crs")

CONFIG = f"""Include "{SOURCE}/rules/rampart-recommended.conf"
SecRuleEngine On
SecAuditEngine On
SecAuditLogType Serial
SecAuditLogFormat JSON
SecAuditLogParts ABCFHZ
SecAuditLog "@ROOT@/logs/audit.log"
Include "{CRS}/crs-setup.conf.example"
Include "{CRS}/rules/*.conf"
"""

CODE = ["I wrote: if (a < b) {{ return a; }} in {}",
        "try: if (x < 10) {{ x++; }} said {}",
        "why does if (i < n) {{ break; }} loop in {}"]

# (source address, method, path, body)
READERS = [(f"127.0.0.{n}", "POST", "/blog/post", "comment=" + CODE[n % 3].format(f"lesson {n}"))
           for n in range(1, 7)]
ATTACKS = [("127.0.0.9", "POST", "/blog/post", "comment=1' or 1=1-- "),
           ("127.0.0.9", "POST", "/blog/post", "comment=cat /etc/passwd"),
           ("127.0.0.9", "GET", "/search?q=<script>alert(document.cookie)</script>", None)]


def rampart(*args):
    p = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


@unittest.skipUnless(os.path.isdir(os.path.join(CRS, "rules")), "no CRS tree at ../shared/crs")
class TuneThenReplay(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.root = cls.tmp.name
        h = harness.Httpd(config=CONFIG, unique_id=True)
        with h:
            for source, method, path, body in READERS + ATTACKS:
                # A name, not 127.0.0.1:port: CRS flags a numeric Host (920350) on every
                # request, which tune would rightly propose to exclude.
                headers = {"Host": "blog.example", **(harness.FORM if body else {})}
                status = logtool_v2.send(h, source, method, path, headers, body)
                if status != 403:
                    raise AssertionError(f"{method} {path} from {source}: {status}, not 403\n"
                                         + h.error_log())
            h.stop()
            cls.log = shutil.copy(os.path.join(h.logs, "audit.log"), cls.root)
        cls.crs = os.path.join(cls.root, "crs.conf")
        with open(cls.crs, "w") as f:
            f.write(f'Include "{SOURCE}/rules/rampart-recommended.conf"\n'
                    f'Include "{CRS}/crs-setup.conf.example"\nInclude "{CRS}/rules/*.conf"\n')

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_proposal_removes_the_false_positive_and_keeps_the_attacks_blocked(self):
        proposal = os.path.join(self.root, "exclusions.conf")
        rc, out, err = rampart("tune", "--audit-log", self.log, "--output", proposal)
        self.assertEqual((rc, out, err), (0, "", ""))
        with open(proposal) as f:
            text = f.read()
        self.assertIn("# rampart tune: 9 transactions (9 with alerts) in " + self.log, text)
        self.assertIn('SecRule REQUEST_FILENAME "@streq /blog/post" \\\n'
                      '    "id:10000,phase:1,pass,t:none,nolog,'
                      'ctl:ruleRemoveTargetById=942230;ARGS:comment"', text)
        self.assertIn("6 hits from 6 clients, 6 in blocked requests", text)
        # Nothing for what one client did, however often.
        for attack_rule in ("942100", "930120", "941100"):
            self.assertNotIn(attack_rule, text)

        # Applied where the proposal says: before the CRS rules.
        tuned = os.path.join(self.root, "crs-tuned.conf")
        with open(tuned, "w") as f:
            f.write(f'Include "{SOURCE}/rules/rampart-recommended.conf"\n'
                    f'Include "{CRS}/crs-setup.conf.example"\nInclude "{proposal}"\n'
                    f'Include "{CRS}/rules/*.conf"\n')
        rc, out, err = rampart("lint", tuned)
        self.assertEqual(rc, 0, err)

        rc, out, err = rampart("replay", "--rules", self.crs, "--diff", tuned, self.log)
        self.assertEqual(rc, 1, err)  # verdicts changed
        self.assertIn("9 requests: 6 change verdict (0 newly blocked, 6 newly passed)", out)

        rc, out, err = rampart("replay", "--rules", tuned, "--json", self.log)
        self.assertEqual(rc, 0, err)
        got = [json.loads(line) for line in out.splitlines()]
        self.assertEqual(len(got), 9)
        readers = [g for g in got if "942230" not in
                   [r["id"] for r in g["outcome"]["rules"]] and not g["outcome"]["blocked"]]
        self.assertEqual(len(readers), 6)
        attacks = [g for g in got if g["outcome"]["blocked"]]
        self.assertEqual(len(attacks), 3)
        fired = {r["id"] for g in attacks for r in g["outcome"]["rules"]}
        self.assertTrue({"942100", "930120", "941100"} <= fired, fired)

    def test_thresholds_and_usage(self):
        rc, out, err = rampart("tune", "--min-clients", "7", self.log)
        self.assertEqual(rc, 0, err)
        self.assertIn("# Nothing to propose", out)
        rc, out, err = rampart("tune", "--min-clients", "1", "--min-hits", "1", self.log)
        self.assertIn("942100", out)  # the attacker's rules, once the thresholds allow it
        rc, _, err = rampart("tune")
        self.assertEqual(rc, 2)
        self.assertIn("--audit-log LOG is required", err)
        rc, _, err = rampart("tune", "--min-hits", "many", self.log)
        self.assertEqual(rc, 2)
        self.assertIn("'many' is not a positive number", err)


if __name__ == "__main__":
    unittest.main(verbosity=2)
