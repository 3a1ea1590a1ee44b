"""Variables only httpd knows, through a real httpd: REMOTE_USER and AUTH_TYPE (mod_auth_basic),
PATH_INFO and SCRIPT_* (a CGI), USERAGENT_IP, REMOTE_HOST, STATUS_LINE; and SecServerSignature
(the Server header) and a deprecated directive's startup warning."""

import base64
import hashlib
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import MODULES, Httpd  # noqa: E402

AUTH_MODULES = "\n".join(
    f"LoadModule {name}_module {MODULES}/mod_{name}.so"
    for name in ("auth_basic", "authn_core", "authn_file", "authz_user"))

# Every rule logs the variable it names, so one request shows them all in the error log.
RULES = """
SecRuleEngine On
SecAction "id:1,phase:2,pass,log,msg:'AT=%{AUTH_TYPE} RU=%{REMOTE_USER} PI=%{PATH_INFO}'"
SecAction "id:2,phase:2,pass,log,msg:'SB=%{SCRIPT_BASENAME} SF=%{SCRIPT_FILENAME} SM=%{SCRIPT_MODE}'"
SecAction "id:3,phase:2,pass,log,msg:'UA=%{USERAGENT_IP} RH=%{REMOTE_HOST} SU=%{SCRIPT_USERNAME}'"
SecAction "id:4,phase:3,pass,log,msg:'SL=%{STATUS_LINE}'"
SecRule REMOTE_USER "@streq mallory" "id:5,phase:2,deny,status:403"
"""


def htpasswd_line(user, password):
    digest = base64.b64encode(hashlib.sha1(password.encode()).digest()).decode()
    return f"{user}:{{SHA}}{digest}\n"


def basic(user, password):
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


class ServerVariables(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.h = Httpd(cgi=True, config="")
        users = cls.h.write_file("conf/users", htpasswd_line("alice", "pw") +
                                 htpasswd_line("mallory", "pw"))
        cls.h.extra = AUTH_MODULES + f"""
{RULES}
<Location /cgi-bin/>
    AuthType Basic
    AuthName "test"
    AuthUserFile "{users}"
    Require valid-user
</Location>
"""
        cls.h.start()

    @classmethod
    def tearDownClass(cls):
        cls.h.cleanup()

    def msg(self, prefix):
        lines = self.h.wait_for_log(prefix)
        self.assertTrue(lines, f"no line with {prefix!r}:\n{self.h.error_log()}")
        line = lines[-1]
        return line[line.index(prefix):].split("\"]")[0].split("\"")[0]

    def test_auth_cgi_and_script_variables(self):
        status, _, _ = self.h.request("GET", "/cgi-bin/echo.cgi/extra/path", headers=basic("alice", "pw"))
        self.assertEqual(status, 200)
        self.assertEqual(self.msg("AT="), "AT=Basic RU=alice PI=/extra/path")
        cgi = os.path.join(self.h.cgi_bin, "echo.cgi")
        self.assertEqual(self.msg("SB="), f"SB=echo.cgi SF={cgi} SM=0755")
        ua = self.msg("UA=")
        self.assertTrue(ua.startswith("UA=127.0.0.1 RH=127.0.0.1 SU="), ua)
        self.assertEqual(self.msg("SL="), "SL=200 OK")

    def test_rule_on_remote_user_blocks(self):
        status, _, _ = self.h.request("GET", "/cgi-bin/echo.cgi", headers=basic("mallory", "pw"))
        self.assertEqual(status, 403)

    def test_unauthenticated_has_no_remote_user(self):
        self.h.request("GET", "/index.html")
        self.assertIn("AT= RU= PI=", self.h.wait_for_log("AT= RU= PI=")[-1])


class ServerSignature(unittest.TestCase):
    def test_server_header_replaced(self):
        with Httpd(config="ServerTokens Full\nSecServerSignature \"Microsoft-IIS/6.0\"\n"
                          "SecRuleEngine On\n") as h:
            _, headers, _ = h.request("GET", "/index.html")
            self.assertEqual(headers.get("server"), "Microsoft-IIS/6.0")

    def test_too_long_for_the_banner_warns(self):
        with Httpd(config="ServerTokens Prod\nSecServerSignature \"" + "X" * 40 + "\"\n"
                          "SecRuleEngine On\n") as h:
            _, headers, _ = h.request("GET", "/index.html")
            self.assertEqual(headers.get("server"), "Apache")
            self.assertTrue(h.wait_for_log("set 'ServerTokens Full'"), h.error_log())


class DeprecatedDirective(unittest.TestCase):
    def test_warning_at_startup_and_httpd_runs(self):
        h = Httpd(config="SecRuleEngine On\nSecCacheTransformations On\n")
        try:
            rc, out = h.configtest()
            self.assertEqual(rc, 0, out)
            line = h.line_of("SecCacheTransformations")
            self.assertIn(f"{h.conf_path}:{line}: warning: SecCacheTransformations is deprecated",
                          out)
        finally:
            h.cleanup()


if __name__ == "__main__":
    unittest.main()
