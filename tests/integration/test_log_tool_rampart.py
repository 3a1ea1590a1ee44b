"""`rampart log` reads the audit logs Rampart writes (src/log/audit*) exactly as it reads those
of the real ModSecurity v2: the same requests through both give the same transactions, alerts
and verdicts, in all four modes (Serial/Concurrent x Native/JSON)."""

import json
import os
import shutil
import subprocess
import tempfile
import unittest

import harness
import logtool_v2

CLI = os.environ.get("RAMPART_CLI", "rampart")

# The same configuration as logtool_v2.RULES, for mod_rampart instead of mod_security2.
RULES = logtool_v2.RULES.split("\n", 1)[1]


def write_rampart_logs(dest, modes=logtool_v2.MODES):
    out = {}
    for name, (log_type, log_format) in modes.items():
        h = harness.Httpd(config=RULES % {"type": log_type, "format": log_format}, unique_id=True)
        os.makedirs(os.path.join(h.root, "audit"), exist_ok=True)
        with h:
            os.chmod(os.path.join(h.root, "audit"), 0o777)  # the children run as www-data
            logtool_v2.send_all(h, name, log_type, log_format)
            h.stop()
            if log_type == "Serial":
                out[name] = shutil.copy(os.path.join(h.logs, "audit.log"),
                                        os.path.join(dest, name + ".log"))
            else:
                out[name] = shutil.copytree(os.path.join(h.root, "audit"),
                                            os.path.join(dest, name))
    return out


def transactions(path):
    p = subprocess.run([CLI, "log", "--json", path], capture_output=True, text=True, timeout=60)
    if p.returncode != 0 or p.stderr:
        raise AssertionError(f"rampart log {path}: rc {p.returncode}\n{p.stderr}")
    return [json.loads(line) for line in p.stdout.splitlines()]


def comparable(entries):
    """What must agree between v2 and Rampart: no ids, times, ports or rule-file paths."""
    keys = []
    for e in entries:
        rules = tuple((r["id"], r["msg"], r["severity"], r["action"], tuple(r["tags"]))
                      for r in e["rules"])
        keys.append((e["method"], e["uri"], e["status"], e["blocked"], e["client_ip"], rules))
    return sorted(keys)


def rampart_writes_audit_logs():
    h = harness.Httpd(config="SecAuditEngine On\nSecAuditLog @ROOT@/logs/audit.log\n")
    try:
        rc, out = h.configtest()
    finally:
        h.cleanup(check=False)
    return rc == 0


@unittest.skipUnless(logtool_v2.available(), "mod_security2 is not installed (scripts/setup.sh)")
class RampartLogs(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not rampart_writes_audit_logs():
            raise unittest.SkipTest("this mod_rampart does not accept SecAuditEngine yet")
        cls.tmp = tempfile.TemporaryDirectory()
        for d in ("v2", "rampart"):
            os.makedirs(os.path.join(cls.tmp.name, d))
        cls.v2 = logtool_v2.write_v2_logs(os.path.join(cls.tmp.name, "v2"))
        cls.rampart = write_rampart_logs(os.path.join(cls.tmp.name, "rampart"))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_same_transactions_as_v2(self):
        for mode in logtool_v2.MODES:
            with self.subTest(mode):
                ours, theirs = transactions(self.rampart[mode]), transactions(self.v2[mode])
                self.assertEqual(len(ours), len(logtool_v2.REQUESTS))
                self.assertEqual(comparable(ours), comparable(theirs))

    def test_show_and_summary_on_rampart_logs(self):
        log = self.rampart["serial-native"]
        denied = [e for e in transactions(log) if e["status"] == 406][0]
        p = subprocess.run([CLI, "log", "--show", denied["unique_id"], log], capture_output=True,
                           text=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("Rule 1002 [WARNING] Scanner header", p.stdout)
        self.assertIn("X-Scanner: nikto", p.stdout)
        p = subprocess.run([CLI, "log", "--summary", "--json", *self.rampart.values()],
                           capture_output=True, text=True, timeout=60)
        s = json.loads(p.stdout)
        self.assertEqual((s["transactions"], s["blocked"]), (24, 12))
        self.assertEqual(s["top_rules"][0]["key"], "1000")


if __name__ == "__main__":
    harness.main()
