"""Foundation "must show" 2: HTTP parameter pollution, with the rules exactly as in the issue."""

import unittest

from harness import Httpd, main

RULES = """SecRuleEngine On
SecRule ARGS_NAMES "@unconditionalMatch" "id:1001,pass,setvar:'TX.paramcounter_%{MATCHED_VAR_NAME}=+1'"
SecRule TX:/paramcounter_.*/ "@gt 1" "id:1002,deny,msg:'HTTP Parameter Pollution (%{TX.1})',chain"
    SecRule MATCHED_VARS_NAMES "TX:paramcounter_(.*)" "capture"
"""

MSG = '[msg "HTTP Parameter Pollution (ARGS_NAMES:a)"]'


class ParameterPollution(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config=RULES).start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def test_distinct_names_pass(self):
        status, _, _ = self.httpd.request("GET", "/?a=1&b=2")
        self.assertEqual(status, 200)

    def test_repeated_name_is_denied(self):
        status, _, _ = self.httpd.request("GET", "/?a=1&a=2")
        self.assertEqual(status, 403)
        lines = self.httpd.wait_for_log(MSG)
        self.assertEqual(len(lines), 1, self.httpd.error_log())
        self.assertIn('[id "1002"]', lines[0])
        self.assertIn("ModSecurity: Access denied with code 403", lines[0])


if __name__ == "__main__":
    main()
