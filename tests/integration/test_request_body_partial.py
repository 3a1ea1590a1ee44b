"""SecRequestBodyLimitAction ProcessPartial inspects only the part of the body within
SecRequestBodyLimit (a rule matching text before the limit fires, one matching text after it does
not) while the backend still gets every byte; SecRequestBodyNoFilesLimit answers 413 with v2's
line under Reject and sets REQBODY_ERROR under ProcessPartial; DetectionOnly never blocks on a
limit. Content-Length and chunked bodies behave alike."""

import os
import unittest

from harness import FORM, Httpd, main

LIMIT = 1000
NO_FILES = 500
OCTETS = {"Content-Type": "application/octet-stream"}
BASE = f"""SecRequestBodyAccess On
SecRequestBodyLimit {LIMIT}
SecRequestBodyNoFilesLimit {NO_FILES}
SecAction "id:4100,phase:1,pass,nolog,ctl:forceRequestBodyVariable=On"
SecRule REQUEST_BODY "@contains BEFORE_LIMIT" "id:4101,phase:2,deny,status:403"
SecRule REQUEST_BODY "@contains AFTER_LIMIT" "id:4102,phase:2,deny,status:406"
SecRule REQBODY_ERROR "!@eq 0" "id:4103,phase:2,deny,status:400,msg:'%{{REQBODY_ERROR_MSG}}'"
SecRule INBOUND_DATA_ERROR "@eq 1" "id:4104,phase:2,pass,log,msg:'Partial body inspected'"
"""
NO_FILES_LINE = ("ModSecurity: Request body no files data length is larger than the configured "
                 f"limit ({NO_FILES}).")
CL_LINE = f"ModSecurity: Request body (Content-Length) is larger than the configured limit ({LIMIT})."
CHUNKED_LINE = f"ModSecurity: Request body is larger than the configured limit ({LIMIT})."


def send(h, body, headers, chunked):
    c = h.connection()
    try:
        if chunked:
            pieces = (body[i:i + 300] for i in range(0, len(body), 300))
            c.request("POST", "/cgi-bin/echo.cgi", body=pieces, headers=headers,
                      encode_chunked=True)
        else:
            c.request("POST", "/cgi-bin/echo.cgi", body=body, headers=headers)
        r = c.getresponse()
        return r.status, r.read()
    finally:
        c.close()


class ProcessPartial(unittest.TestCase):
    """SecRequestBodyNoFilesLimit is raised here so that only SecRequestBodyLimit applies."""

    @classmethod
    def setUpClass(cls):
        conf = ("SecRuleEngine On\n" + BASE + "SecRequestBodyLimitAction ProcessPartial\n"
                + f"SecRequestBodyNoFilesLimit {LIMIT * 10}\n")
        cls.httpd = Httpd(config=conf, cgi=True).start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def test_text_after_the_limit_is_not_inspected_but_forwarded(self):
        for chunked in (False, True):
            with self.subTest(chunked=chunked):
                body = os.urandom(LIMIT - 100).replace(b"_", b"-") + b"x" * 200 + b"AFTER_LIMIT"
                status, echoed = send(self.httpd, body, OCTETS, chunked)
                self.assertEqual(status, 200)
                self.assertEqual(echoed, body, "the backend must get the whole body")
        self.assertTrue(self.httpd.wait_for_log("Partial body inspected", count=2))
        self.assertIn(CL_LINE, self.httpd.error_log())
        self.assertIn(CHUNKED_LINE, self.httpd.error_log())

    def test_text_before_the_limit_is_inspected(self):
        for chunked in (False, True):
            with self.subTest(chunked=chunked):
                body = b"a" * 100 + b"BEFORE_LIMIT" + b"z" * (3 * LIMIT)
                self.assertEqual(send(self.httpd, body, OCTETS, chunked)[0], 403)

    def test_large_body_passes_whole(self):
        body = os.urandom(1024 * 1024)
        for chunked in (False, True):
            with self.subTest(chunked=chunked):
                self.assertEqual(send(self.httpd, body, OCTETS, chunked), (200, body))


class NoFilesLimit(unittest.TestCase):
    def test_reject_answers_413_with_v2_line(self):
        with Httpd(config="SecRuleEngine On\n" + BASE, cgi=True) as h:
            for chunked in (False, True):
                with self.subTest(chunked=chunked):
                    body = b"a=" + b"x" * NO_FILES
                    self.assertEqual(send(h, body, FORM, chunked)[0], 413)
            self.assertEqual(len(h.wait_for_log(NO_FILES_LINE, count=2)), 2, h.error_log())
            # Within the limit the same body is inspected and passed.
            self.assertEqual(send(h, b"a=ok", FORM, False), (200, b"a=ok"))

    def test_process_partial_sets_reqbody_error(self):
        conf = "SecRuleEngine On\n" + BASE + "SecRequestBodyLimitAction ProcessPartial\n"
        with Httpd(config=conf, cgi=True) as h:
            self.assertEqual(send(h, b"a=" + b"x" * NO_FILES, FORM, True)[0], 400)
            lines = h.wait_for_log('[id "4103"]')
            self.assertEqual(len(lines), 1, h.error_log())
            self.assertIn(f'[msg "Request body no files data length is larger than the configured '
                          f'limit ({NO_FILES})."]', lines[0])

    def test_detection_only_never_blocks(self):
        with Httpd(config="SecRuleEngine DetectionOnly\n" + BASE, cgi=True) as h:
            for body, headers in ((b"a=" + b"x" * NO_FILES, FORM),
                                  (os.urandom(3 * LIMIT), OCTETS)):
                for chunked in (False, True):
                    with self.subTest(size=len(body), chunked=chunked):
                        self.assertEqual(send(h, body, headers, chunked), (200, body))
            log = h.error_log()
            self.assertIn(NO_FILES_LINE, log)
            self.assertIn(CL_LINE, log)
            self.assertNotIn("Access denied", log)


if __name__ == "__main__":
    main()
