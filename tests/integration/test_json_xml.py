"""JSON and XML request bodies through httpd: ctl:requestBodyProcessor=JSON|XML chosen in phase 1
by Content-Type, phase-2 rules on ARGS (nested JSON values) and XML:/* (element text) block; clean
bodies reach the CGI byte-identical; a JSON body nested 10,000 deep and a malformed XML body set
REQBODY_ERROR (caught by the recommended rule 200002) and the server stays up."""

import json
import unittest

from harness import Httpd, main

CONFIG = """SecRuleEngine On
SecRequestBodyAccess On
SecRequestBodyJsonDepthLimit 512
SecRule REQUEST_HEADERS:Content-Type "@rx ^application/json" \
    "id:200001,phase:1,t:none,t:lowercase,pass,nolog,ctl:requestBodyProcessor=JSON"
SecRule REQUEST_HEADERS:Content-Type "@rx ^(?:application(?:/soap\\+|/)|text/)xml" \
    "id:200000,phase:1,t:none,t:lowercase,pass,nolog,ctl:requestBodyProcessor=XML"
SecRule REQBODY_ERROR "!@eq 0" \
    "id:200002,phase:2,t:none,log,deny,status:400,msg:'Failed to parse request body.',logdata:'%{reqbody_error_msg}'"
SecRule ARGS "@rx (?i)union\\s+select" "id:4300,phase:2,t:none,log,deny,status:403"
SecRule XML:/* "@contains <script>" "id:4301,phase:2,t:none,log,deny,status:403"
SecRule XML:/* "@contains root:" "id:4302,phase:2,t:none,log,deny,status:403"
"""
JSON_TYPE = {"Content-Type": "application/json"}
XML_TYPE = {"Content-Type": "application/xml"}


class JsonXmlBodies(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config=CONFIG, cgi=True)
        cls.httpd.start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def post(self, body, headers):
        status, _, data = self.httpd.request("POST", "/cgi-bin/echo.cgi", headers=headers, body=body)
        return status, data

    def test_nested_json_sqli_blocked(self):
        body = json.dumps({"user": {"filter": {"q": "1 UNION SELECT password FROM users"}}})
        status, _ = self.post(body.encode(), JSON_TYPE)
        self.assertEqual(status, 403)
        self.assertTrue(self.httpd.wait_for_log("at ARGS:user.filter.q."))

    def test_json_array_item_blocked(self):
        body = b'{"ids":[1,2,"3 union select 1"]}'
        self.assertEqual(self.post(body, JSON_TYPE)[0], 403)

    def test_clean_json_passes_byte_identical(self):
        body = json.dumps({"a": {"b": [1, 2.50, True, None, "caf\u00e9"]}}, ensure_ascii=False)
        body = body.encode()
        status, data = self.post(body, JSON_TYPE)
        self.assertEqual(status, 200)
        self.assertEqual(data, body)

    def test_xml_element_value_blocked(self):
        body = b"<?xml version='1.0'?><order><note>&lt;script&gt;alert(1)</note></order>"
        self.assertEqual(self.post(body, XML_TYPE)[0], 403)
        self.assertTrue(self.httpd.wait_for_log('"<script>" at XML:/*.'))

    def test_clean_xml_passes_byte_identical(self):
        body = b"<?xml version='1.0'?><order><item qty='2'>book</item></order>"
        status, data = self.post(body, XML_TYPE)
        self.assertEqual(status, 200)
        self.assertEqual(data, body)

    def test_malformed_xml_is_reqbody_error(self):
        self.assertEqual(self.post(b"<order><item></order>", XML_TYPE)[0], 400)
        lines = self.httpd.wait_for_log("XML parser error: Opening and ending tag mismatch")
        self.assertTrue(lines)
        self.assertIn('[id "200002"]', lines[0])

    def test_json_10000_deep_is_reqbody_error_and_server_lives(self):
        body = b"[" * 10000 + b"1" + b"]" * 10000
        self.assertEqual(self.post(body, JSON_TYPE)[0], 400)
        self.assertTrue(self.httpd.wait_for_log("JSON parser error: JSON depth limit exceeded"))
        status, data = self.post(b'{"ok":1}', JSON_TYPE)
        self.assertEqual((status, data), (200, b'{"ok":1}'))
        self.assertEqual(self.httpd.crashes(), [])

    def test_xxe_not_expanded(self):
        body = (b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                b"<r>&x;</r>")
        status, data = self.post(body, XML_TYPE)
        self.assertEqual((status, data), (200, body))  # 4302 would see root: if expanded
        self.assertEqual(self.httpd.crashes(), [])


if __name__ == "__main__":
    main()
