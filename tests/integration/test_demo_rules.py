"""rules/demo.conf loads in httpd and each of its rules does what its comment says."""

import os
import unittest

from harness import FORM, Httpd, main

SOURCE = os.environ.get("RAMPART_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))
DEMO = os.path.abspath(os.path.join(SOURCE, "rules", "demo.conf"))


class DemoRules(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config=f'Include "{DEMO}"\n').start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def expect(self, path, status, rule_id=None, body=None):
        before = len(self.httpd.log_lines(f'[id "{rule_id}"]')) if rule_id else 0
        method = "POST" if body else "GET"
        got = self.httpd.request(method, path, FORM if body else None, body)[0]
        self.assertEqual(got, status, path)
        if rule_id:
            lines = self.httpd.wait_for_log(f'[id "{rule_id}"]', count=before + 1)
            self.assertEqual(len(lines), before + 1, self.httpd.error_log())
            self.assertIn("ModSecurity: Access denied with code 403", lines[-1])
            self.assertIn("[tag \"rampart-demo/", lines[-1])

    def test_allowed(self):
        for path in ("/", "/?surname=smith", "/?q=hello+world&page=2", "/?a=1&b=2"):
            self.expect(path, 200)

    def test_whitelist(self):
        self.expect("/?surname=Smith%27;--", 403, 1000)
        self.expect("/", 403, 1000, body="surname=O%27Brien")

    def test_sql_injection(self):
        self.expect("/?q=1%20UNION%20ALL%20SELECT%20password", 403, 1100)
        self.expect("/?q=x%27%20or%20%271%27=%271", 403, 1100)

    def test_xss(self):
        self.expect("/?q=%3CScRiPt%3Ealert(1)%3C/script%3E", 403, 1200)
        self.expect("/?q=%26lt;img%20src=x%20onerror=alert(1)%26gt;", 403, 1200)

    def test_parameter_pollution(self):
        self.expect("/?a=1&a=2", 403, 1002)
        self.assertTrue(self.httpd.log_lines("HTTP Parameter Pollution (ARGS_NAMES:a)"))


if __name__ == "__main__":
    main()
