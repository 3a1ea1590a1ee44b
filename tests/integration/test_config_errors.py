"""Foundation "must show" 3: a bad rule stops httpd. Both `apache2 -t` and `-k start` fail, and
the output names the file and line of the rule and the reason."""

import os
import unittest

from harness import Httpd, HttpdError, main

SOURCE = os.environ.get("RAMPART_SOURCE", os.path.join(os.path.dirname(__file__), "..", ".."))

CASES = {
    # name: (configuration, the directive's text to find its line, words the reason must contain)
    "bad_regex": ('SecRule ARGS "@rx (abc" "id:1,deny"', "@rx (abc",
                  ["missing closing parenthesis", "offset 4"]),
    "unknown_operator": ('SecRule ARGS "@nosuchop x" "id:2,deny"', "@nosuchop",
                         ["@nosuchop"]),
    "missing_id": ('SecRule ARGS "@rx x" "deny"', '"deny"', ["id"]),
    "open_chain": ('SecRuleEngine On\nSecRule ARGS "@rx x" "id:3,deny,chain"\n',
                   "id:3,deny,chain", ["chain"]),
}


class ConfigErrors(unittest.TestCase):
    def check(self, name):
        conf, needle, reasons = CASES[name]
        h = Httpd(config=conf)
        try:
            rc, output = h.configtest()
            where = f"{h.conf_path}:{h.line_of(needle)}:"
            self.assertNotEqual(rc, 0, output)
            self.assertIn(where, output)
            for word in reasons:
                self.assertIn(word, output)
            with self.assertRaises(HttpdError) as started:
                h.start()
            self.assertIn(where, str(started.exception))
            self.assertIsNone(h.pid(), "no server may be left running")
        finally:
            h.cleanup()

    def test_bad_regex(self):
        self.check("bad_regex")

    def test_unknown_operator(self):
        self.check("unknown_operator")

    def test_missing_id(self):
        self.check("missing_id")

    def test_chain_left_open(self):
        self.check("open_chain")

    def test_good_rules_pass_the_syntax_check(self):
        h = Httpd(config='SecRuleEngine On\nSecRule ARGS "@rx x" "id:4,deny"\n')
        try:
            rc, output = h.configtest()
            self.assertEqual(rc, 0, output)
            self.assertIn("Syntax OK", output)
        finally:
            h.cleanup()

    def test_shipped_module_conf_loads(self):
        conf = os.path.abspath(os.path.join(SOURCE, "apache", "rampart.conf"))
        with Httpd(config=f'Include "{conf}"\n') as h:
            self.assertEqual(h.request("GET", "/?surname=%27;--")[0], 200)  # DetectionOnly


if __name__ == "__main__":
    main()
