"""Issue 5, @validateSchema and @validateDTD through a real httpd: the schema and the DTD are
named relative to the rule file and loaded once at startup; a valid XML body passes (200), an
invalid one is denied (403) with v2's message, a body that is not XML is left alone, and a
missing schema stops httpd from starting with the file and line of the rule."""

import unittest

from harness import Httpd, main

XSD = """<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="order"><xs:complexType><xs:sequence>
    <xs:element name="qty" type="xs:integer"/>
  </xs:sequence></xs:complexType></xs:element>
</xs:schema>
"""
DTD = """<!ELEMENT order (qty)>
<!ELEMENT qty (#PCDATA)>
"""
RULES = """SecRuleEngine On
SecRequestBodyAccess On
SecRule REQUEST_HEADERS:Content-Type "@rx ^(?:application|text)/xml" \
    "id:200000,phase:1,t:none,t:lowercase,pass,nolog,ctl:requestBodyProcessor=XML"
SecRule REQUEST_FILENAME "@streq /schema" "id:7201,phase:2,deny,status:403,log,chain"
    SecRule XML "@validateSchema order.xsd" "t:none"
SecRule REQUEST_FILENAME "@streq /dtd" "id:7202,phase:2,deny,status:403,log,chain"
    SecRule XML "@validateDTD order.dtd" "t:none"
"""
XML = {"Content-Type": "application/xml"}


class XmlValidation(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # The rules live in conf/rules.conf next to the schema and the DTD.
        cls.httpd = Httpd(config='Include "@ROOT@/conf/rules.conf"\n',
                          files={"conf/rules.conf": RULES, "conf/order.xsd": XSD,
                                 "conf/order.dtd": DTD, "htdocs/schema": "ok\n",
                                 "htdocs/dtd": "ok\n"})
        cls.httpd.start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def post(self, path, body, headers=XML):
        return self.httpd.request("POST", path, headers=headers, body=body)[0]

    def test_schema_valid_passes_invalid_denied(self):
        self.assertEqual(self.post("/schema", b"<order><qty>3</qty></order>"), 200)
        self.assertEqual(self.post("/schema", b"<order><qty>three</qty></order>"), 403)
        line = self.httpd.wait_for_log('[id "7201"]')
        self.assertTrue(line)
        self.assertIn("XML: Schema validation failed.", line[0])

    def test_dtd_valid_passes_invalid_denied(self):
        self.assertEqual(self.post("/dtd", b"<order><qty>3</qty></order>"), 200)
        self.assertEqual(self.post("/dtd", b"<order><other/></order>"), 403)
        line = self.httpd.wait_for_log('[id "7202"]')
        self.assertTrue(line)
        self.assertIn("XML: DTD validation failed.", line[0])

    def test_no_xml_document_is_left_alone(self):
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        self.assertEqual(self.post("/schema", b"qty=three", form), 200)
        self.assertEqual(self.post("/dtd", b"qty=three", form), 200)


class MissingSchema(unittest.TestCase):
    def test_missing_schema_is_a_startup_error(self):
        h = Httpd(config='Include "@ROOT@/conf/rules.conf"\n',
                  files={"conf/rules.conf": RULES.replace("order.xsd", "missing.xsd"),
                         "conf/order.dtd": DTD})
        try:
            rc, output = h.configtest()
        finally:
            h.cleanup(check=False)
        self.assertNotEqual(rc, 0)
        self.assertRegex(output, r"rules\.conf:\d+: @validateSchema: Could not load XML Schema")
        self.assertIn("missing.xsd", output)


if __name__ == "__main__":
    main()
