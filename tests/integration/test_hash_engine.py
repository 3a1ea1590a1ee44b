"""SecHashEngine through a real httpd: the page's links come back signed, a signed link is
served, a tampered or unsigned one is denied by @validateHash."""

import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Httpd  # noqa: E402

CONFIG = """
SecRuleEngine On
SecResponseBodyAccess On
SecHashEngine On
SecHashKey rand KeyOnly
SecHashParam hmac
SecHashMethodRx HashHref "product"
SecRule REQUEST_URI "@validateHash ^/shop/product" "id:1000,phase:2,t:none,deny,status:403,msg:'HashEngine: Invalid request'"
"""

PAGE = ('<html><body><a href="/shop/product.html?id=3">item</a> '
        '<a href="/about.html">about</a></body></html>\n')


class HashEngine(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.h = Httpd(config=CONFIG, files={"htdocs/links.html": PAGE,
                                            "htdocs/shop/product.html": "product\n",
                                            "htdocs/about.html": "about\n"})
        cls.h.start()

    @classmethod
    def tearDownClass(cls):
        cls.h.cleanup()

    def signed_link(self):
        status, _, body = self.h.request("GET", "/links.html")
        self.assertEqual(status, 200)
        m = re.search(r'href="(/shop/product\.html\?id=3&hmac=[0-9a-f]{40})"', body.decode())
        self.assertIsNotNone(m, body)
        self.assertIn('href="/about.html"', body.decode())  # not selected: unchanged
        return m.group(1)

    def test_signed_link_is_served(self):
        self.assertEqual(self.h.request("GET", self.signed_link())[0], 200)

    def test_tampered_link_is_denied(self):
        link = self.signed_link().replace("id=3", "id=4")
        self.assertEqual(self.h.request("GET", link)[0], 403)
        self.assertTrue(self.h.wait_for_log("Hash parameter hash value"), self.h.error_log())

    def test_unsigned_link_is_denied(self):
        self.assertEqual(self.h.request("GET", "/shop/product.html?id=3")[0], 403)
        self.assertTrue(self.h.wait_for_log("No Hash parameter"))


if __name__ == "__main__":
    unittest.main()
