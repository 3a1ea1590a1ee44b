"""SecHashMethodRx HashLocation through a real httpd: a redirect's Location header comes back
signed, following it is served, the unsigned or tampered URL is denied by @validateHash."""

import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Httpd  # noqa: E402

CONFIG = """
SecRuleEngine On
SecHashEngine On
SecHashKey rand KeyOnly
SecHashParam hmac
SecHashMethodRx HashLocation "product"
SecRule REQUEST_URI "@validateHash ^/shop/product" "id:1000,phase:2,t:none,deny,status:403"
Redirect 302 /go /shop/product.html?id=3
Redirect 302 /away /about.html
"""


class HashLocation(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.h = Httpd(config=CONFIG, files={"htdocs/shop/product.html": "product\n",
                                            "htdocs/about.html": "about\n"})
        cls.h.start()

    @classmethod
    def tearDownClass(cls):
        cls.h.cleanup()

    def location(self, path):
        status, headers, _ = self.h.request("GET", path)
        self.assertEqual(status, 302)
        return headers["location"]

    def test_redirect_location_is_signed_and_served(self):
        location = self.location("/go")
        m = re.search(r"(/shop/product\.html\?id=3&hmac=[0-9a-f]{40})$", location)
        self.assertIsNotNone(m, location)
        self.assertEqual(self.h.request("GET", m.group(1))[0], 200)

    def test_tampered_or_unsigned_target_is_denied(self):
        signed = self.location("/go")
        path = signed[signed.index("/shop/"):]
        self.assertEqual(self.h.request("GET", path.replace("id=3", "id=4"))[0], 403)
        self.assertEqual(self.h.request("GET", "/shop/product.html?id=3")[0], 403)

    def test_unselected_location_is_unchanged(self):
        self.assertNotIn("hmac=", self.location("/away"))


if __name__ == "__main__":
    unittest.main()
