"""The lookup operators and actions through a real httpd: @geoLookup with a .mmdb file the test
writes (mmdb_writer.py) and GEO:COUNTRY_CODE in a deny rule's msg; @rbl against a DNS responder
the test runs on 127.0.0.1 (listed, not listed, a timeout that must not hang the request);
setenv reaching a CGI's environment; proxy handing a request to mod_proxy."""

import os
import socket
import struct
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import EchoBackend, Httpd  # noqa: E402
from mmdb_writer import TEST_NETWORKS, write_mmdb  # noqa: E402


class DnsResponder:
    """Answers A queries on 127.0.0.1: `answers` names get their address, `silent` names get
    nothing (a timeout), every other name NXDOMAIN."""

    def __init__(self, answers, silent=()):
        self.answers, self.silent = dict(answers), set(silent)
        self.queries = []
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.settimeout(0.1)
        self.port = self.sock.getsockname()[1]
        self.stop = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while not self.stop:
            try:
                msg, peer = self.sock.recvfrom(512)
            except socket.timeout:
                continue
            labels, pos = [], 12
            while pos < len(msg) and msg[pos]:
                labels.append(msg[pos + 1:pos + 1 + msg[pos]].decode())
                pos += 1 + msg[pos]
            name = ".".join(labels)
            self.queries.append(name)
            if name in self.silent:
                continue
            question = msg[12:pos + 5]
            ip = self.answers.get(name)
            header = msg[:2] + (b"\x81\x80" if ip else b"\x81\x83") + b"\x00\x01" + \
                struct.pack(">H", 1 if ip else 0) + b"\x00\x00\x00\x00"
            answer = b""
            if ip:
                answer = b"\xc0\x0c\x00\x01\x00\x01" + struct.pack(">IH", 60, 4) + \
                    socket.inet_aton(ip)
            self.sock.sendto(header + question + answer, peer)

    def close(self):
        self.stop = True
        self.thread.join(timeout=2)
        self.sock.close()


ENV_CGI = """#!/usr/bin/python3
import os
print("Content-Type: text/plain\\n")
print("flag=" + os.environ.get("RAMPART_FLAG", "<unset>"))
"""

# Rejects a value containing "virus" (the value is the path of an uploaded file in real use).
APPROVER = """#!/bin/sh
case "$1" in *virus*) echo "0 virus found";; *) echo "1 clean";; esac
"""

NOTIFY = """#!/bin/sh
echo "$REMOTE_ADDR $UNIQUE_ID" > "$(dirname "$0")/out/notified"
echo ok
"""

CONFIG = """
SecRuleEngine On
SecGeoLookupDb @ROOT@/geo.mmdb
SecRblResolver 127.0.0.1:{dns_port} 500
SecRule REQUEST_HEADERS:X-Client-IP "@geoLookup" \
    "id:100,phase:1,deny,status:403,chain,msg:'Blocked country %{{GEO.COUNTRY_CODE}}'"
    SecRule GEO:COUNTRY_CODE "@streq DE" "t:none"
SecRule REQUEST_HEADERS:X-Rbl-IP "@rbl bl.test" "id:200,phase:1,deny,status:403"
SecRule ARGS:mark "@streq 1" "id:300,phase:1,pass,nolog,setenv:RAMPART_FLAG=%{{REMOTE_ADDR}}"
SecRule ARGS:trap "@streq 1" "id:400,phase:1,proxy:http://127.0.0.1:{backend_port}/trap"
SecRule ARGS:trap "@streq 2" "id:401,phase:2,proxy:http://127.0.0.1:{backend_port}/trap2"
SecRule ARGS:upload "@inspectFile @ROOT@/approver.sh" "id:500,phase:2,deny,status:403"
SecRule ARGS:notify "@streq 1" "id:600,phase:1,pass,nolog,exec:@ROOT@/notify.sh"
"""


