"""Issue 5, MULTIPART through a real httpd: an attack in a field or a file name is blocked, a clean
upload reaches the backend byte for byte, and v2's strict-validation rule (200003 of the
recommended config) refuses a body with LF-only lines."""

import os
import time
import unittest

from harness import Httpd, main

CT = "multipart/form-data; boundary=XyZ"
RULES = """SecRuleEngine On
SecRequestBodyAccess On
SecTmpDir "@ROOT@/tmp"
SecRule ARGS "@rx (?i)union\\s+select" "id:5001,phase:2,deny,status:403,msg:'SQLi in a field'"
SecRule FILES "@rx (?i)union\\s+select" "id:5002,phase:2,deny,status:403,msg:'SQLi in a file name'"
SecRule MULTIPART_STRICT_ERROR "!@eq 0" "id:5003,phase:2,deny,status:400,msg:'strict'"
SecRule FILES_SIZES:upload "!@eq 11" "id:5004,phase:2,deny,status:409,msg:'size'"
"""


def body(field="hello", filename="notes.txt", eol="\r\n"):
    return (f"--XyZ{eol}Content-Disposition: form-data; name=\"comment\"{eol}{eol}{field}{eol}"
            f"--XyZ{eol}Content-Disposition: form-data; name=\"upload\"; filename=\"{filename}\"{eol}"
            f"Content-Type: text/plain{eol}{eol}hello world{eol}--XyZ--{eol}").encode()


class Multipart(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config=RULES, cgi=True)
        os.makedirs(os.path.join(cls.httpd.root, "tmp"), exist_ok=True)
        cls.httpd.start()
        # After start(), which makes the tree read-only for the children: they write the file
        # parts there as www-data (a file part that cannot be stored is a body error).
        os.chmod(os.path.join(cls.httpd.root, "tmp"), 0o777)

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def post(self, data):
        return self.httpd.request("POST", "/cgi-bin/echo.cgi", headers={"Content-Type": CT},
                                  body=data)

    def test_clean_upload_is_echoed_byte_for_byte(self):
        data = body()
        status, _, echoed = self.post(data)
        self.assertEqual(status, 200, self.httpd.error_log())
        self.assertEqual(echoed, data)
        # The file part went to SecTmpDir and is gone once the request is over, which is after
        # the answer went out (the transaction ends at phase 5): a bounded wait.
        tmp = os.path.join(self.httpd.root, "tmp")
        deadline = time.monotonic() + 10.0
        while os.listdir(tmp) and time.monotonic() < deadline:
            time.sleep(0.02)
        self.assertEqual(os.listdir(tmp), [])

    def test_attack_in_a_field(self):
        self.assertEqual(self.post(body(field="1 UNION SELECT pass FROM users"))[0], 403)
        self.assertTrue(self.httpd.wait_for_log('[id "5001"]'))

    def test_attack_in_a_file_name(self):
        self.assertEqual(self.post(body(filename="x' union select 1.txt"))[0], 403)
        self.assertTrue(self.httpd.wait_for_log('[id "5002"]'))

    def test_lf_only_lines_fail_strict_validation(self):
        self.assertEqual(self.post(body(eol="\n"))[0], 400)
        self.assertTrue(self.httpd.wait_for_log('[id "5003"]'))


if __name__ == "__main__":
    main()
