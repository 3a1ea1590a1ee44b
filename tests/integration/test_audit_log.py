"""The audit log writer through a real httpd: a blocked request in Serial native, Serial JSON and
Concurrent logs with the parts SecAuditLogParts asks for; SecAuditEngine RelevantOnly; sanitise*
actions; a full disk or an unwritable storage directory."""

import hashlib
import os
import re
import tempfile
import unittest

import audit_util
import harness
from harness import BAD_SURNAME, FORM

RULES = """SecRuleEngine On
SecRequestBodyAccess On
SecResponseBodyAccess On
SecAuditEngine %(engine)s
SecAuditLogParts %(parts)s
SecAuditLogType %(type)s
SecAuditLogFormat %(format)s
SecAuditLog "%(log)s"
SecAuditLogStorageDir "@ROOT@/audit"
%(extra)s
SecRule ARGS:surname "!@rx ^[a-z0-9._-]*$" "id:1000,phase:2,deny,msg:'Unexpected characters in surname',tag:'app/whitelist',severity:CRITICAL"
SecRule ARGS:q "@contains evil" "id:1001,phase:2,pass,log,msg:'evil word',severity:NOTICE"
SecRule ARGS:q "@contains quiet" "id:1002,phase:2,pass,log,noauditlog,msg:'quiet word'"
SecRule ARGS:q "@contains silent" "id:1003,phase:2,pass,nolog,auditlog"
SecRule ARGS:n "@streq refused" "id:1004,phase:1,deny,status:401,nolog,noauditlog"
SecRule ARGS:n "@streq private" "id:1005,phase:1,pass,nolog,ctl:auditEngine=Off"
"""

BLOCKED = ("POST", "/index.html", FORM, "surname=" + BAD_SURNAME)


def server(engine="On", parts="ABCFHZ", log_type="Serial", log_format="Native",
           log="@ROOT@/logs/audit.log", extra="", **kw):
    h = harness.Httpd(config=RULES % {"engine": engine, "parts": parts, "type": log_type,
                                      "format": log_format, "log": log, "extra": extra},
                      unique_id=True, **kw)
    os.makedirs(os.path.join(h.root, "audit"), exist_ok=True)
    return h


def open_storage(h):
    # Concurrent files are written by the children, which run as www-data under root.
    os.chmod(os.path.join(h.root, "audit"), 0o777)


def audit_log(h):
    h.stop()  # every child has finished its entries
    return audit_util.read(os.path.join(h.logs, "audit.log"))


def unique_id_of_alert(h):
    m = re.search(r'\[unique_id "([^"]+)"\]', h.error_log())
    return m.group(1) if m else None


