"""Foundation "must show" 4: DetectionOnly logs a warning and lets the request through;
SecRuleEngine Off in a <Location> disables the rules there and nowhere else."""

import unittest

from harness import BAD_SURNAME, ID_1000, WHITELIST_RULES, Httpd, main

FILES = {"htdocs/on/index.html": "on\n", "htdocs/off/index.html": "off\n"}


class DetectionOnly(unittest.TestCase):
    def test_logs_warning_and_passes(self):
        rules = WHITELIST_RULES.replace("SecRuleEngine On", "SecRuleEngine DetectionOnly")
        with Httpd(config=rules) as h:
            status, _, _ = h.request("GET", "/?surname=" + BAD_SURNAME)
            self.assertEqual(status, 200)
            lines = h.wait_for_log(ID_1000)
            self.assertEqual(len(lines), 1, h.error_log())
            self.assertIn("ModSecurity: Warning.", lines[0])
            self.assertNotIn("Access denied", h.error_log())


class EngineOffInLocation(unittest.TestCase):
    def test_off_only_inside_the_location(self):
        conf = WHITELIST_RULES + "<Location /off>\n    SecRuleEngine Off\n</Location>\n"
        with Httpd(config=conf, files=FILES) as h:
            status, _, _ = h.request("GET", "/on/?surname=" + BAD_SURNAME)
            self.assertEqual(status, 403)
            status, _, body = h.request("GET", "/off/?surname=" + BAD_SURNAME)
            self.assertEqual(status, 200)
            self.assertEqual(body, b"off\n")
            self.assertEqual(len(h.log_lines(ID_1000)), 1, h.error_log())


if __name__ == "__main__":
    main()
