"""SecRemoteRules: rules downloaded over HTTPS at startup, from a loopback TLS server with a
throwaway self-signed certificate made here with openssl (trusted through CURL_CA_BUNDLE, as
docs/reference/directives.md describes). Checked with `rampart lint` and a real httpd; the key
arrives in the ModSec-key header; a failed download stops startup unless
SecRemoteRulesFailAction Warn."""

import os
import shutil
import ssl
import subprocess
import sys
import tempfile
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Httpd  # noqa: E402

CLI = os.environ.get("RAMPART_CLI", "rampart")
REMOTE_RULES = ('SecRule ARGS:attack "@streq yes" "id:9001,phase:1,deny,status:403,'
                "msg:'remote rule'\"\n")


class TlsRulesServer:
    """Serves REMOTE_RULES at /rules.conf over HTTPS on 127.0.0.1; remembers the keys sent."""

    def __init__(self, directory):
        self.cert = os.path.join(directory, "cert.pem")
        key = os.path.join(directory, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                        "-keyout", key, "-out", self.cert],
                       check=True, capture_output=True, timeout=60)
        self.keys = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                server.keys.append(self.headers.get("ModSec-key"))
                if self.path != "/rules.conf":
                    self.send_error(404)
                    return
                body = REMOTE_RULES.encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(self.cert, key)
        self.httpd.socket = ctx.wrap_socket(self.httpd.socket, server_side=True)
        self.url = f"https://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@unittest.skipUnless(shutil.which("openssl"), "openssl is needed to make a test certificate")
class RemoteRules(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="rampart-remote-")
        cls.server = TlsRulesServer(cls.dir)
        os.environ["CURL_CA_BUNDLE"] = cls.server.cert  # inherited by lint and httpd

    @classmethod
    def tearDownClass(cls):
        cls.server.close()
        os.environ.pop("CURL_CA_BUNDLE", None)
        shutil.rmtree(cls.dir, ignore_errors=True)

    def lint(self, text):
        path = os.path.join(self.dir, "site.conf")
        with open(path, "w") as f:
            f.write(text)
        p = subprocess.run([CLI, "lint", path], capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout + p.stderr

    def test_lint_downloads_and_counts_the_rules(self):
        rc, out = self.lint(f"SecRemoteRules s3cret {self.server.url}/rules.conf\n")
        self.assertEqual(rc, 0, out)
        self.assertIn("OK, 1 rules", out)
        self.assertIn("s3cret", self.server.keys)

    def test_failed_download_aborts(self):
        rc, out = self.lint(f"SecRemoteRules k {self.server.url}/missing.conf\n")
        self.assertEqual(rc, 1, out)
        self.assertIn(f"site.conf:1: SecRemoteRules: cannot download {self.server.url}/missing.conf",
                      out)
        self.assertIn("404", out)

    def test_failed_download_warns_with_fail_action_warn(self):
        rc, out = self.lint("SecRemoteRulesFailAction Warn\n"
                            f"SecRemoteRules k {self.server.url}/missing.conf\n")
        self.assertEqual(rc, 0, out)
        self.assertIn("site.conf:2: warning: SecRemoteRules: cannot download", out)

    def test_untrusted_certificate_is_refused(self):
        saved = os.environ.pop("CURL_CA_BUNDLE")
        try:
            rc, out = self.lint(f"SecRemoteRules k {self.server.url}/rules.conf\n")
        finally:
            os.environ["CURL_CA_BUNDLE"] = saved
        self.assertEqual(rc, 1, out)
        self.assertIn("cannot download", out)

    def test_httpd_enforces_the_downloaded_rule(self):
        config = f"SecRuleEngine On\nSecRemoteRules k {self.server.url}/rules.conf\n"
        with Httpd(config=config) as h:
            self.assertEqual(h.request("GET", "/?attack=yes")[0], 403)
            self.assertEqual(h.request("GET", "/?attack=no")[0], 200)
            self.assertTrue(h.wait_for_log('[id "9001"]'))


if __name__ == "__main__":
    unittest.main()