class BlockedRequest(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.tmp = self._tmp.name

    def tearDown(self):
        self._tmp.cleanup()

    def check_message(self, message):
        self.assertIn("Access denied with code 403 (phase 2).", message)
        self.assertIn('[id "1000"]', message)
        self.assertIn('[msg "Unexpected characters in surname"]', message)
        # v2 leaves these to the error log.
        for field in ("[hostname ", "[uri ", "[unique_id "):
            self.assertNotIn(field, message)

    def test_serial_native(self):
        with server(parts="ABCFHKZ") as h:
            self.assertEqual(h.request(*BLOCKED)[0], 403)
            alert_id = unique_id_of_alert(h)
            text = audit_log(h)
        entries = audit_util.parse_native(text)
        self.assertEqual(len(entries), 1, text)
        e = entries[0]
        self.assertEqual(e["order"], "ABCFHKZ")
        self.assertEqual(audit_util.header_fields(e)[1], alert_id)
        self.assertTrue(e["parts"]["B"].startswith("POST /index.html HTTP/1.1\n"))
        self.assertEqual(e["parts"]["C"], "surname=" + BAD_SURNAME)
        self.assertTrue(e["parts"]["F"].startswith("HTTP/1.1 403 Forbidden\n"))
        messages = audit_util.trailer_lines(e, "Message")
        self.assertEqual(len(messages), 1, e["parts"]["H"])
        self.check_message(messages[0])
        errors = audit_util.trailer_lines(e, "Apache-Error")
        self.assertTrue(any("ModSecurity: Access denied" in x and f'[unique_id "{alert_id}"]' in x
                            for x in errors), e["parts"]["H"])
        self.assertTrue(all(re.match(r'\[file "[^"]+"\] \[line \d+\] \[level \d\] ', x)
                            for x in errors), errors)
        self.assertEqual(audit_util.trailer_lines(e, "Action"), ["Intercepted (phase 2)"])
        self.assertRegex(e["parts"]["H"], r"\nStopwatch: \d{16} \d+ \(- - -\)\n")
        self.assertTrue(audit_util.trailer_lines(e, "Producer")[0].startswith("Rampart/"))
        self.assertEqual(audit_util.trailer_lines(e, "Engine-Mode"), ['"ENABLED"'])
        self.assertIn('SecRule "ARGS:surname" "!@rx ^[a-z0-9._-]*$" "phase:2,log,auditlog,'
                      "id:1000,deny,msg:'Unexpected characters in surname',tag:app/whitelist,"
                      'severity:CRITICAL"', e["parts"]["K"])

        # `rampart log` reads what we wrote.
        path = os.path.join(self.tmp, "audit.log")
        with open(path, "w") as f:
            f.write(text)
        rc, out, err = audit_util.rampart_log("--json", path)
        self.assertEqual((rc, err), (0, ""))
        [got] = audit_util.parse_json_lines(out)
        self.assertTrue(got["blocked"])
        self.assertEqual(got["unique_id"], alert_id)
        self.assertEqual([r["id"] for r in got["rules"]], ["1000"])

    def test_only_the_configured_parts(self):
        with server(parts="AHZ") as h:
            self.assertEqual(h.request(*BLOCKED)[0], 403)
            self.assertEqual(h.request("GET", "/?q=evil")[0], 200)
            text = audit_log(h)
        entries = audit_util.parse_native(text)
        self.assertEqual([e["order"] for e in entries], ["AHZ", "AHZ"])

    def test_error_page_of_a_deny_is_part_e(self):
        with server(parts="ABEFHZ") as h:
            status, _, body = h.request(*BLOCKED)
            self.assertEqual(status, 403)
            text = audit_log(h)
        [e] = audit_util.parse_native(text)
        self.assertEqual(e["order"], "ABFEHZ")  # v2's order: F before E
        self.assertEqual(e["parts"]["E"], body.decode())
        self.assertIn("<title>403 Forbidden</title>", e["parts"]["E"])
        self.assertEqual(audit_util.trailer_lines(e, "Response-Body-Transformed"), ["Dechunked"])

    def test_serial_json(self):
        with server(parts="ABCFHKZ", log_format="JSON") as h:
            self.assertEqual(h.request(*BLOCKED)[0], 403)
            alert_id = unique_id_of_alert(h)
            text = audit_log(h)
        [e] = audit_util.parse_json_lines(text)
        self.assertEqual(text.count("\n"), 1)  # one line per entry
        self.assertEqual(list(e), ["transaction", "request", "response", "audit_data",
                                   "matched_rules"])
        self.assertEqual(e["transaction"]["transaction_id"], alert_id)
        self.assertEqual(e["request"]["request_line"], "POST /index.html HTTP/1.1")
        self.assertEqual(e["request"]["body"], ["surname=" + BAD_SURNAME])
        self.assertEqual(e["response"]["status"], 403)
        [message] = e["audit_data"]["messages"]
        self.check_message(message)
        self.assertEqual(e["audit_data"]["action"]["phase"], 2)
        self.assertTrue(e["audit_data"]["action"]["intercepted"])
        rule = e["matched_rules"][0]["rules"][0]
        self.assertEqual(rule["actionset"]["id"], "1000")

        path = os.path.join(self.tmp, "audit.json")
        with open(path, "w") as f:
            f.write(text)
        rc, out, err = audit_util.rampart_log("--json", "--rule", "1000", path)
        self.assertEqual((rc, err), (0, ""))
        self.assertEqual(len(audit_util.parse_json_lines(out)), 1)

    def test_concurrent(self):
        for log_format in ("Native", "JSON"):
            with self.subTest(log_format), server(parts="ABCFHKZ", log_type="Concurrent",
                                                  log_format=log_format) as h:
                open_storage(h)
                self.assertEqual(h.request(*BLOCKED)[0], 403)
                alert_id = unique_id_of_alert(h)
                index = audit_log(h)
                lines = index.splitlines()
                self.assertEqual(len(lines), 1, index)
                m = audit_util.INDEX_LINE.match(lines[0])
                self.assertIsNotNone(m, lines[0])
                self.assertEqual(m.group(2), "127.0.0.1")
                self.assertEqual(m.group(6), "POST /index.html HTTP/1.1")
                self.assertEqual(m.group(7), "403")
                self.assertEqual(m.group(9), alert_id)
                self.assertRegex(m.group(10), r"^/\d{8}/\d{8}-\d{4}/\d{8}-\d{6}-" + re.escape(alert_id) + "$")
                with open(os.path.join(h.root, "audit") + m.group(10), "rb") as f:
                    data = f.read()
                self.assertEqual(len(data), int(m.group(11)))
                self.assertEqual(hashlib.md5(data).hexdigest(), m.group(12))
                text = data.decode()
                if log_format == "Native":
                    [e] = audit_util.parse_native(text)
                    self.assertEqual(e["order"], "ABCFHKZ")
                else:
                    [e] = audit_util.parse_json_lines(text)
                    self.assertEqual(e["response"]["status"], 403)
                rc, out, err = audit_util.rampart_log("--json", os.path.join(h.root, "audit"))
                self.assertEqual((rc, err), (0, ""))
                [got] = audit_util.parse_json_lines(out)
                self.assertEqual((got["unique_id"], got["blocked"]), (alert_id, True))


class Relevance(unittest.TestCase):
    def logged_names(self, text):
        names = []
        for e in audit_util.parse_native(text):
            m = re.search(r"[?&]n=([a-z-]+)", e["parts"]["B"].split("\n")[0])
            names.append(m.group(1) if m else e["parts"]["B"].split("\n")[0])
        return sorted(names)

    def test_relevant_only(self):
        with server(engine="RelevantOnly",
                    extra='SecAuditLogRelevantStatus "^(?:5|4(?!04))"') as h:
            for path, want in (("/?n=plain", 200),
                               ("/nothere?n=missing", 404),        # status not relevant
                               ("/?n=evil&q=evil", 200),           # log + (default) auditlog
                               ("/?n=quiet&q=quiet", 200),         # noauditlog: not relevant
                               ("/?n=silent&q=silent", 200),       # nolog,auditlog: relevant
                               ("/?n=refused", 401)):              # relevant by its status
                self.assertEqual(h.request("GET", path)[0], want, path)
            self.assertEqual(h.request("POST", "/index.html?n=blocked", FORM,
                                       "surname=" + BAD_SURNAME)[0], 403)
            text = audit_log(h)
        self.assertEqual(self.logged_names(text), ["blocked", "evil", "refused", "silent"])

    def test_engine_on_logs_everything_but_ctl_off(self):
        with server(engine="On") as h:
            for path in ("/?n=plain", "/?n=quiet&q=quiet", "/?n=private"):
                self.assertEqual(h.request("GET", path)[0], 200)
            text = audit_log(h)
        self.assertEqual(self.logged_names(text), ["plain", "quiet"])


SANITISE = """LoadModule headers_module /usr/lib/apache2/modules/mod_headers.so
Header always set X-Secret "topsecret"
SecAction "id:2001,phase:1,pass,nolog,sanitiseArg:password,sanitiseRequestHeader:Authorization,sanitiseResponseHeader:X-Secret"
SecRule ARGS:card "@rx ^[0-9]{16}$" "id:2002,phase:2,pass,log,sanitiseMatched,msg:'card number'"
"""
SECRETS = ("hunter2", "qs-secret", "4111111111111111", "dXNlcjpwYXNz", "topsecret")


class Sanitise(unittest.TestCase):
    def send(self, h):
        status, headers, _ = h.request(
            "POST", "/cgi-bin/echo.cgi?password=qs-secret&x=1",
            {**FORM, "Authorization": "Basic dXNlcjpwYXNz"},
            "user=bob&password=hunter2&card=4111111111111111")
        self.assertEqual(status, 200)
        self.assertEqual(headers["x-secret"], "topsecret")  # only the log is masked

    def test_native(self):
        with server(parts="ABCFHZ", extra=SANITISE, cgi=True) as h:
            self.send(h)
            text = audit_log(h)
        [e] = audit_util.parse_native(text)
        for secret in SECRETS:
            self.assertNotIn(secret, text)
        self.assertIn("POST /cgi-bin/echo.cgi?password=*********&x=1 HTTP/1.1", e["parts"]["B"])
        self.assertIn("\nAuthorization: " + "*" * len("Basic dXNlcjpwYXNz"), e["parts"]["B"])
        self.assertEqual(e["parts"]["C"], "user=bob&password=*******&card=" + "*" * 16)
        self.assertIn("\nX-Secret: *********", e["parts"]["F"])
        self.assertEqual(audit_util.trailer_lines(e, "Sanitised-Args"), ['"password", "card".'])
        self.assertEqual(audit_util.trailer_lines(e, "Sanitised-Request-Headers"),
                         ['"Authorization".'])
        self.assertEqual(audit_util.trailer_lines(e, "Sanitised-Response-Headers"),
                         ['"X-Secret".'])

    def test_json(self):
        with server(parts="ABCFHZ", log_format="JSON", extra=SANITISE, cgi=True) as h:
            self.send(h)
            text = audit_log(h)
        [e] = audit_util.parse_json_lines(text)
        for secret in SECRETS:
            self.assertNotIn(secret, text)
        self.assertEqual(e["request"]["headers"]["Authorization"], "*" * 18)
        self.assertEqual(e["response"]["headers"]["X-Secret"], "*" * 9)
        self.assertEqual(e["audit_data"]["sanitized"]["args"], ["password", "card"])


class Failures(unittest.TestCase):
    REQUESTS = 20

    def test_full_disk_is_reported_once_and_requests_go_on(self):
        with server(log="/dev/full") as h:
            for i in range(self.REQUESTS):
                self.assertEqual(h.request("GET", f"/?i={i}")[0], 200)
            reports = h.wait_for_log("Audit log: cannot write to '/dev/full'")
        self.assertGreaterEqual(len(reports), 1)
        self.assertLessEqual(len(reports), 2)  # at most once a minute per child (ServerLimit 2)
        self.assertIn("No space left on device", reports[0])

    def test_unwritable_storage_directory_is_reported_once(self):
        with server(log_type="Concurrent") as h:
            os.chmod(os.path.join(h.root, "audit"), 0o555)
            for i in range(self.REQUESTS):
                self.assertEqual(h.request("GET", f"/?i={i}")[0], 200)
            reports = h.wait_for_log("Audit log: cannot create")
        self.assertGreaterEqual(len(reports), 1)
        self.assertLessEqual(len(reports), 2)
        self.assertIn("Permission denied", reports[0])

    def test_unopenable_log_is_a_configuration_error(self):
        h = server(log="/nonexistent-dir/audit.log")
        try:
            rc, out = h.configtest()
        finally:
            h.cleanup()
        self.assertNotEqual(rc, 0)
        self.assertIn("/nonexistent-dir/audit.log", out)
        self.assertRegex(out, r"line \d+")


if __name__ == "__main__":
    harness.main()
