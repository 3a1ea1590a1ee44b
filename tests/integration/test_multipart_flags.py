"""Issue 5, v2's multipart strictness flags through a real httpd: for each flag a crafted body
makes a rule on that flag deny (403, its id in the error log), and a clean body passes. The
bodies and the flags they raise were checked side by side against ModSecurity v2.9.7
(mod_security2) on the same requests; see docs/reference/variables.md for where Rampart differs
(MULTIPART_FILE_LIMIT_EXCEEDED is raised even when no file would be kept). When mod_security2 is
installed the same tests run against it too."""

import os
import unittest

from harness import Httpd, main

MODSEC = "/usr/lib/apache2/modules/mod_security2.so"

CT = "multipart/form-data; boundary=XyZ"
FIELD = 'Content-Disposition: form-data; name="a"\r\n\r\n1\r\n'
CLEAN = "--XyZ\r\n" + FIELD + "--XyZ--\r\n"


def file_part(n):
    return (f'--XyZ\r\nContent-Disposition: form-data; name="f{n}"; filename="f{n}.txt"\r\n'
            f"Content-Type: text/plain\r\n\r\nfile {n}\r\n")


# flag -> (Content-Type, body) that raises it
CASES = {
    "MULTIPART_BOUNDARY_QUOTED": ('multipart/form-data; boundary="XyZ"', CLEAN),
    "MULTIPART_BOUNDARY_WHITESPACE": ("multipart/form-data; boundary =XyZ", CLEAN),
    "MULTIPART_DATA_BEFORE": (CT, "preamble\r\n" + CLEAN),
    "MULTIPART_DATA_AFTER": (CT, CLEAN + "epilogue\r\n"),
    "MULTIPART_HEADER_FOLDING":
        (CT, '--XyZ\r\nContent-Disposition: form-data;\r\n name="a"\r\n\r\n1\r\n--XyZ--\r\n'),
    "MULTIPART_LF_LINE": (CT, '--XyZ\nContent-Disposition: form-data; name="a"\n\n1\n--XyZ--\n'),
    "MULTIPART_MISSING_SEMICOLON": ("multipart/form-data boundary=XyZ", CLEAN),
    "MULTIPART_INVALID_QUOTING":
        (CT, "--XyZ\r\nContent-Disposition: form-data; name='a'\r\n\r\n1\r\n--XyZ--\r\n"),
    # a part that ends before its headers do
    "MULTIPART_INVALID_PART": (CT, '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n--XyZ--\r\n'),
    # folding with a vertical tab: whitespace, but not SP or HTAB
    "MULTIPART_INVALID_HEADER_FOLDING":
        (CT, '--XyZ\r\nContent-Disposition: form-data;\r\n\x0bname="a"\r\n\r\n1\r\n--XyZ--\r\n'),
    "MULTIPART_FILE_LIMIT_EXCEEDED": (CT, file_part(1) + file_part(2) + file_part(3) + "--XyZ--\r\n"),
    # a line that starts like a boundary but is not ours
    "MULTIPART_UNMATCHED_BOUNDARY":
        (CT, '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n--Xy\r\n--XyZ--\r\n'),
    "MULTIPART_CRLF_LF_LINES":
        (CT, '--XyZ\r\nContent-Disposition: form-data; name="a"\n\r\n1\r\n--XyZ--\r\n'),
    "MULTIPART_STRICT_ERROR": (CT, CLEAN + "epilogue\r\n"),
}
FIRST_ID = 7100


def rules():
    # v2 counts files against the limit only when it writes them: SecTmpSaveUploadedFiles On.
    lines = ["SecRuleEngine On", "SecRequestBodyAccess On", 'SecTmpDir "@ROOT@/tmp"',
             "SecUploadFileLimit 2", "SecTmpSaveUploadedFiles On"]
    # Each rule looks at one flag, and only on the requests that name it: ?flag=NAME.
    for i, flag in enumerate(CASES):
        lines.append(f'SecRule ARGS_GET:flag "@streq {flag}" '
                     f'"id:{FIRST_ID + i},phase:2,deny,status:403,log,msg:\'{flag}\',chain"')
        lines.append(f'    SecRule {flag} "@eq 1" "t:none"')
    return "\n".join(lines) + "\n"


class MultipartFlags(unittest.TestCase):
    rampart = True

    @classmethod
    def setUpClass(cls):
        config = rules() if cls.rampart else f"LoadModule security2_module {MODSEC}\n" + rules()
        cls.httpd = Httpd(config=config, files={"htdocs/upload": "ok\n"}, rampart=cls.rampart,
                          unique_id=not cls.rampart)
        tmp = os.path.join(cls.httpd.root, "tmp")
        os.makedirs(tmp, exist_ok=True)
        cls.httpd.start()
        os.chmod(tmp, 0o777)  # the children write the file parts there as www-data

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def post(self, flag, content_type, body):
        status, _, _ = self.httpd.request("POST", f"/upload?flag={flag}",
                                          headers={"Content-Type": content_type},
                                          body=body.encode("latin-1"))
        return status

    def test_each_flag_fires_its_rule(self):
        for i, (flag, (content_type, body)) in enumerate(CASES.items()):
            with self.subTest(flag=flag):
                self.assertEqual(self.post(flag, content_type, body), 403)
                lines = self.httpd.wait_for_log(f'[id "{FIRST_ID + i}"]')
                self.assertTrue(lines, f"no error-log line for {flag}")
                self.assertIn(f'[msg "{flag}"]', lines[0])

    def test_clean_body_raises_no_flag(self):
        for flag in CASES:
            with self.subTest(flag=flag):
                self.assertEqual(self.post(flag, CT, CLEAN), 200)
        self.assertEqual(self.post("MULTIPART_FILE_LIMIT_EXCEEDED", CT,
                                   file_part(1) + file_part(2) + "--XyZ--\r\n"), 200)


@unittest.skipUnless(os.path.isfile(MODSEC), "mod_security2 is not installed (scripts/setup.sh)")
class MultipartFlagsInModSecurityV2(MultipartFlags):
    """The same bodies and rules through mod_security2: the same rule fires for each."""
    rampart = False


if __name__ == "__main__":
    main()
