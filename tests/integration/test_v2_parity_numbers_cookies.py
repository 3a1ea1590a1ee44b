"""@verifyCPF, @verifySSN, SecCookieFormat 1 and SecCookieV0Separator next to the real
ModSecurity v2.9.7 (Debian's mod_security2 in its own private httpd): the same rules and
requests must give the same alert messages and logged data."""

import os
import re
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
import logtool_v2  # noqa: E402

NUMBERS = r"""SecRuleEngine On
SecRule ARGS "@verifyCPF \d{3}\.?\d{3}\.?\d{3}-?\d{2,3}" "id:1,phase:1,pass,log,capture,logdata:'%{TX.0}'"
SecRule ARGS "@verifySSN \d{3}-?\d{2}-?\d{4}" "id:2,phase:1,pass,log,capture,logdata:'%{TX.0}'"
"""

COOKIES = """SecRuleEngine On
%s
SecRule REQUEST_COOKIES "@unconditionalMatch" "id:3,phase:1,pass,log,logdata:'%%{MATCHED_VAR_NAME}=[%%{MATCHED_VAR}]'"
"""

NUMBER_QUERIES = [
    "/?c1=52998224725&c2=52998224726&c3=11111111111&c4=99999999999&c6=01234567890"
    "&c7=x529.982.247-25&c8=529982247250",
    "/?s1=078-05-1120&s2=666-12-3456&s3=740-12-3456&s4=739-12-3456&s5=000-12-3456"
    "&s6=123-00-4567&s7=123-45-0000&s8=111-11-1111&s9=123456789&s10=x078051120",
]

COOKIE_HEADERS = [
    '$Version="1"; Customer="WILE_E_COYOTE"; $Path="/acme"; Part = "Rocket" x ; $Path=/a, c=3',
    'a=1, b="x;y", =7, g=;h',
    "a = 1 ; b=2;c=3",
]

# "Warning. <message> [id "N"] ... [data "…"]" without the parts each server words its own way.
ALERT = re.compile(r'ModSecurity: Warning\. (.*?) \[(?:file "[^"]*"\] \[line "\d+"\] \[)?'
                   r'id "(\d+)"\](?: \[[a-z]+ "[^"]*"\])*? \[data "([^"]*)"\]')


def alerts(rampart, config, requests):
    if not rampart:
        config = f"LoadModule security2_module {logtool_v2.MODSEC}\n" + config
    h = harness.Httpd(config=config, rampart=rampart, unique_id=True)
    with h:
        for path, headers in requests:
            h.request("GET", path, headers=headers)
        deadline = time.monotonic() + 5
        found = []
        while time.monotonic() < deadline:
            found = [m.groups() for m in ALERT.finditer(h.error_log())]
            if found:
                break
            time.sleep(0.1)
        time.sleep(0.3)  # the last requests' lines
        return sorted(m.groups() for m in ALERT.finditer(h.error_log()))


class ParityWithV2(unittest.TestCase):
    def compare(self, config, requests):
        v2 = alerts(False, config, requests)
        ours = alerts(True, config, requests)
        self.assertTrue(v2, "mod_security2 logged no alert")
        self.assertEqual(ours, v2)

    def test_cpf_and_ssn(self):
        self.compare(NUMBERS, [(q, {}) for q in NUMBER_QUERIES])

    def test_version_1_cookies(self):
        self.compare(COOKIES % "SecCookieFormat 1", [("/", {"Cookie": c}) for c in COOKIE_HEADERS])

    def test_version_0_cookies_and_separator(self):
        requests = [("/", {"Cookie": c}) for c in COOKIE_HEADERS]
        self.compare(COOKIES % "SecCookieFormat 0", requests)
        self.compare(COOKIES % "SecCookieV0Separator ,", requests)


if __name__ == "__main__":
    unittest.main()
