"""Foundation "must show" 5: Debian's fail2ban apache-modsecurity filter matches every
"Access denied" line Rampart writes."""

import re
import shutil
import subprocess
import unittest

from harness import BAD_SURNAME, FORM, WHITELIST_RULES, Httpd, main

FILTER = "/etc/fail2ban/filter.d/apache-modsecurity.conf"
LINES_RE = re.compile(r"Lines: (\d+) lines, (\d+) ignored, (\d+) matched")


class Fail2banMatches(unittest.TestCase):
    def test_every_denied_line_matches(self):
        if shutil.which("fail2ban-regex") is None:
            self.fail("fail2ban-regex is missing: run scripts/setup.sh")
        with Httpd(config=WHITELIST_RULES) as h:
            for i in range(3):
                self.assertEqual(h.request("GET", f"/?surname={BAD_SURNAME}{i}")[0], 403)
            self.assertEqual(
                h.request("POST", "/", body="surname=" + BAD_SURNAME, headers=FORM)[0], 403)
            self.assertEqual(h.request("GET", "/?surname=fine")[0], 200)
            denied = h.wait_for_log("Access denied", count=4)
            self.assertEqual(len(denied), 4, h.error_log())
            p = subprocess.run(["fail2ban-regex", h.error_log_path, FILTER],
                               capture_output=True, text=True, timeout=120)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            m = LINES_RE.search(p.stdout)
            self.assertIsNotNone(m, p.stdout)
            self.assertGreater(int(m.group(3)), 0)
            self.assertEqual(int(m.group(3)), len(denied), p.stdout)


if __name__ == "__main__":
    main()
