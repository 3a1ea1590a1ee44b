"""`rampart log` reads the audit logs that the real ModSecurity v2 wrote (Serial and Concurrent,
Native and JSON): listing, filters, --show, --summary, .gz, stdin, damaged entries."""

import gzip
import json
import os
import subprocess
import tempfile
import unittest

import harness
import logtool_v2

CLI = os.environ.get("RAMPART_CLI", "rampart")


def run(*args, stdin=None):
    p = subprocess.run([CLI, "log", *args], capture_output=True, timeout=60, input=stdin)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def json_lines(out):
    return [json.loads(line) for line in out.splitlines() if line.strip()]


@unittest.skipUnless(logtool_v2.available(), "mod_security2 is not installed (scripts/setup.sh)")
class V2Logs(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.logs = logtool_v2.write_v2_logs(cls.tmp.name)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def entries(self, *args):
        rc, out, err = run("--json", *args)
        self.assertEqual(rc, 0, err)
        return json_lines(out)

    def test_every_mode_reads_the_same_transactions(self):
        for name, path in self.logs.items():
            with self.subTest(name):
                rc, out, err = run("--json", path)
                self.assertEqual(rc, 0, err)
                self.assertEqual(err, "")
                got = json_lines(out)
                self.assertEqual(len(got), len(logtool_v2.REQUESTS))
                statuses = sorted(e["status"] for e in got)
                self.assertEqual(statuses, sorted(r[5] for r in logtool_v2.REQUESTS))
                blocked = [e for e in got if e["blocked"]]
                self.assertEqual(sorted(e["status"] for e in blocked), [403, 403, 406])
                for e in blocked:
                    self.assertEqual(e["client_ip"], "127.0.0.2")
                    self.assertEqual(len(e["unique_id"]), 27)
                rules = sorted(r["id"] for e in got for r in e["rules"])
                self.assertEqual(rules, ["1000", "1000", "1001", "1002"])
                sqli = [r for e in got for r in e["rules"] if r["id"] == "1000"][0]
                self.assertEqual(sqli["severity"], "CRITICAL")
                self.assertEqual(sqli["tags"], ["app/whitelist", "attack-sqli"])
                self.assertEqual(sqli["msg"], "Unexpected characters in surname")

    def test_table_lists_one_row_per_transaction(self):
        rc, out, err = run(self.logs["serial-native"])
        self.assertEqual(rc, 0, err)
        lines = out.splitlines()
        self.assertTrue(lines[0].startswith("TIME"))
        self.assertEqual(len(lines), 1 + len(logtool_v2.REQUESTS))
        self.assertIn("blocked POST /index.html", lines[3])
        self.assertTrue(lines[3].rstrip().endswith("1000"))

    def test_filters(self):
        log = self.logs["serial-json"]
        self.assertEqual(len(self.entries("--rule", "1000", log)), 2)
        self.assertEqual(len(self.entries("--rule", "1000-1001", log)), 3)
        self.assertEqual(len(self.entries("--tag", "attack-*", log)), 3)
        self.assertEqual(len(self.entries("--severity", "CRITICAL", log)), 2)
        self.assertEqual(len(self.entries("--severity", "NOTICE", log)), 4)
        self.assertEqual(len(self.entries("--ip", "127.0.0.2", log)), 3)
        self.assertEqual(len(self.entries("--ip", "127.0.0.0/31", log)), 3)  # .0 and .1 only
        self.assertEqual(len(self.entries("--ip", "127.0.0.0/30", log)), 6)
        self.assertEqual(len(self.entries("--uri", r"^/index\.html", log)), 2)
        self.assertEqual(len(self.entries("--status", "4xx", log)), 4)
        self.assertEqual(len(self.entries("--status", "406", "--status", "404", log)), 2)
        self.assertEqual(len(self.entries("--blocked", log)), 3)
        self.assertEqual(len(self.entries("--passed", log)), 3)
        self.assertEqual(len(self.entries("--blocked", "--uri", "admin", log)), 1)
        self.assertEqual(len(self.entries("--limit", "2", log)), 2)

    def test_time_range(self):
        log = self.logs["serial-native"]
        every = self.entries(log)
        third = every[2]["time"]  # ISO with offset, as --json prints it
        self.assertEqual(len(self.entries("--since", third, log)), 4)
        self.assertEqual(len(self.entries("--until", "2000-01-01T00:00Z", log)), 0)
        self.assertEqual(len(self.entries("--since", "01/Jan/2000:00:00:00 +0000", log)), 6)
        rc, _, err = run("--since", "tomorrow", log)
        self.assertEqual(rc, 2)
        self.assertIn("--since: 'tomorrow' is not a time", err)

    def test_show_one_transaction_in_full(self):
        for name in ("serial-native", "concurrent-json"):
            with self.subTest(name):
                path = self.logs[name]
                target = [e for e in self.entries(path) if e["status"] == 406][0]
                rc, out, err = run("--show", target["unique_id"], path)
                self.assertEqual(rc, 0, err)
                self.assertIn("Rule 1002 [WARNING] Scanner header", out)
                self.assertIn("Access denied with code 406 (phase 1).", out)
                # The entry as written (JSON entries pretty-printed).
                self.assertIn('X-Scanner: nikto' if "native" in name else '"X-Scanner": "nikto"', out)
                rc, out, _ = run("--show", target["unique_id"], "--json", path)
                self.assertEqual(json.loads(out)["status"], 406)
        rc, _, err = run("--show", "NoSuchId", self.logs["serial-json"])
        self.assertEqual(rc, 1)
        self.assertIn("no transaction with unique id NoSuchId", err)

    def test_summary(self):
        rc, out, err = run("--summary", self.logs["serial-native"], self.logs["concurrent-json"])
        self.assertEqual(rc, 0, err)
        self.assertIn("transactions: 12  blocked: 6  passed: 6", out)
        self.assertIn("Top rules", out)
        rc, out, err = run("--summary", "--json", self.logs["serial-native"])
        s = json.loads(out)
        self.assertEqual(s["blocked"], 3)
        self.assertEqual(s["top_rules"][0]["key"], "1000")
        self.assertEqual(s["top_rules"][0]["count"], 2)
        ips = {i["key"]: i for i in s["top_ips"]}
        self.assertEqual((ips["127.0.0.2"]["count"], ips["127.0.0.2"]["blocked"]), (3, 3))
        self.assertEqual((ips["127.0.0.1"]["count"], ips["127.0.0.1"]["blocked"]), (3, 0))
        self.assertTrue(s["exact"])
        self.assertEqual(sum(b["blocked"] for b in s["timeline"]), 3)
        rc, out, _ = run("--summary", "--json", "--bucket", "hour", self.logs["serial-native"])
        self.assertEqual(json.loads(out)["bucket_seconds"], 3600)

    def test_gzip_and_stdin(self):
        with open(self.logs["serial-native"], "rb") as f:
            data = f.read()
        gz = os.path.join(self.tmp.name, "rotated.log.gz")
        with gzip.open(gz, "wb") as f:
            f.write(data)
        self.assertEqual(len(self.entries(gz)), 6)
        rc, out, err = run("--json", "-", stdin=data)
        self.assertEqual((rc, len(json_lines(out))), (0, 6), err)
        rc, out, err = run("--json", stdin=gzip.compress(data))
        self.assertEqual((rc, len(json_lines(out))), (0, 6), err)

    def test_damaged_entries_are_reported_and_skipped(self):
        with open(self.logs["serial-native"], "rb") as f:
            data = f.read()
        # Cut the second entry in the middle of part B, then glue the rest back on.
        second = data.index(b"-A--", data.index(b"-Z--")) - 10  # "--xxxxxxxx-A--"
        cut_at = data.index(b"-B--", second) + 20
        third = data.index(b"-A--", cut_at) - 10
        damaged = data[:cut_at] + b"\n" + data[third:] + b"garbage line\n" + data[:200]
        path = os.path.join(self.tmp.name, "damaged.log")
        with open(path, "wb") as f:
            f.write(damaged)
        rc, out, err = run("--json", path)
        self.assertEqual(rc, 0, err)
        self.assertEqual(len(json_lines(out)), 5)
        self.assertIn(f"damaged.log:", err)
        self.assertIn(f"(byte {second}): truncated native entry skipped", err)
        self.assertIn("not an audit-log entry", err)
        self.assertIn("ends before its part Z", err)
        self.assertIn("2 damaged or truncated entries skipped", err)

    def test_concurrent_index_is_pointed_out(self):
        rc, out, err = run(self.logs["concurrent-native"] + "-index.log")
        self.assertIn("Concurrent-mode index", err)
        self.assertIn("SecAuditLogStorageDir", err)

    def test_usage_errors(self):
        for args, words in ((["--bogus"], "unknown option --bogus"),
                            (["--ip", "300.1.1.1"], "not an address"),
                            (["--uri", "(x"], "missing closing parenthesis"),
                            (["--rule"], "--rule needs a value")):
            with self.subTest(args):
                rc, _, err = run(self.logs["serial-json"], *args)
                self.assertEqual(rc, 2)
                self.assertIn(words, err)
        rc, out, _ = run("--help")
        self.assertEqual(rc, 0)
        self.assertIn("--summary", out)


if __name__ == "__main__":
    harness.main()
