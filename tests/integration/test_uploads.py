"""Issue 5, uploads through a real httpd: SecUploadKeepFiles On moves each uploaded file into
SecUploadDir with SecUploadFileMode once the request is done, SecTmpSaveUploadedFiles lets a
rule read the file's content through FILES_TMP_CONTENT, and without either nothing stays on
disk."""

import os
import time
import unittest

from harness import Httpd, main

UPLOAD_CT = "multipart/form-data; boundary=XyZ"


def upload(content, path="/upload"):
    return path, (f'--XyZ\r\nContent-Disposition: form-data; name="doc"; filename="doc.txt"\r\n'
                  f"Content-Type: text/plain\r\n\r\n{content}\r\n--XyZ--\r\n").encode()


def files_in(directory, timeout=5.0):
    """The files in `directory` once something is there (bounded wait), else []."""
    deadline = time.monotonic() + timeout
    while True:
        names = sorted(os.listdir(directory))
        if names or time.monotonic() >= deadline:
            return names
        time.sleep(0.05)


class Uploads(unittest.TestCase):
    def start(self, directives):
        h = Httpd(config="SecRuleEngine On\nSecRequestBodyAccess On\n"
                         'SecTmpDir "@ROOT@/tmp"\nSecUploadDir "@ROOT@/up"\n' + directives,
                  files={"htdocs/upload": "ok\n", "tmp/.keep": "", "up/.keep": ""})
        for d in ("tmp", "up"):
            os.unlink(os.path.join(h.root, d, ".keep"))
        h.start()
        for d in ("tmp", "up"):
            os.chmod(os.path.join(h.root, d), 0o777)  # written by the www-data children
        self.addCleanup(h.cleanup)
        return h

    def post(self, h, content):
        path, body = upload(content)
        return h.request("POST", path, headers={"Content-Type": UPLOAD_CT}, body=body)[0]

    def test_keep_files_moves_them_to_upload_dir_with_mode(self):
        h = self.start("SecUploadKeepFiles On\nSecUploadFileMode 0640\n")
        self.assertEqual(self.post(h, "keep me"), 200)
        up = os.path.join(h.root, "up")
        names = files_in(up)
        self.assertEqual(len(names), 1, names)
        kept = os.path.join(up, names[0])
        with open(kept) as f:
            self.assertEqual(f.read(), "keep me")
        self.assertEqual(os.stat(kept).st_mode & 0o777, 0o640)
        self.assertEqual(os.listdir(os.path.join(h.root, "tmp")), [])

    def test_tmp_content_is_inspected_and_removed(self):
        h = self.start("SecTmpSaveUploadedFiles On\n"
                       'SecRule FILES_TMP_CONTENT "@contains MALWARE" '
                       '"id:7301,phase:2,deny,status:403,log"\n')
        self.assertEqual(self.post(h, "harmless text"), 200)
        self.assertEqual(self.post(h, "some MALWARE inside"), 403)
        self.assertTrue(h.wait_for_log('[id "7301"]'))
        self.assertIn("FILES_TMP_CONTENT:doc", h.log_lines('[id "7301"]')[0])
        time.sleep(0.2)
        self.assertEqual(os.listdir(os.path.join(h.root, "tmp")), [])
        self.assertEqual(os.listdir(os.path.join(h.root, "up")), [])

    def test_default_keeps_nothing_and_hides_content(self):
        h = self.start('SecRule FILES_TMP_CONTENT "@contains MALWARE" '
                       '"id:7302,phase:2,deny,status:403,log"\n')
        self.assertEqual(self.post(h, "some MALWARE inside"), 200)
        time.sleep(0.2)
        self.assertEqual(os.listdir(os.path.join(h.root, "tmp")), [])
        self.assertEqual(os.listdir(os.path.join(h.root, "up")), [])


if __name__ == "__main__":
    main()
