"""SecRulePerfTime through a real httpd: the Native audit entry's part H ends with v2's
`Rules-Performance-Info: "id=µs", ….` line naming the rules that took at least that long."""

import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import audit_util  # noqa: E402
import harness  # noqa: E402

CONFIG = """SecRuleEngine On
SecRulePerfTime 1
SecAuditEngine On
SecAuditLogParts ABHZ
SecAuditLogType Serial
SecAuditLog "@ROOT@/logs/audit.log"
SecRule ARGS "@rx (?:a|b|c)*d" "id:11,phase:2,pass,nolog,auditlog,t:lowercase,t:urlDecodeUni"
SecRule ARGS "@pm xyz abc" "id:13,phase:2,pass,log,auditlog,msg:'m'"
"""

# A value of 6000 bytes (under httpd's 8190-byte request line): scanning it takes far longer than a microsecond.
QUERY = "/?q=" + "a" * 6000 + "&r=xyz"


class PerfInfo(unittest.TestCase):
    def test_part_h_lists_slow_rules_last(self):
        h = harness.Httpd(config=CONFIG, unique_id=True)
        with h:
            self.assertEqual(h.request("GET", QUERY)[0], 200)
            h.stop()
            text = audit_util.read(os.path.join(h.logs, "audit.log"))
        part_h = text.split("-H--\n", 1)[1].split("\n--", 1)[0]
        last = [line for line in part_h.split("\n") if line][-1]
        self.assertRegex(last, r'^Rules-Performance-Info: "\d+=\d+"(, "\d+=\d+")*\.$')
        self.assertIn('"11=', last)
        self.assertTrue(re.search(r'Engine-Mode: "ENABLED"\nRules-Performance-Info: ', part_h))


if __name__ == "__main__":
    unittest.main()
