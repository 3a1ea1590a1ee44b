""""Why blocked" (src/log/verdict.h) end to end with CRS v4: the JSON audit log's
audit_data.verdict and, with SecAlertLogFormat JSON, one error-log line per transaction holding
every match (rule, target, value excerpt, anomaly points) and the final scores."""

import json
import os
import time
import unittest

import harness

SOURCE = os.environ.get("RAMPART_SOURCE", ".")
CRS = os.environ.get("RAMPART_CRS_DIR") or os.path.join(SOURCE, "..", "shared", "crs")

CONFIG = f"""Include "{SOURCE}/rules/rampart-recommended.conf"
SecRuleEngine On
SecAlertLogFormat JSON
SecAuditEngine RelevantOnly
SecAuditLogType Serial
SecAuditLogFormat JSON
SecAuditLogParts ABHZ
SecAuditLog "@ROOT@/logs/audit.log"
SecRule ARGS:c "@beginsWith caf" "id:1001,phase:1,pass,log,msg:'cafe seen'"
Include "{CRS}/crs-setup.conf.example"
Include "{CRS}/rules/*.conf"
"""

HEADERS = {"Host": "shop.example", "User-Agent": "Mozilla/5.0", "Accept": "text/html"}


def records(text):
    """The JSON of each `Rampart: {...}` error-log line. httpd doubles every backslash it writes
    to the error log (the line is ASCII: nothing else is escaped), so that is undone first."""
    out = []
    for line in text.splitlines():
        at = line.find("Rampart: {")
        if at >= 0:
            out.append(json.loads(line[at + len("Rampart: "):].replace("\\\\", "\\")))
    return out


@unittest.skipUnless(os.path.isdir(os.path.join(CRS, "rules")), "no CRS tree at ../shared/crs")
class WhyBlocked(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.h = harness.Httpd(config=CONFIG, unique_id=True)
        cls.h.start()

    @classmethod
    def tearDownClass(cls):
        cls.h.cleanup()

    def test_one_record_per_blocked_transaction(self):
        status, _, _ = self.h.request("GET", "/index.html?q=blue+shoes", headers=HEADERS)
        self.assertEqual(status, 200)
        status, _, _ = self.h.request("GET", "/index.html?id=1%27%20or%201=1--%20&c=caf%C3%A9%22%5C",
                                      headers=HEADERS)
        self.assertEqual(status, 403)
        lines = self.h.wait_for_log('"blocked":true')
        self.assertEqual(len(lines), 1, self.h.error_log())
        self.assertEqual(self.h.log_lines("ModSecurity: Warning"), [])  # no per-rule lines
        self.assertEqual(self.h.log_lines("ModSecurity: Access denied"), [])
        [r] = [r for r in records(self.h.error_log()) if r["blocked"]]
        self.assertEqual(r["status"], 403)
        self.assertEqual(r["phase"], 2)
        self.assertEqual(r["inbound_score"], 5)
        self.assertEqual(r["method"], "GET")
        self.assertEqual(r["uri"], "/index.html?id=1%27%20or%201=1--%20&c=caf%C3%A9%22%5C")
        by_id = {m["id"]: m for m in r["matches"]}
        # A value outside ASCII, with a quote and a backslash, survives the error log.
        self.assertEqual(by_id["1001"]["value"], 'caf\u00e9"\\')
        self.assertEqual(by_id["942100"]["target"], "ARGS:id")
        self.assertEqual(by_id["942100"]["value"], "1' or 1=1-- ")
        self.assertEqual(by_id["942100"]["score"], 5)
        self.assertEqual(by_id["942100"]["severity"], "CRITICAL")
        self.assertEqual(by_id["949110"]["score"], 0)
        self.assertEqual(sum(m["score"] for m in r["matches"]), r["inbound_score"])

        # The same record in the JSON audit log, written after the error-log line (a loaded
        # machine may show the gap).
        deadline = time.monotonic() + 5
        while True:
            with open(os.path.join(self.h.logs, "audit.log")) as f:
                entries = [json.loads(line) for line in f if line.strip()]
            blocked = [e for e in entries if e["audit_data"]["verdict"]["blocked"]]
            if blocked or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        [entry] = blocked
        self.assertEqual(entry["audit_data"]["verdict"], r)
        self.assertEqual(len(entry["audit_data"]["messages"]), len(r["matches"]))


if __name__ == "__main__":
    harness.main()
