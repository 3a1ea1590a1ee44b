"""@inspectFile with a Lua approver through a real httpd: each uploaded file's temporary path
(FILES_TMPNAMES) goes to the script's main(filename); a returned string rejects the upload
with that message, nil lets it through; the script's m.setvar reaches the transaction."""

import os
import unittest

from harness import Httpd, main

CT = "multipart/form-data; boundary=XyZ"
SCAN = """
function main(filename)
  local f = io.open(filename, "r")
  if f == nil then return "cannot open " .. filename end
  local data = f:read("a") or ""
  f:close()
  m.setvar("tx.scanned", "+1")
  if string.find(data, "EICAR", 1, true) then return "virus found by scan.lua" end
  return nil
end
"""
RULES = """SecRuleEngine On
SecRequestBodyAccess On
SecTmpDir "@ROOT@/tmp"
SecRule FILES_TMPNAMES "@inspectFile scan.lua" "id:6001,phase:2,deny,status:403,log"
SecRule TX:scanned "@eq 1" "id:6002,phase:2,deny,status:409"
"""


def upload(content):
    return ("--XyZ\r\nContent-Disposition: form-data; name=\"upload\"; filename=\"f.txt\"\r\n"
            f"Content-Type: text/plain\r\n\r\n{content}\r\n--XyZ--\r\n").encode()


class InspectFileLua(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config=RULES, cgi=True, files={"conf/scan.lua": SCAN})
        tmp = os.path.join(cls.httpd.root, "tmp")
        os.makedirs(tmp, exist_ok=True)
        cls.httpd.start()
        os.chmod(tmp, 0o777)  # after start(), which makes the tree read-only for the children

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def post(self, content):
        return self.httpd.request("POST", "/cgi-bin/echo.cgi", headers={"Content-Type": CT},
                                  body=upload(content))[0]

    def test_infected_upload_is_rejected_with_the_scripts_message(self):
        self.assertEqual(self.post("X5O!P EICAR test file"), 403)
        self.assertTrue(self.httpd.wait_for_log("virus found by scan.lua"),
                        self.httpd.error_log())

    def test_clean_upload_passes_the_approver(self):
        # Rule 6002 sees the script's m.setvar: the file was read and accepted.
        self.assertEqual(self.post("hello world"), 409)


if __name__ == "__main__":
    main()