class Lookups(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dns = DnsResponder({"4.3.2.1.bl.test": "127.0.0.2"}, silent={"9.9.9.9.bl.test"})
        cls.backend = EchoBackend().__enter__()
        config = CONFIG.format(dns_port=cls.dns.port, backend_port=cls.backend.port)
        cls.h = Httpd(config=config, cgi=True, proxy=True)
        write_mmdb(os.path.join(cls.h.root, "geo.mmdb"), TEST_NETWORKS)
        cls.h.write_file("cgi-bin/env.cgi", ENV_CGI, mode=0o755)
        cls.h.write_file("approver.sh", APPROVER, mode=0o755)
        cls.h.write_file("notify.sh", NOTIFY, mode=0o755)
        cls.h.start()
        os.makedirs(os.path.join(cls.h.root, "out"), exist_ok=True)
        os.chmod(os.path.join(cls.h.root, "out"), 0o777)  # the children run as www-data

    @classmethod
    def tearDownClass(cls):
        cls.h.cleanup()
        cls.backend.__exit__(None, None, None)
        cls.dns.close()

    def test_geo_country_block_names_the_country(self):
        status, _, _ = self.h.request("GET", "/", headers={"X-Client-IP": "198.51.100.7"})
        self.assertEqual(status, 403)
        self.assertTrue(self.h.wait_for_log('[msg "Blocked country DE"]'), self.h.error_log())

    def test_geo_other_country_passes(self):
        status, _, _ = self.h.request("GET", "/", headers={"X-Client-IP": "192.0.2.1"})
        self.assertEqual(status, 200)

    def test_rbl_listed_is_denied(self):
        status, _, _ = self.h.request("GET", "/", headers={"X-Rbl-IP": "1.2.3.4"})
        self.assertEqual(status, 403)
        self.assertTrue(self.h.wait_for_log("RBL lookup of"), self.h.error_log())
        self.assertIn("4.3.2.1.bl.test", self.dns.queries)

    def test_rbl_unlisted_passes(self):
        status, _, _ = self.h.request("GET", "/", headers={"X-Rbl-IP": "1.2.3.5"})
        self.assertEqual(status, 200)
        self.assertIn("5.3.2.1.bl.test", self.dns.queries)

    def test_rbl_timeout_passes_quickly_and_is_logged(self):
        start = time.monotonic()
        status, _, _ = self.h.request("GET", "/", headers={"X-Rbl-IP": "9.9.9.9"})
        self.assertEqual(status, 200)
        self.assertLess(time.monotonic() - start, 3.0)
        self.assertTrue(self.h.wait_for_log("timed out after 500 ms"), self.h.error_log())

    def test_setenv_reaches_the_cgi_environment(self):
        status, _, body = self.h.request("GET", "/cgi-bin/env.cgi?mark=1")
        self.assertEqual(status, 200, self.h.error_log())
        self.assertIn(b"flag=127.0.0.1", body)
        status, _, body = self.h.request("GET", "/cgi-bin/env.cgi")
        self.assertIn(b"flag=<unset>", body)

    def test_proxy_in_phase_1_serves_the_backend(self):
        status, _, body = self.h.request("GET", "/?trap=1")
        self.assertEqual(status, 200, self.h.error_log())
        self.assertEqual(body, b"backend /trap?trap=1")  # mod_proxy appends the query string
        self.assertTrue(self.h.wait_for_log("Access denied using proxy to (phase 1)"),
                        self.h.error_log())

    def test_proxy_in_phase_2_serves_the_backend(self):
        status, _, body = self.h.request("GET", "/?trap=2")
        self.assertEqual(status, 200, self.h.error_log())
        self.assertEqual(body, b"backend /trap2?trap=2")

    def test_inspect_file_approver_decides(self):
        self.assertEqual(self.h.request("GET", "/?upload=/tmp/clean.txt")[0], 200)
        self.assertEqual(self.h.request("GET", "/?upload=/tmp/virus.exe")[0], 403)
        self.assertTrue(self.h.wait_for_log("rejected by the approver script"), self.h.error_log())

    def test_exec_runs_the_program(self):
        out = os.path.join(self.h.root, "out", "notified")
        self.assertEqual(self.h.request("GET", "/?notify=1")[0], 200)
        deadline = time.monotonic() + 5
        while not os.path.exists(out) and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertTrue(os.path.exists(out), self.h.error_log())
        with open(out) as f:
            self.assertTrue(f.read().startswith("127.0.0.1 "), self.h.error_log())


if __name__ == "__main__":
    unittest.main()
